// writeReportFiles in process (test/e2e/report-files.test.ts drives it through the bundles): where the
// file system fails between two renames, the files already in place are said, not hidden behind
// "nothing was written" (a rename cannot be undone); and text is written in pieces that join to
// exactly its UTF-8, wherever they fall.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { writeReportFiles } from "../src/report-files.js";
import { reportFor } from "./support/report.js";
import { makeTempDir } from "./support/temp-dir.js";

const PIECE = 1 << 20;

describe("writeReportFiles", () => {
  it("names the files already renamed into place when a later rename fails", async () => {
    const report = await reportFor(["test/fixtures/real/preview120_build_success.otel.jsonl"]);
    const cwd = makeTempDir("fusion-report-files-");
    const result = await writeReportFiles(
      report,
      { markdown: "report.md", json: "report.json", runResults: "run_results.fusion.json", junit: null },
      () => {
        // Every destination was checked; now something else puts a folder where run_results goes.
        mkdirSync(path.join(cwd, "run_results.fusion.json"));
        writeFileSync(path.join(cwd, "run_results.fusion.json", "x"), "");
        return "# report\n";
      },
      { cwd, telemetryFiles: [] },
    );
    expect(result.written).toEqual([path.join(cwd, "report.md"), path.join(cwd, "report.json")]);
    expect(result.problems).toEqual([
      expect.stringMatching(
        /^cannot write the run_results\.json to run_results\.fusion\.json: .*; the Markdown report \(report\.md\) and the JSON report \(report\.json\) had already been written$/,
      ),
    ]);
    expect(readdirSync(cwd).sort()).toEqual(["report.json", "report.md", "run_results.fusion.json"]);
  });

  it("writes long text byte for byte, a surrogate pair on a piece boundary included", async () => {
    const report = await reportFor(["test/fixtures/real/preview120_failed.otel.jsonl"]);
    const cases = [
      "",
      "short ✅",
      `${"a".repeat(PIECE - 1)}😀b`,
      `${"é".repeat(PIECE)}😀${"x".repeat(PIECE + 3)}`,
      "😀".repeat(PIECE + 1),
    ];
    for (const [index, text] of cases.entries()) {
      const folder = makeTempDir("fusion-report-files-");
      const result = await writeReportFiles(
        report,
        { markdown: "report.md", json: null, runResults: null, junit: null },
        () => text,
        { cwd: folder, telemetryFiles: [] },
      );
      expect(result.problems, `case ${index}`).toEqual([]);
      expect(
        readFileSync(path.join(folder, "report.md")).equals(Buffer.from(text, "utf8")),
        `case ${index}`,
      ).toBe(true);
      expect(readdirSync(folder)).toEqual(["report.md"]);
    }
  });
});
