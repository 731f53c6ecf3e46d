// A local JSONL file is read into two reused buffers (src/sources/file-chunks.ts). What it yields
// must be the file's bytes, and every consumer must copy what it keeps: read with tiny chunks, each
// record of a real file crosses chunks, so a consumer that kept a view would see it overwritten.
import { execFileSync } from "node:child_process";
import { createReadStream, createWriteStream, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { fileChunks } from "../../src/sources/file-chunks.js";
import { decodeJsonl } from "../../src/telemetry/jsonl.js";
import type { TelemetryRecord } from "../../src/telemetry/record.js";
import { makeTempDir } from "../support/temp-dir.js";

const FIXTURE = join(import.meta.dirname, "../fixtures/real/preview120_failed.otel.jsonl");

function fileWith(name: string, content: Uint8Array | string): string {
  const file = join(makeTempDir("fusion-chunks-"), name);
  writeFileSync(file, content);
  return file;
}

async function records(chunks: AsyncIterable<Uint8Array | string>): Promise<TelemetryRecord[]> {
  const out: TelemetryRecord[] = [];
  await decodeJsonl(chunks, "t.jsonl", { add: (record) => out.push(record), warn: () => undefined });
  return out;
}

const openFds = (): number => readdirSync("/proc/self/fd").length;

describe("fileChunks", () => {
  it("yields the file's bytes, in order, in chunks of at most the size asked", async () => {
    for (const size of [0, 1, 7, 21, 22, 1000]) {
      const bytes = Buffer.from(Array.from({ length: size }, (_, i) => i % 251));
      const seen: Buffer[] = [];
      for await (const chunk of fileChunks(fileWith("b.bin", bytes), 7)) {
        expect(chunk.length).toBeGreaterThan(0);
        expect(chunk.length).toBeLessThanOrEqual(7);
        seen.push(Buffer.from(chunk));
      }
      expect(Buffer.concat(seen).equals(bytes), `${size} bytes`).toBe(true);
    }
  });

  it("reuses its buffers: a chunk is read into again once the one after it is asked for", async () => {
    const file = fileWith("b.txt", "aaaaabbbbbccccc");
    const chunks = fileChunks(file, 5);
    const first = (await chunks.next()).value as Buffer;
    expect(first.toString()).toBe("aaaaa");
    expect(((await chunks.next()).value as Buffer).toString()).toBe("bbbbb");
    await chunks.next();
    expect(first.toString()).toBe("ccccc");
    await chunks.return(undefined);
  });

  it("closes the file when the reader stops early", async () => {
    const before = openFds();
    const chunks = fileChunks(FIXTURE, 16);
    await chunks.next();
    expect(openFds()).toBe(before + 1);
    await chunks.return(undefined);
    expect(openFds()).toBe(before);
  });

  it("reads a pipe, which cannot seek, in order", async () => {
    const fifo = join(makeTempDir("fusion-fifo-"), "telemetry.jsonl");
    execFileSync("mkfifo", [fifo]);
    const bytes = readFileSync(FIXTURE);
    // Opening a FIFO waits for its other end: the writer opens it while the reader does.
    const writer = createWriteStream(fifo);
    writer.end(bytes);
    const seen: Buffer[] = [];
    for await (const chunk of fileChunks(fifo, 4096)) seen.push(Buffer.from(chunk));
    expect(Buffer.concat(seen).equals(bytes)).toBe(true);
  });

  it("gives the JSONL reader the same records as a stream, with every line split across chunks", async () => {
    const expected = await records(createReadStream(FIXTURE));
    expect(expected.length).toBeGreaterThan(20);
    for (const size of [13, 4096]) {
      expect(await records(fileChunks(FIXTURE, size)), `${size}-byte chunks`).toEqual(expected);
    }
  });

  it("and gzip-compressed JSONL too (the decompressor holds chunks while it asks for more)", async () => {
    const gz = fileWith("t.jsonl.gz", gzipSync(readFileSync(FIXTURE)));
    const expected = await records(createReadStream(FIXTURE));
    for (const size of [1, 13, 4096]) {
      expect(await records(fileChunks(gz, size)), `${size}-byte chunks`).toEqual(expected);
    }
  });
});
