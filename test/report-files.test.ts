// writeReportFiles in process (test/e2e/report-files.test.ts drives it through the bundles): where the
// file system fails between two renames, the files already in place are said, not hidden behind
// "nothing was written" (a rename cannot be undone); and text is written in pieces that join to
// exactly its UTF-8, wherever they fall.
import { execFileSync } from "node:child_process";
import { createServer } from "node:net";
import {
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it, vi } from "vitest";
import { renderJsonReport } from "../src/render/json-report.js";
import { makeFolders, renderMarkedRunResults, writeReportFiles } from "../src/report-files.js";
import { neutraliseRunnerCommands } from "../src/text/runner-commands.js";
import { reportFor } from "./support/report.js";
import { makeTempDir } from "./support/temp-dir.js";

/** The write buffer's size, and the longest piece of text put through it at once (3 bytes a unit). */
const PIECE = 1 << 20;
const PART = Math.floor(PIECE / 3);

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
      `${"a".repeat(PART - 1)}😀b`,
      `${"a".repeat(PART)}😀${"é".repeat(2 * PART + 1)}`,
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

describe("writeReportFiles: the JSON files, written in pieces", () => {
  it("writes the JSON report and run_results.json as their renderers make them", async () => {
    const report = await reportFor(["test/fixtures/real/preview120_failed.otel.jsonl"]);
    const folder = makeTempDir("fusion-report-files-");
    const result = await writeReportFiles(
      report,
      { markdown: null, json: "report.json", runResults: "run_results.json", junit: null },
      () => "",
      { cwd: folder, telemetryFiles: [] },
    );
    expect(result.problems).toEqual([]);
    expect(readFileSync(path.join(folder, "report.json"), "utf8")).toBe(renderJsonReport(report));
    const written = readFileSync(path.join(folder, "run_results.json"), "utf8");
    const generatedAt = (JSON.parse(written) as { metadata: { generated_at: string } }).metadata.generated_at;
    expect(written).toBe(renderMarkedRunResults(report, generatedAt));
    expect(written.endsWith("}\n")).toBe(true);
  });
});

describe("writeReportFiles: JUnit XML", () => {
  it("gives test cases their file from the repository root, as the Action's project-dir says", async () => {
    const report = await reportFor(["test/fixtures/real/preview120_failed.otel.jsonl"]);
    const folder = makeTempDir("fusion-report-files-");
    const result = await writeReportFiles(
      report,
      { markdown: null, json: null, runResults: null, junit: "junit.xml" },
      () => "",
      { cwd: folder, telemetryFiles: [], projectDir: "transform" },
    );
    expect(result.problems).toEqual([]);
    const xml = readFileSync(path.join(folder, "junit.xml"), "utf8");
    expect(xml).toContain(' file="transform/models/marts/customers.yml" line="31"');
    expect(xml).not.toMatch(/ file="(?!transform\/)/);
  });
});

describe("writeReportFiles: links, pipes and devices", () => {
  it("writes the file a link names, and the link stays a link", async () => {
    const report = await reportFor(["test/fixtures/real/preview120_failed.otel.jsonl"]);
    const cwd = makeTempDir("fusion-report-files-");
    writeFileSync(path.join(cwd, "real.md"), "old");
    symlinkSync("real.md", path.join(cwd, "alias.md"));
    const result = await writeReportFiles(
      report,
      { markdown: "alias.md", json: null, runResults: null, junit: null },
      () => "# new\n",
      { cwd, telemetryFiles: [] },
    );
    // Written is the path as given: the Action's outputs and upload look the file up by it.
    expect(result).toEqual({ written: [path.join(cwd, "alias.md")], problems: [] });
    expect(readFileSync(path.join(cwd, "real.md"), "utf8")).toBe("# new\n");
    expect(lstatSync(path.join(cwd, "alias.md")).isSymbolicLink()).toBe(true);
  });

  it("makes the file a link to nothing names, and refuses a link that leads back to itself", async () => {
    const report = await reportFor(["test/fixtures/real/preview120_failed.otel.jsonl"]);
    const cwd = makeTempDir("fusion-report-files-");
    symlinkSync("later/real.md", path.join(cwd, "alias.md"));
    mkdirSync(path.join(cwd, "later"));
    const made = await writeReportFiles(
      report,
      { markdown: "alias.md", json: null, runResults: null, junit: null },
      () => "# new\n",
      { cwd, telemetryFiles: [] },
    );
    expect(made.problems).toEqual([]);
    expect(readFileSync(path.join(cwd, "later/real.md"), "utf8")).toBe("# new\n");
    expect(lstatSync(path.join(cwd, "alias.md")).isSymbolicLink()).toBe(true);

    symlinkSync("b.json", path.join(cwd, "a.json"));
    symlinkSync("a.json", path.join(cwd, "b.json"));
    const loop = await writeReportFiles(
      report,
      { markdown: "ok.md", json: "a.json", runResults: null, junit: null },
      () => "# new\n",
      { cwd, telemetryFiles: [] },
    );
    expect(loop).toEqual({
      written: [],
      problems: ["cannot write the JSON report to a.json: it is a link that leads back to itself"],
    });
    expect(existsSync(path.join(cwd, "ok.md"))).toBe(false);
  });

  it("refuses a socket before anything is written (all or nothing)", async () => {
    const report = await reportFor(["test/fixtures/real/preview120_failed.otel.jsonl"]);
    const cwd = makeTempDir("fusion-report-files-");
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(path.join(cwd, "sock"), resolve));
    try {
      const result = await writeReportFiles(
        report,
        { markdown: "m.md", json: "sock", runResults: null, junit: null },
        () => "# m\n",
        { cwd, telemetryFiles: [] },
      );
      expect(result).toEqual({
        written: [],
        problems: [
          "cannot write the JSON report to sock: it is a socket, which cannot be opened by name; give a file, a pipe or -",
        ],
      });
      expect(existsSync(path.join(cwd, "m.md"))).toBe(false);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it("writes into a pipe as it is, after the files, and never puts a file in its place", async () => {
    const report = await reportFor(["test/fixtures/real/preview120_failed.otel.jsonl"]);
    const cwd = makeTempDir("fusion-report-files-");
    const pipe = path.join(cwd, "pipe.json");
    execFileSync("mkfifo", [pipe]);
    // The reader opens the pipe first (its open waits for a writer), as `--json >(jq .)` would.
    const read = readFile(pipe, "utf8");
    const result = await writeReportFiles(
      report,
      { markdown: "report.md", json: "pipe.json", runResults: null, junit: null },
      () => "# report\n",
      { cwd, telemetryFiles: [] },
    );
    expect(result).toEqual({ written: [path.join(cwd, "report.md")], problems: [] });
    expect(JSON.parse(await read)).toMatchObject({ schemaVersion: 1 });
    expect(statSync(pipe).isFIFO()).toBe(true);
    expect(readdirSync(cwd).sort()).toEqual(["pipe.json", "report.md"]);
  });
});

describe("makeFolders", () => {
  it("makes the missing folders one at a time and returns the first it made, as mkdir -p does", async () => {
    const dir = makeTempDir("fusion-folders-");
    expect(await makeFolders(path.join(dir, "a/b/c"))).toBe(path.join(dir, "a"));
    expect(statSync(path.join(dir, "a/b/c")).isDirectory()).toBe(true);
    // Nothing to make: nothing made.
    expect(await makeFolders(path.join(dir, "a/b"))).toBeUndefined();
    expect(await makeFolders(path.join(dir, "a/b/d"))).toBe(path.join(dir, "a/b/d"));
  });

  it("goes through a link to a folder, and names a link to nothing instead of failing later", async () => {
    const dir = makeTempDir("fusion-folders-");
    mkdirSync(path.join(dir, "real"));
    symlinkSync(path.join(dir, "real"), path.join(dir, "linked"));
    expect(await makeFolders(path.join(dir, "linked/x"))).toBe(path.join(dir, "linked/x"));
    expect(statSync(path.join(dir, "real/x")).isDirectory()).toBe(true);
    symlinkSync(path.join(dir, "nowhere"), path.join(dir, "dangling"));
    await expect(makeFolders(path.join(dir, "dangling/x"))).rejects.toThrow(
      `${path.join(dir, "dangling")} is a symbolic link to nothing`,
    );
  });

  it("names a file in the way", async () => {
    const dir = makeTempDir("fusion-folders-");
    writeFileSync(path.join(dir, "file"), "");
    await expect(makeFolders(path.join(dir, "file/x"))).rejects.toMatchObject({ code: "ENOTDIR" });
  });

  it("says which folder a report file could not get, through writeReportFiles", async () => {
    const dir = makeTempDir("fusion-folders-");
    mkdirSync(path.join(dir, "out"));
    symlinkSync(path.join(dir, "nowhere"), path.join(dir, "out/deep"));
    const result = await writeReportFiles(
      await reportFor(["test/fixtures/real/preview120_failed.otel.jsonl"]),
      { json: "out/deep/r.json", markdown: null, runResults: null, junit: null },
      () => "",
      { cwd: dir, telemetryFiles: [] },
    );
    expect(result.problems).toEqual([
      `cannot write the JSON report to out/deep/r.json: cannot create the folder ${path.join(dir, "out/deep")} ` +
        `(${path.join(dir, "out/deep")} is a symbolic link to nothing)`,
    ]);
  });
});

describe("writeReportFiles: - (stdout)", () => {
  it("writes the JSON report in chunks that end at line breaks, commands broken as in the whole", async () => {
    const report = await reportFor(["test/fixtures/generated/large-run/telemetry.jsonl"]);
    const writes: string[] = [];
    const write = vi.spyOn(process.stdout, "write").mockImplementation(((
      chunk: string,
      callback?: (error?: Error | null) => void,
    ) => {
      writes.push(chunk);
      callback?.();
      return true;
    }) as typeof process.stdout.write);
    try {
      const result = await writeReportFiles(
        report,
        { markdown: null, json: "-", runResults: null, junit: null },
        () => "",
        { cwd: makeTempDir("fusion-report-stdout-"), telemetryFiles: [] },
      );
      expect(result.problems).toEqual([]);
    } finally {
      write.mockRestore();
    }
    expect(writes.length).toBeGreaterThan(1);
    for (const chunk of writes.slice(0, -1)) expect(chunk.endsWith("\n")).toBe(true);
    expect(writes.join("")).toBe(neutraliseRunnerCommands(renderJsonReport(report), "json"));
  });
});
