// The Parquet and JSONL files of one run (the Action's default globs name both): an invocation the
// Parquet file holds to its end is not parsed again from the JSONL, whatever order they are given in.
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  buildScenarioRecords,
  makeLargeScenario,
  SCENARIOS,
  writeJsonl,
  writeParquet,
} from "../../scripts/fixture-gen/index.js";
import type { Report } from "../../src/model/types.js";
import { reportFor, ROOT } from "../support/report.js";
import { makeTempDir } from "../support/temp-dir.js";

const REAL = "test/fixtures/real";
const PARQUET = `${REAL}/parquet-replica/preview120_failed.REPLICA.parquet`;
const JSONL = `${REAL}/preview120_failed.otel.jsonl`;

afterEach(() => {
  vi.restoreAllMocks();
});

/** The report, and how many times JSON.parse ran while it was read. */
async function readCounted(files: string[]): Promise<{ report: Report; parses: number }> {
  const parse = vi.spyOn(JSON, "parse");
  try {
    const report = await reportFor(files);
    return { report, parses: parse.mock.calls.length };
  } finally {
    parse.mockRestore();
  }
}

const withoutFiles = (report: Report): unknown =>
  JSON.parse(JSON.stringify(report, (key, value: unknown) => (key === "files" ? undefined : value)));

describe("an invocation read whole from Parquet", () => {
  it.each([
    [PARQUET, JSONL],
    [
      "test/fixtures/generated/large-run/telemetry.parquet",
      "test/fixtures/generated/large-run/telemetry.jsonl",
    ],
  ])("is not parsed again from its JSONL, and names both files (%s)", async (parquet, jsonl) => {
    const alone = await readCounted([parquet]);
    const jsonlAlone = await readCounted([jsonl]);
    const both = await readCounted([parquet, jsonl]);
    // The first and last lines, and the last line once more to tell whether the run ended.
    expect(both.parses - alone.parses).toBeLessThanOrEqual(3);
    expect(jsonlAlone.parses).toBeGreaterThan(15);
    expect(withoutFiles(both.report)).toEqual(withoutFiles(alone.report));
    expect(both.report.invocations.map((inv) => inv.source)).toEqual([
      { files: [parquet, jsonl], format: "parquet" },
    ]);
  });

  it("is read from the Parquet file when the JSONL is named first", async () => {
    const given = await readCounted([JSONL, PARQUET]);
    const parquetFirst = await readCounted([PARQUET, JSONL]);
    expect(given.parses).toBe(parquetFirst.parses);
    expect(given.report).toEqual(parquetFirst.report);
  });

  it("stands in only when it has its end record: without one, the JSONL is read whole", async () => {
    // A crashed run's records in a Parquet file with its footer (the engine's own would have none).
    const records = buildScenarioRecords(SCENARIOS.find((spec) => spec.name === "crashed-run")!);
    const dir = path.relative(ROOT, makeTempDir("fusion-report-read-"));
    writeFileSync(path.join(ROOT, dir, "telemetry.parquet"), writeParquet(records));
    writeFileSync(path.join(ROOT, dir, "telemetry.jsonl"), writeJsonl(records));
    const parquet = await readCounted([`${dir}/telemetry.parquet`]);
    const jsonl = await readCounted([`${dir}/telemetry.jsonl`]);
    const both = await readCounted([`${dir}/telemetry.parquet`, `${dir}/telemetry.jsonl`]);
    expect(parquet.report.invocations.map((inv) => inv.state)).toEqual(["incomplete"]);
    expect(jsonl.parses).toBeGreaterThan(20);
    expect(both.parses).toBe(parquet.parses + jsonl.parses);
  });
});

describe("a Parquet file whose phase span ends are read as their times alone", () => {
  it("is read again in full when a node so read has no NodeProcessed end, and reports as its JSONL", async () => {
    // The engine ends every node it runs with a NodeProcessed span; a file that lost some (here a
    // tenth of the nodes) has those nodes decided by their phases, as the JSONL reader decides them.
    const lost = (record: { event_type: string; attributes: Record<string, unknown> }): boolean =>
      record.event_type.endsWith(".NodeProcessed") && String(record.attributes.unique_id).endsWith("0");
    const records = buildScenarioRecords(makeLargeScenario({ nodes: 60 })).filter((record) => !lost(record));
    const dir = path.relative(ROOT, makeTempDir("fusion-report-phases-"));
    writeFileSync(path.join(ROOT, dir, "telemetry.parquet"), writeParquet(records));
    writeFileSync(path.join(ROOT, dir, "telemetry.jsonl"), writeJsonl(records));
    const parquet = await reportFor([`${dir}/telemetry.parquet`]);
    const jsonl = await reportFor([`${dir}/telemetry.jsonl`]);
    const nodes = parquet.invocations[0]!.nodes;
    const decidedByPhases = nodes.filter((node) => node.uniqueId.endsWith("0"));
    expect(decidedByPhases.length).toBeGreaterThan(3);
    expect(
      decidedByPhases.every((node) => node.status !== "unknown" && node.resourceType !== "unknown"),
    ).toBe(true);
    const withoutSource = (report: Report): unknown =>
      JSON.parse(JSON.stringify(report, (key, value: unknown) => (key === "source" ? undefined : value)));
    expect(withoutSource(parquet)).toEqual(withoutSource(jsonl));
  });
});

describe("another tool's JSON Lines files beside the telemetry", () => {
  it("are each named in a warning up to ten, then counted in one", async () => {
    const dir = path.relative(ROOT, makeTempDir("fusion-report-foreign-"));
    const foreign = Array.from({ length: 13 }, (_, i) => {
      const name = `${dir}/app-${String(i).padStart(2, "0")}.jsonl`;
      writeFileSync(path.join(ROOT, name), '{"ts":1,"level":"info","msg":"started"}\n');
      return name;
    });
    const report = await reportFor([PARQUET, ...foreign]);
    const skipped = report.invocations[0]!.readerWarnings.filter((line) => line.includes("not telemetry"));
    expect(skipped).toHaveLength(11);
    expect(skipped.slice(0, 10).every((line) => line.includes("— skipped: it is not telemetry"))).toBe(true);
    expect(skipped[0]).toContain("app-00.jsonl:1:");
    expect(skipped[10]).toBe("… and 3 more JSON Lines files that are not telemetry were skipped (13 in all)");
    // Ten or fewer: each named, nothing counted.
    const few = await reportFor([PARQUET, ...foreign.slice(0, 10)]);
    const named = few.invocations[0]!.readerWarnings.filter((line) => line.includes("not telemetry"));
    expect(named).toHaveLength(10);
    expect(named.some((line) => line.startsWith("…"))).toBe(false);
  });
});

describe("telemetry dbt wrote on Windows", () => {
  // dbt on a Windows runner names files as Windows does: `models\marts\orders.sql`.
  const onWindows = <T extends { attributes: Record<string, unknown> }>(records: T[]): T[] =>
    records.map((record) =>
      typeof record.attributes.relative_path === "string"
        ? {
            ...record,
            attributes: {
              ...record.attributes,
              relative_path: record.attributes.relative_path.replaceAll("/", "\\"),
            },
          }
        : record,
    );

  it.each(["model-errors", "tests", "warnings-and-idle", "crashed-run"])(
    "reports as the same run on Linux, from Parquet and JSONL: every file with / between folders (%s)",
    async (scenario) => {
      const records = buildScenarioRecords(SCENARIOS.find((spec) => spec.name === scenario)!);
      const dir = path.relative(ROOT, makeTempDir("fusion-report-windows-"));
      writeFileSync(path.join(ROOT, dir, "linux.jsonl"), writeJsonl(records));
      writeFileSync(path.join(ROOT, dir, "windows.jsonl"), writeJsonl(onWindows(records)));
      writeFileSync(path.join(ROOT, dir, "linux.parquet"), writeParquet(records));
      writeFileSync(path.join(ROOT, dir, "windows.parquet"), writeParquet(onWindows(records)));
      const withoutSource = (report: Report): unknown =>
        JSON.parse(JSON.stringify(report, (key, value: unknown) => (key === "source" ? undefined : value)));
      for (const format of ["jsonl", "parquet"]) {
        const linux = withoutSource(await reportFor([`${dir}/linux.${format}`]));
        expect(JSON.stringify(linux)).toContain('"path":"models/');
        expect(withoutSource(await reportFor([`${dir}/windows.${format}`])), format).toEqual(linux);
      }
    },
  );
});

describe("a run killed while writing a query span start, with the next run appended on its line", () => {
  it("is read again in full: the cut start is warned about, and the next run keeps its first record", async () => {
    // preview72_build_success holds two runs: line 15 is the first run's first query span start
    // (before any node), line 498 the second run's first record.
    const lines = readFileSync(path.join(ROOT, `${REAL}/preview72_build_success.otel.jsonl`), "utf8").split(
      "\n",
    );
    const glued = [...lines.slice(0, 14), lines[14]!.slice(0, 400) + lines[497]!, ...lines.slice(498)];
    const dir = path.relative(ROOT, makeTempDir("fusion-report-glued-"));
    writeFileSync(path.join(ROOT, dir, "glued.jsonl"), glued.join("\n"));
    writeFileSync(path.join(ROOT, dir, "second.jsonl"), lines.slice(497).join("\n"));
    const report = await reportFor([`${dir}/glued.jsonl`]);
    const [killed, next] = report.invocations;
    expect(killed!.readerWarnings).toContain(
      `${dir}/glued.jsonl:15: a record cut off where its run stopped (killed or crashed while writing it), with ` +
        "the next run's first record appended to it on the same line; the cut record was ignored",
    );
    const alone = (await reportFor([`${dir}/second.jsonl`])).invocations[0]!;
    const shown = (inv: typeof alone) => ({ ...inv, source: null, readerWarnings: [] });
    expect(shown(next!)).toEqual(shown(alone));
  });
});
