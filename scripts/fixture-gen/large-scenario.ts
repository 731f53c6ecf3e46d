// Synthetic large project: layered staging → intermediate → marts models, each with two tests.
import { generateScenarioRecords } from "./generate-records.js";
import type { InvocationSpec, NodeSpec, NoiseSpec, ScenarioSpec } from "./types.js";

export interface LargeScenarioOptions {
  /** Approximate node count (models + tests). */
  nodes: number;
  noise?: NoiseSpec;
  version?: string;
  /** Queries per model in RUN. */
  queriesPerModel?: number;
  seed?: number;
}

/** Deterministic large run: every 37th model errors, its direct tests skip; every 11th test fails. */
export function makeLargeScenario(options: LargeScenarioOptions): ScenarioSpec {
  const models = Math.max(1, Math.ceil(options.nodes / 3));
  const nodes: NodeSpec[] = [];
  for (let m = 0; m < models; m++) {
    const layer = m % 3 === 0 ? "stg" : m % 3 === 1 ? "int" : "fct";
    const name = `${layer}_shop_entity_${String(m).padStart(5, "0")}`;
    const id = `model.shop.${name}`;
    const errors = m % 37 === 36;
    nodes.push({
      uniqueId: id,
      kind: "model",
      outcome: errors ? "error" : "success",
      errorType: errors ? "user" : undefined,
      errorLog: errors
        ? {
            body: `Database Error in model ${name}\n  \u001b[31mSQL compilation error: invalid identifier 'AMOUNT_USD'\u001b[0m`,
            code: 1000,
          }
        : undefined,
      idleMs: m % 5 === 0 ? 40 + (m % 13) : undefined,
      queries: Array.from({ length: options.queriesPerModel ?? 2 }, (_, q) => ({
        sql: `-- step ${q}\nselect * from ${name}`,
        error:
          errors && q === 0
            ? {
                adapterMessage: "Unknown: SQL compilation error: invalid identifier 'AMOUNT_USD'",
                vendorCode: 904,
              }
            : undefined,
      })),
      rowsAffected: errors ? undefined : 1000 + m,
    });
    for (const t of ["not_null", "unique"]) {
      const testName = `${t}_${name}_id`;
      const n = nodes.length;
      nodes.push({
        uniqueId: `test.shop.${testName}.${(0x10000000 + m * 7 + n).toString(16).padStart(10, "a")}`,
        kind: "test",
        relativePath: `models/${layer}/schema.yml`,
        definedAt: { line: 5 + (m % 40) * 6, col: 14 },
        outcome: errors ? "skipped" : "success",
        skipReason: errors ? "upstream" : undefined,
        upstream: errors ? id : undefined,
        test: errors
          ? undefined
          : n % 11 === 0
            ? { outcome: "failed", failingRows: 1 + (n % 5) }
            : { outcome: "passed" },
      });
    }
  }
  const inv: InvocationSpec = {
    version: options.version ?? "2.0.0-preview.186",
    payloadLayout: "wrapped",
    command: "build",
    rawCommand: "dbt build --target ci",
    nodePhases: ["RENDER", "ANALYZE", "RUN"],
    nodes: nodes.slice(0, options.nodes),
    noise: options.noise,
  };
  return {
    name: "large-run",
    description: `${inv.nodes.length} nodes, wrapped payload, idle time, queries`,
    seed: options.seed ?? 4242,
    invocations: [inv],
  };
}

/** Trace-level volume: CallTrace spans, DEBUG UserLogMessage/CompiledCode, extra queries. */
export const TRACE_NOISE: NoiseSpec = {
  callTracesPerEvaluation: 4,
  userLogsPerEvaluation: 3,
  compiledCode: true,
  extraQueriesPerRun: 3,
};

/** Pick a node count that yields roughly `records` records, by measuring a small sample run. */
export function makeScenarioForRecordCount(records: number, noise: NoiseSpec = TRACE_NOISE): ScenarioSpec {
  const sampleNodes = 300;
  let sample = 0;
  for (const _ of generateScenarioRecords(makeLargeScenario({ nodes: sampleNodes, noise }))) sample++;
  const nodes = Math.max(3, Math.round((records / sample) * sampleNodes));
  return makeLargeScenario({ nodes, noise });
}
