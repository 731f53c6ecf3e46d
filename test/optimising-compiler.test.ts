// When the entries leave V8's TurboFan off: a short read, told by the sizes of the files the sources
// found. (test/e2e/optimising-compiler.test.ts watches the bundles' compiler at work.)
import { execFileSync } from "node:child_process";
import { statSync, writeFileSync } from "node:fs";
import { open } from "node:fs/promises";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import {
  isShortRead,
  JSONL_BYTES_PER_PARQUET_BYTE,
  maglevRuns,
  SAME_RUN_JSONL_DISCOUNT,
  SAME_RUN_JSONL_PER_PARQUET_BYTE,
  SHORT_READ_BYTES,
} from "../src/optimising-compiler.js";
import { openLocalTelemetry } from "../src/sources/local.js";
import { makeTempDir } from "./support/temp-dir.js";

const parquet = (bytes?: number) => ({ format: "parquet" as const, ...(bytes !== undefined && { bytes }) });
const jsonl = (bytes?: number) => ({ format: "jsonl" as const, ...(bytes !== undefined && { bytes }) });

describe("isShortRead", () => {
  it("is short up to SHORT_READ_BYTES of Parquet, and not a byte past it", () => {
    expect(isShortRead([parquet(18_000_000)])).toBe(true);
    expect(isShortRead([parquet(SHORT_READ_BYTES)])).toBe(true);
    expect(isShortRead([parquet(SHORT_READ_BYTES + 1)])).toBe(false);
    expect(isShortRead([parquet(SHORT_READ_BYTES / 2), parquet(SHORT_READ_BYTES / 2 + 1)])).toBe(false);
  });

  it("counts JSONL bytes JSONL_BYTES_PER_PARQUET_BYTE times less", () => {
    const limit = SHORT_READ_BYTES * JSONL_BYTES_PER_PARQUET_BYTE;
    expect(isShortRead([jsonl(limit)])).toBe(true);
    expect(isShortRead([jsonl(limit + JSONL_BYTES_PER_PARQUET_BYTE)])).toBe(false);
    expect(isShortRead([jsonl(limit / 2), jsonl(limit / 2 + JSONL_BYTES_PER_PARQUET_BYTE)])).toBe(false);
  });

  it("counts a JSONL file beside Parquet as the same run's, SAME_RUN_JSONL_DISCOUNT times less again", () => {
    const MiB = 1024 * 1024;
    // The 20,834-node build: its 11.8 MiB of Parquet and 207.6 MiB of JSONL are short, its JSONL alone not.
    expect(isShortRead([parquet(11.8 * MiB), jsonl(207.6 * MiB)])).toBe(true);
    expect(isShortRead([jsonl(207.6 * MiB)])).toBe(false);
    // As much JSONL as the Parquet can hold, all counted as the same run's: the line is where the two make
    // SHORT_READ_BYTES together.
    const jsonlShare =
      SAME_RUN_JSONL_PER_PARQUET_BYTE / (JSONL_BYTES_PER_PARQUET_BYTE * SAME_RUN_JSONL_DISCOUNT);
    const atLine = Math.floor(SHORT_READ_BYTES / (1 + jsonlShare));
    expect(isShortRead([parquet(atLine), jsonl(atLine * SAME_RUN_JSONL_PER_PARQUET_BYTE)])).toBe(true);
    const past = atLine + 1_000;
    expect(isShortRead([parquet(past), jsonl(past * SAME_RUN_JSONL_PER_PARQUET_BYTE)])).toBe(false);
    // More JSONL than that is another run's, read in full: a small Parquet file does not make it short.
    expect(isShortRead([parquet(2 * MiB), jsonl(480 * MiB)])).toBe(false);
    expect(isShortRead([parquet(2 * MiB), jsonl(48 * MiB), jsonl(150 * MiB)])).toBe(true);
    expect(isShortRead([parquet(2 * MiB), jsonl(48 * MiB), jsonl(200 * MiB)])).toBe(false);
  });

  it("is never short when a file's size is unknown (a pipe may hold any amount)", () => {
    expect(isShortRead([jsonl()])).toBe(false);
    expect(isShortRead([parquet(1_000), jsonl()])).toBe(false);
  });
});

describe("maglevRuns", () => {
  it("holds from V8 12 on x64 and arm64", () => {
    expect(maglevRuns("13.6.233.17-node.53", "x64", [])).toBe(true);
    expect(maglevRuns("12.4.254.21-node.33", "arm64", [])).toBe(true);
    // Node 20: Maglev is there, and off.
    expect(maglevRuns("11.3.244.8-node.30", "x64", [])).toBe(false);
    expect(maglevRuns("13.6.233.17-node.53", "s390x", [])).toBe(false);
  });

  it("leaves the compilers to whoever set one on node's command line", () => {
    for (const flag of ["--no-maglev", "--turbofan", "--no-opt", "--jitless", "--max-opt=2"]) {
      expect(maglevRuns("13.6.233.17-node.53", "x64", ["--enable-source-maps", flag])).toBe(false);
    }
    expect(maglevRuns("13.6.233.17-node.53", "x64", ["--enable-source-maps", "--optimize-for-size"])).toBe(
      true,
    );
  });
});

describe("the sizes the local source gives", () => {
  it("are a regular file's size, Parquet or JSONL", async () => {
    const dir = makeTempDir("fusion-sizes-");
    const lines = path.join(dir, "telemetry.jsonl");
    writeFileSync(lines, '{"record_type":"LogRecord"}\n'.repeat(100));
    const table = path.join(dir, "telemetry.parquet");
    writeFileSync(table, Buffer.concat([Buffer.from("PAR1"), Buffer.alloc(5_000), Buffer.from("PAR1")]));
    expect(await openLocalTelemetry(lines)).toMatchObject({ format: "jsonl", bytes: statSync(lines).size });
    expect(await openLocalTelemetry(table)).toMatchObject({ format: "parquet", bytes: 5_008 });
  });

  it("leave a compressed file's unknown: its size says little of what reading it takes", async () => {
    const file = path.join(makeTempDir("fusion-sizes-"), "telemetry.jsonl.gz");
    writeFileSync(file, gzipSync('{"record_type":"LogRecord"}\n'.repeat(100)));
    const opened = await openLocalTelemetry(file);
    expect(opened.format).toBe("jsonl");
    expect(opened.bytes).toBeUndefined();
  });

  it("leave a pipe's unknown, so its read is never taken for short", async () => {
    const fifo = path.join(makeTempDir("fusion-sizes-"), "telemetry.jsonl");
    execFileSync("mkfifo", [fifo]);
    // Opening either end of a pipe waits for the other.
    const writer = open(fifo, "w");
    const opening = openLocalTelemetry(fifo);
    // Nothing is written: the look at the pipe reads nothing from it and may close its end first,
    // and a write after that fails with EPIPE.
    await (await writer).close();
    const file = await opening;
    expect(file.format).toBe("jsonl");
    expect(file.bytes).toBeUndefined();
    expect(isShortRead([file])).toBe(false);
  });
});
