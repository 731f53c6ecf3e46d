// A JSONL file's last line tells whether its run finished: a crashed run's file is then read once,
// every line parsed, instead of twice (docs/performance.md).
import { copyFileSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { ReportBuilder, type BuildOptions } from "../../src/model/build-report.js";
import { readTelemetryReport } from "../../src/pipeline/read-telemetry.js";
import { openLocalTelemetry } from "../../src/sources/local.js";
import type { TelemetryFile } from "../../src/sources/telemetry-file.js";
import { locatedEvents, recordsToEvents } from "../../src/telemetry/events.js";
import { decodeJsonl } from "../../src/telemetry/jsonl.js";
import { runEndedAt } from "../../src/telemetry/jsonl-run-end.js";
import { jsonlFixtures } from "../support/jsonl-layouts.js";
import { ROOT } from "../support/report.js";
import { makeTempDir } from "../support/temp-dir.js";

const OPTIONS: BuildOptions = { slowest: 5, failOn: "errors", generatorVersion: "test" };
const REAL = path.join(ROOT, "test/fixtures/real/preview120_failed.otel.jsonl");
const CRASHED = path.join(ROOT, "test/fixtures/generated/crashed-run/telemetry.jsonl");
const bytes = (text: string) => Buffer.from(text, "utf8");

describe("runEndedAt", () => {
  it("says every finished fixture ended and the crashed one did not, from the whole file or its tail", () => {
    for (const file of jsonlFixtures()) {
      const whole = readFileSync(file);
      const ended = !file.includes("crashed-run");
      expect({ file, ended: runEndedAt(whole, true) }).toEqual({ file, ended });
      const tail = whole.subarray(Math.max(0, whole.length - 4096));
      expect({ file, ended: runEndedAt(tail, tail.length === whole.length) }).toEqual({ file, ended });
    }
  });

  it("reads the last line, after blank lines and a CRLF, in any key order", () => {
    const root = '{"parent_span_id":null,"span_id":"4380e545e1a61475","record_type":"SpanEnd"}';
    expect(runEndedAt(bytes(`{"a":1}\n${root}\r\n\n  \n`), true)).toBe(true);
    expect(runEndedAt(bytes(root), true)).toBe(true);
    // A root span's start, a child's end, a log: the run went on after them.
    expect(runEndedAt(bytes(`${root}\n${root.replace("SpanEnd", "SpanStart")}\n`), true)).toBe(false);
    expect(runEndedAt(bytes(root.replace("null", '"860636562b43a1bc"')), true)).toBe(false);
    expect(runEndedAt(bytes(`${root}\n{"record_type":"LogRecord","parent_span_id":null}\n`), true)).toBe(
      false,
    );
    // A cut last line, a line that is not an object, an empty file.
    expect(runEndedAt(bytes(`${root}\n${root.slice(0, 40)}`), true)).toBe(false);
    expect(runEndedAt(bytes(`${root}\n[1]\n`), true)).toBe(false);
    expect(runEndedAt(bytes("\n"), true)).toBe(false);
  });

  it("cannot tell from a tail that holds no whole last line", () => {
    const root = '{"record_type":"SpanEnd","parent_span_id":null}';
    expect(runEndedAt(bytes(root), false)).toBeNull();
    expect(runEndedAt(bytes("  \n"), false)).toBeNull();
    expect(runEndedAt(bytes(`x"}\n${root}\n`), false)).toBe(true);
  });
});

describe("a local JSONL file whose run did not finish", () => {
  /** The file as the local source opens it, counting how often it is read. */
  async function opened(file: string) {
    const local = await openLocalTelemetry(file);
    const reads = { count: 0 };
    if (local.format !== "jsonl") throw new Error("expected JSONL");
    const counted: TelemetryFile = {
      ...local,
      openStream: () => {
        reads.count++;
        return local.openStream();
      },
    };
    return { local, counted, reads };
  }

  async function fullParse(file: string) {
    const builder = new ReportBuilder(OPTIONS);
    const sink = locatedEvents(builder.startFile({ files: [file], format: "jsonl" }), file, "line");
    const local = await openLocalTelemetry(file);
    if (local.format !== "jsonl") throw new Error("expected JSONL");
    await decodeJsonl(local.openStream(), file, recordsToEvents(sink));
    return builder.finish();
  }

  it("is read once with every line parsed, and gives the report a second read gave", async () => {
    const dir = makeTempDir("fusion-run-end-");
    const cut = path.join(dir, "cut.jsonl");
    const text = readFileSync(REAL);
    writeFileSync(cut, text.subarray(0, Math.floor(text.length * 0.6)));
    for (const file of [cut, CRASHED]) {
      const { local, counted, reads } = await opened(file);
      expect(local).toMatchObject({ rereadable: true, unfinished: true });
      const report = await readTelemetryReport([counted], OPTIONS);
      expect(reads.count).toBe(1);
      // What the reader gave before (starts dropped, then a second read) is a parse of every line.
      expect(report).toEqual(await fullParse(file));
      expect(report.invocations[0]!.nodes.some((node) => /never finished/.test(node.message ?? ""))).toBe(
        true,
      );
    }
  });

  it("leaves a finished file's starts unparsed, and a compressed one to the ledger", async () => {
    const dir = makeTempDir("fusion-run-end-");
    const copy = path.join(dir, "finished.jsonl");
    copyFileSync(REAL, copy);
    const finished = await opened(copy);
    expect(finished.local).toMatchObject({ rereadable: true, unfinished: false });
    await readTelemetryReport([finished.counted], OPTIONS);
    expect(finished.reads.count).toBe(1);

    const gzipped = path.join(dir, "crashed.jsonl.gz");
    writeFileSync(gzipped, gzipSync(readFileSync(CRASHED)));
    const compressed = await opened(gzipped);
    expect(compressed.local).not.toHaveProperty("unfinished");
    await readTelemetryReport([compressed.counted], OPTIONS);
    expect(compressed.reads.count).toBe(2);
  });
});
