// Writes test/fixtures/generated/<scenario>/{telemetry.jsonl,telemetry.parquet,scenario.json} and the README.
// Run: npx tsx scripts/generate-fixtures.ts
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import {
  buildScenarioRecords,
  SCENARIOS,
  truncateLastLine,
  writeJsonl,
  writeParquet,
  type FusionRecord,
  type ScenarioSpec,
} from "./fixture-gen/index.js";
import { summarizeRecords } from "./fixture-gen/summarize.js";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const outDir = join(root, "test/fixtures/generated");

/** Parquet is one invocation per file (File::create truncates), so only the last invocation goes in. */
function selectLastInvocation(records: FusionRecord[]): FusionRecord[] {
  const last = records[records.length - 1]?.trace_id;
  return records.filter((r) => r.trace_id === last);
}

function writeScenario(spec: ScenarioSpec): string {
  const dir = join(outDir, spec.name);
  mkdirSync(dir, { recursive: true });
  const records = buildScenarioRecords(spec);
  let jsonl = writeJsonl(records);
  if (spec.truncateLastJsonlLineChars !== undefined)
    jsonl = truncateLastLine(jsonl, spec.truncateLastJsonlLineChars);
  writeFileSync(join(dir, "telemetry.jsonl"), jsonl);

  let parquet = writeParquet(selectLastInvocation(records), {
    includeSpanStart: spec.parquetSpanStart ?? true,
  });
  if (spec.truncateParquetBytes !== undefined) {
    // No footer: the engine writes it only in ParquetWriter::finalize.
    parquet = parquet.slice(0, Math.min(spec.truncateParquetBytes, parquet.length - 1));
  }
  writeFileSync(join(dir, "telemetry.parquet"), parquet);
  writeFileSync(join(dir, "scenario.json"), JSON.stringify(spec, null, 2) + "\n");
  console.log(
    `${spec.name}: ${records.length} records, jsonl ${jsonl.length} B, parquet ${parquet.length} B`,
  );
  return summarizeRecords(records);
}

const summaries = SCENARIOS.map((spec) => ({ spec, summary: writeScenario(spec) }));
const intro = readFileSync(join(root, "scripts/fixture-gen/README.intro.md"), "utf8");
const body = summaries
  .map(({ spec, summary }) => `## \`${spec.name}\`\n\n${spec.description}\n\n${summary}`)
  .join("\n");
writeFileSync(join(outDir, "README.md"), `${intro}\n${body}`);
