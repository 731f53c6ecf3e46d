// writeReportFiles where the file system fails between two renames: the files already in place are
// said, not hidden behind "nothing was written" (a rename cannot be undone).
import { mkdirSync, readdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { writeReportFiles } from "../src/report-files.js";
import { reportFor } from "./support/report.js";
import { makeTempDir } from "./support/temp-dir.js";

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
});
