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

export interface NodeHeavyOptions {
  /** Models; the build also has three tests per model, a source per ten and a seed per fifteen. */
  models: number;
  seed?: number;
}

const DOMAINS = [
  "orders",
  "customers",
  "payments",
  "shipments",
  "products",
  "invoices",
  "sessions",
  "events",
];

/**
 * A large project as big dbt teams have it: many nodes, few records each (no trace-level logs). Per
 * model a realistic create statement (and a second query for incrementals), three tests (not_null,
 * unique, relationships) with one query each, sources with freshness and seeds. About 2 % of tests
 * fail, 1 % of models error (their tests are skipped) and a few nodes warn.
 * `models: 5000` gives 20,833 nodes.
 */
export function makeNodeHeavyScenario(options: NodeHeavyOptions): ScenarioSpec {
  const nodes: NodeSpec[] = [];
  const sources = Math.ceil(options.models / 10);
  for (let s = 0; s < sources; s++) {
    const name = `raw_${DOMAINS[s % DOMAINS.length]}_${String(s).padStart(5, "0")}`;
    nodes.push({
      uniqueId: `source.shop.raw.${name}`,
      kind: "source",
      outcome: "success",
      freshness: { outcome: s % 29 === 7 ? "warned" : "passed", ageSeconds: 600 + (s % 50) * 60 },
    });
  }
  for (let s = 0; s < Math.ceil(options.models / 15); s++) {
    nodes.push({
      uniqueId: `seed.shop.seed_mapping_${String(s).padStart(5, "0")}`,
      kind: "seed",
      outcome: "success",
      rowsAffected: 20 + (s % 300),
    });
  }
  for (let m = 0; m < options.models; m++) {
    const domain = DOMAINS[m % DOMAINS.length]!;
    const layer = m % 3 === 0 ? "stg" : m % 3 === 1 ? "int" : "fct";
    const name = `${layer}_${domain}_${String(m).padStart(5, "0")}`;
    const id = `model.shop.${name}`;
    const errors = m % 97 === 41;
    const incremental = m % 4 === 3;
    const upstream =
      m >= 3
        ? `analytics.dbt_ci.${layer === "stg" ? "raw" : "stg"}_${domain}_${String(m - 3).padStart(5, "0")}`
        : "raw.shop.seed";
    const select =
      `select\n    o.id,\n    o.${domain}_id,\n    o.customer_id,\n    o.amount / 100.0 as amount_usd,\n` +
      `    coalesce(o.status, 'unknown') as status,\n    o.created_at::date as created_date,\n` +
      `    row_number() over (partition by o.customer_id order by o.created_at) as seq\n` +
      `from ${upstream} as o\nleft join analytics.dbt_ci.dim_customers as c on c.id = o.customer_id\n` +
      `where o.created_at >= dateadd(day, -730, current_date())`;
    nodes.push({
      uniqueId: id,
      kind: "model",
      materialization: incremental ? "incremental" : layer === "stg" ? "view" : "table",
      outcome: errors ? "error" : "success",
      errorType: errors ? "user" : undefined,
      errorLog: errors
        ? {
            body: `Database Error in model ${name} (models/${layer}/${name}.sql)\n  002003 (42S02): SQL compilation error:\n  Object 'ANALYTICS.DBT_CI.DIM_CUSTOMERS' does not exist or not authorized.`,
            code: 1000,
          }
        : undefined,
      warnings:
        m % 211 === 5
          ? [{ body: `Deprecated config 'dist' in model ${name}: use 'cluster_by'`, code: 1003 }]
          : undefined,
      queries: [
        {
          sql: `create or replace ${layer === "stg" ? "view" : "table"} analytics.dbt_ci.${name} as (\n${select}\n)`,
          error: errors
            ? {
                adapterMessage:
                  "002003 (42S02): SQL compilation error: Object 'ANALYTICS.DBT_CI.DIM_CUSTOMERS' does not exist or not authorized.",
                vendorCode: 2003,
              }
            : undefined,
        },
        ...(incremental && !errors
          ? [
              {
                sql: `merge into analytics.dbt_ci.${name} as t using analytics.dbt_ci.${name}__dbt_tmp as s on t.id = s.id\nwhen matched then update set t.amount_usd = s.amount_usd, t.status = s.status\nwhen not matched then insert (id, ${domain}_id, amount_usd, status) values (s.id, s.${domain}_id, s.amount_usd, s.status)`,
              },
            ]
          : []),
      ],
      rowsAffected: errors ? undefined : 1000 + ((m * 37) % 90_000),
      idleMs: m % 7 === 0 ? 20 + (m % 30) : undefined,
    });
    for (const [t, test] of ["not_null", "unique", "relationships"].entries()) {
      const testName =
        test === "relationships"
          ? `relationships_${name}_customer_id__id__ref_dim_customers_`
          : `${test}_${name}_id`;
      const n = m * 3 + t;
      const fails = !errors && n % 53 === 17;
      nodes.push({
        uniqueId: `test.shop.${testName}.${(0x1000000000 + n * 7919).toString(16).slice(-10)}`,
        kind: "test",
        relativePath: `models/${layer}/_${layer}__models.yml`,
        definedAt: { line: 6 + (m % 60) * 9 + t * 3, col: 14 },
        outcome: errors ? "skipped" : "success",
        skipReason: errors ? "upstream" : undefined,
        upstream: errors ? id : undefined,
        test: errors
          ? undefined
          : fails
            ? { outcome: "failed", failingRows: 1 + (n % 40) }
            : n % 157 === 3
              ? { outcome: "warned", failingRows: 2 }
              : { outcome: "passed" },
        queries: errors
          ? []
          : [
              {
                sql:
                  test === "relationships"
                    ? `select count(*) as failures, count(*) != 0 as should_warn, count(*) != 0 as should_error from (\n  select child.customer_id from analytics.dbt_ci.${name} as child\n  left join analytics.dbt_ci.dim_customers as parent on child.customer_id = parent.id\n  where child.customer_id is not null and parent.id is null\n) dbt_internal_test`
                    : `select count(*) as failures, count(*) != 0 as should_warn, count(*) != 0 as should_error from (\n  select id from analytics.dbt_ci.${name}\n  where ${test === "not_null" ? "id is null" : "id in (select id from analytics.dbt_ci." + name + " group by id having count(*) > 1)"}\n) dbt_internal_test`,
              },
            ],
      });
    }
  }
  const inv: InvocationSpec = {
    version: "2.0.0-preview.186",
    payloadLayout: "wrapped",
    command: "build",
    rawCommand: "dbt build --target ci",
    nodePhases: ["RENDER", "ANALYZE", "RUN"],
    nodes,
  };
  return {
    name: "node-heavy",
    description: `${nodes.length} nodes: ${options.models} models, ${options.models * 3} tests, sources and seeds`,
    seed: options.seed ?? 5151,
    invocations: [inv],
  };
}

/**
 * Trace-heavy: few nodes, almost every record a TRACE-level CallTrace span or DEBUG log (a run with
 * --log-level-file trace). `nodes: 833` gives about a million records.
 */
export function makeTraceHeavyScenario(nodes = 833, factor = 1): ScenarioSpec {
  return makeLargeScenario({
    nodes,
    noise: {
      callTracesPerEvaluation: 180 * factor,
      userLogsPerEvaluation: 40 * factor,
      compiledCode: true,
      extraQueriesPerRun: 3,
    },
  });
}
