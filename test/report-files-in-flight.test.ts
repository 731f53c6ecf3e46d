// A report file's bytes are written a MiB at a time while the next MiB is made (report-files.ts's
// writeNewFile): a write that fails while in flight is the file's problem even when every later
// write succeeds, and the file is closed only once no write is left in flight, also when making the
// text fails. The file system here answers slowly and fails where a test says (test/e2e drives the
// real one to its size limit).
import { readdirSync, readFileSync } from "node:fs";
import type { FileHandle } from "node:fs/promises";
import { afterEach, describe, expect, it, vi } from "vitest";
import { writeReportFiles } from "../src/report-files.js";
import { reportFor } from "./support/report.js";
import { makeTempDir } from "./support/temp-dir.js";

const handles = vi.hoisted(() => ({
  /** Which write (from 1) of a temp file of report.md fails; 0: none. */
  failWrite: 0,
  /** What happened to report.md's temp file, in order. */
  events: [] as string[],
}));

vi.mock("node:fs/promises", async (importOriginal) => {
  const real = await importOriginal<typeof import("node:fs/promises")>();
  const open: typeof real.open = async (file, ...rest) => {
    const handle = await real.open(file, ...rest);
    if (!/report\.md\.fusion-report-\d+\.tmp$/.test(String(file))) return handle;
    let writes = 0;
    const write = (async (buffer: Buffer, offset: number, length: number) => {
      const number = ++writes;
      handles.events.push(`write ${number}`);
      await new Promise((resolve) => setTimeout(resolve, 15));
      handles.events.push(`written ${number}`);
      if (number === handles.failWrite)
        throw Object.assign(new Error("EIO: i/o error, write"), { code: "EIO" });
      return handle.write(buffer, offset, length);
    }) as FileHandle["write"];
    const close = async () => {
      handles.events.push("close");
      return handle.close();
    };
    return new Proxy(handle, {
      get: (target, key) =>
        key === "write" ? write : key === "close" ? close : Reflect.get(target, key, target),
    });
  };
  return { ...real, open, default: { ...real, open } };
});

afterEach(() => {
  handles.failWrite = 0;
  handles.events.length = 0;
});

const MIB = 1 << 20;
const TARGETS = { markdown: "report.md", json: null, runResults: null, junit: null };

describe("writeReportFiles: a write in flight", () => {
  it("makes the next MiB while the last is written, and writes every byte in order", async () => {
    const report = await reportFor(["test/fixtures/real/preview120_failed.otel.jsonl"]);
    const folder = makeTempDir("fusion-report-files-");
    const letters = ["a", "b", "c", "d"];
    function* pieces(): Generator<string> {
      for (const letter of letters) {
        handles.events.push(`piece ${letter}`);
        yield letter.repeat(MIB / 4);
      }
    }
    const result = await writeReportFiles(report, TARGETS, pieces, { cwd: folder, telemetryFiles: [] });
    expect(result.problems).toEqual([]);
    expect(readFileSync(`${folder}/report.md`, "utf8")).toBe(letters.map((l) => l.repeat(MIB / 4)).join(""));
    // A piece of a quarter MiB needs three quarters of a buffer free (3 bytes a unit at most): a
    // and b fill the first buffer, and d is made while it is written.
    expect(handles.events).toEqual([
      ...["piece a", "piece b", "piece c", "write 1", "piece d", "written 1"],
      ...["write 2", "written 2", "close"],
    ]);
  });

  it("names the file when a write fails in flight, though the writes after it succeed", async () => {
    const report = await reportFor(["test/fixtures/real/preview120_failed.otel.jsonl"]);
    const folder = makeTempDir("fusion-report-files-");
    handles.failWrite = 2;
    const text = "x".repeat(5 * MIB);
    const result = await writeReportFiles(report, TARGETS, () => [text], { cwd: folder, telemetryFiles: [] });
    expect(result).toEqual({
      written: [],
      problems: ["cannot write the Markdown report to report.md: input/output error on the device"],
    });
    expect(readdirSync(folder)).toEqual([]);
    expect(handles.events.at(-1)).toBe("close");
  });

  it("closes the file only after the write in flight, when making the text fails", async () => {
    const report = await reportFor(["test/fixtures/real/preview120_failed.otel.jsonl"]);
    const folder = makeTempDir("fusion-report-files-");
    function* pieces(): Generator<string> {
      yield "y".repeat(MIB / 2);
      yield "z".repeat(MIB / 2);
      throw new Error("the renderer broke");
    }
    const result = await writeReportFiles(report, TARGETS, pieces, { cwd: folder, telemetryFiles: [] });
    expect(result.written).toEqual([]);
    expect(result.problems).toEqual([expect.stringContaining("the renderer broke")]);
    expect(readdirSync(folder)).toEqual([]);
    expect(handles.events).toEqual(["write 1", "written 1", "close"]);
  });
});
