// Generated telemetry for the bench, written once into .bench/data/<name>/ (cached by name) with the
// repository's fixture generator: never committed, regenerated when missing.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { generateScenarioRecords } from "../scripts/fixture-gen/generate-records.js";
import { makeNodeHeavyScenario, makeTraceHeavyScenario } from "../scripts/fixture-gen/large-scenario.js";
import type { ScenarioSpec } from "../scripts/fixture-gen/types.js";
import { writeJsonlStream } from "../scripts/fixture-gen/write-jsonl.js";
import { writeParquetStream } from "../scripts/fixture-gen/write-parquet.js";

export const BENCH_DIR = path.resolve(import.meta.dirname, "../.bench");

export interface Dataset {
  dir: string;
  parquet: string;
  jsonl: string;
  records: number;
  nodes: number;
}

/** The Parquet (and, with `jsonl`, JSONL) files of a scenario, generated on first use. */
export async function dataset(name: string, spec: () => ScenarioSpec, jsonl = false): Promise<Dataset> {
  const dir = path.join(BENCH_DIR, "data", name);
  const parquet = path.join(dir, "telemetry.parquet");
  const jsonlFile = path.join(dir, "telemetry.jsonl");
  const marker = path.join(dir, "records.json");
  if (!existsSync(marker) || (jsonl && !existsSync(jsonlFile))) {
    mkdirSync(dir, { recursive: true });
    const scenario = spec();
    const nodes = scenario.invocations.reduce((sum, inv) => sum + inv.nodes.length, 0);
    process.stderr.write(`generating ${name} (${nodes} nodes)…\n`);
    const { rows } = await writeParquetStream(generateScenarioRecords(scenario), parquet);
    if (jsonl) await writeJsonlStream(generateScenarioRecords(scenario), jsonlFile);
    writeFileSync(marker, JSON.stringify({ records: rows, nodes }));
  }
  const { records, nodes } = JSON.parse(readFileSync(marker, "utf8")) as { records: number; nodes: number };
  return { dir, parquet, jsonl: jsonlFile, records, nodes };
}

/**
 * The node-heavy build (Parquet and JSONL) of `models` models: with their tests, sources and seeds
 * about 4.2 nodes per model (5,000 models: 20,833 nodes, 15,000 of them tests).
 */
export function nodeHeavy(models: number): Promise<Dataset> {
  return dataset(`node-heavy-m${models}`, () => makeNodeHeavyScenario({ models }), true);
}

/** The trace-heavy build: 833 nodes, ~1M records (×`factor` trace volume, same nodes). */
export function traceHeavy(factor = 1): Promise<Dataset> {
  return dataset(`trace-heavy-x${factor}`, () => makeTraceHeavyScenario(833, factor));
}
