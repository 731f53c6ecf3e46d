// The batched/streaming writers must produce the same data as the in-memory ones.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import {
  buildScenarioRecords,
  generateScenarioRecords,
  makeLargeScenario,
  writeJsonl,
  writeJsonlStream,
  writeParquet,
  writeParquetStream,
} from "../../scripts/fixture-gen/index.js";
import { readMetadata, readParquetRows, toArrayBuffer } from "./helpers.js";

const dir = mkdtempSync(join(tmpdir(), "fixture-gen-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const spec = makeLargeScenario({
  nodes: 30,
  noise: { callTracesPerEvaluation: 2, userLogsPerEvaluation: 1, compiledCode: true, extraQueriesPerRun: 1 },
});

describe("streaming writers", () => {
  it("writeJsonlStream matches writeJsonl", async () => {
    const path = join(dir, "t.jsonl");
    const { lines } = await writeJsonlStream(generateScenarioRecords(spec), path);
    const expected = writeJsonl(buildScenarioRecords(spec));
    expect(readFileSync(path, "utf8")).toBe(expected);
    expect(lines).toBe(expected.split("\n").length - 1);
  });

  it("writeParquetStream with small batches and row groups matches writeParquet", async () => {
    const path = join(dir, "t.parquet");
    const { rows } = await writeParquetStream(generateScenarioRecords(spec), path, {
      batchSize: 100,
      rowGroupSize: 400,
    });
    const md = readMetadata(path);
    expect(Number(md.num_rows)).toBe(rows);
    expect(md.row_groups.length).toBeGreaterThan(1);
    const streamed = await readParquetRows(toArrayBuffer(readFileSync(path)));
    const inMemory = await readParquetRows(toArrayBuffer(writeParquet(buildScenarioRecords(spec))));
    expect(streamed).toEqual(inMemory);
    const traces = streamed.filter((r) => (r.event_type as string).endsWith("dev.CallTrace"));
    expect(traces.length).toBeGreaterThan(0);
    expect(traces[0]!.severity_text).toBe("TRACE");
    expect((traces[0]!.attributes as Record<string, unknown>).dev_name).toBe("render_macro");
  });
});
