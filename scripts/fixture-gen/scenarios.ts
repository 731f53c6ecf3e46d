// The checked-in fixture scenarios (jaffle-shop-like project `shop`, plus a few `dbt_utils` package nodes).
import { makeLargeScenario } from "./large-scenario.js";
import type { InvocationSpec, NodeSpec, ScenarioSpec } from "./types.js";

const RED = "\u001b[31m";
const BOLD = "\u001b[1m";
const RESET = "\u001b[0m";

const F176 = "2.0.0-preview.176";
const F186 = "2.0.0-preview.186";

function build(nodes: NodeSpec[], extra: Partial<InvocationSpec> = {}): InvocationSpec {
  return {
    version: F176,
    payloadLayout: "legacy",
    command: "build",
    rawCommand: "dbt build --target ci",
    nodePhases: ["RENDER", "ANALYZE", "RUN"],
    nodes,
    ...extra,
  };
}

const ok = (uniqueId: string, kind: NodeSpec["kind"], more: Partial<NodeSpec> = {}): NodeSpec => ({
  uniqueId,
  kind,
  outcome: "success",
  ...more,
});

const passedTest = (uniqueId: string, yml: string, line: number, col = 14): NodeSpec => ({
  uniqueId,
  kind: "test",
  outcome: "success",
  relativePath: yml,
  definedAt: { line, col },
  test: { outcome: "passed" },
});

const skippedBy = (
  uniqueId: string,
  kind: NodeSpec["kind"],
  upstream: string,
  more: Partial<NodeSpec> = {},
): NodeSpec => ({
  uniqueId,
  kind,
  outcome: "skipped",
  skipReason: "upstream",
  upstream,
  ...more,
});

const modelErrors: ScenarioSpec = {
  name: "model-errors",
  description:
    "One user error with a DB error (ERROR log + failed query), one external error, downstream skips.",
  seed: 101,
  invocations: [
    build([
      ok("seed.shop.raw_customers", "seed", { rowsAffected: 100 }),
      ok("seed.shop.raw_orders", "seed", { rowsAffected: 99 }),
      ok("model.shop.stg_customers", "model"),
      {
        uniqueId: "model.shop.stg_orders",
        kind: "model",
        outcome: "error",
        errorType: "user",
        errorLog: {
          body:
            `${RED}Database Error in model stg_orders (models/staging/stg_orders.sql)${RESET}\n` +
            `  000904 (42000): SQL compilation error: error line 4 at position 8\n  invalid identifier 'AMOUNT_USD'`,
          code: 1000,
          relativePath: "models/staging/stg_orders.sql",
          line: 4,
          column: 8,
        },
        queries: [
          {
            sql: "create or replace view analytics.dbt_ci.stg_orders as (\n  select id as order_id,\n    amount_usd\n  from analytics.dbt_ci_raw.raw_orders\n)",
            error: {
              adapterMessage:
                "Unknown: 000904 (42000): SQL compilation error: error line 4 at position 8\ninvalid identifier 'AMOUNT_USD'",
              vendorCode: 904,
            },
          },
        ],
      },
      skippedBy("model.shop.orders", "model", "model.shop.stg_orders"),
      skippedBy("test.shop.not_null_stg_orders_order_id.4f1a2b3c9d", "test", "model.shop.stg_orders", {
        relativePath: "models/staging/stg_orders.yml",
        definedAt: { line: 7, col: 14 },
      }),
      skippedBy("model.shop.customers", "model", "model.shop.stg_orders"),
      {
        uniqueId: "model.shop.stg_payments",
        kind: "model",
        outcome: "error",
        errorType: "external",
        errorLog: {
          body: `${BOLD}${RED}External error${RESET}: Snowflake session expired while running model stg_payments (390114): Authentication token has expired.`,
          code: 1000,
        },
        queries: [
          {
            sql: "create or replace view analytics.dbt_ci.stg_payments as (select * from analytics.dbt_ci_raw.raw_payments)",
            error: {
              adapterMessage:
                "IO: 390114 (08001): Authentication token has expired. The user must authenticate again.",
              vendorCode: 390114,
            },
          },
        ],
      },
      skippedBy("model.shop.order_payments", "model", "model.shop.stg_payments"),
      ok("model.dbt_utils.date_spine_days", "model", { rowsAffected: 3650 }),
      passedTest(
        "test.shop.unique_stg_customers_customer_id.c7614daada",
        "models/staging/stg_customers.yml",
        9,
      ),
    ]),
  ],
};

const skipChains: ScenarioSpec = {
  name: "skip-chains",
  description:
    "Multi-level skip chains from two independent roots; upstream_unique_id is sometimes immediate, sometimes the root.",
  seed: 202,
  invocations: [
    build([
      ok("seed.shop.raw_orders", "seed"),
      ok("model.shop.stg_customers", "model"),
      {
        uniqueId: "model.shop.stg_orders",
        kind: "model",
        outcome: "error",
        errorType: "user",
        errorLog: {
          body: `${RED}Database Error in model stg_orders (models/staging/stg_orders.sql)${RESET}\n  division by zero`,
          code: 1000,
          relativePath: "models/staging/stg_orders.sql",
          line: 12,
          column: 4,
        },
        queries: [
          {
            sql: "create or replace view analytics.dbt_ci.stg_orders as (select 1/0)",
            error: { adapterMessage: "Unknown: 100051 (22012): Division by zero", vendorCode: 100051 },
          },
        ],
      },
      skippedBy("model.shop.int_orders_enriched", "model", "model.shop.stg_orders"),
      // immediate-cause shape: C points at B, not at the root
      skippedBy("model.shop.orders", "model", "model.shop.int_orders_enriched"),
      skippedBy("test.shop.not_null_orders_order_id.a1b2c3d4e5", "test", "model.shop.orders", {
        relativePath: "models/marts/orders.yml",
        definedAt: { line: 8, col: 14 },
      }),
      // root shape: the test two levels below the failure points straight at the root
      skippedBy(
        "test.shop.relationships_orders_customer_id__customer_id__ref_customers_.f6e5d4c3b2",
        "test",
        "model.shop.stg_orders",
        {
          relativePath: "models/marts/orders.yml",
          definedAt: { line: 12, col: 14 },
        },
      ),
      skippedBy("model.shop.order_summary", "model", "model.shop.stg_orders"),
      {
        uniqueId: "model.shop.stg_payments",
        kind: "model",
        outcome: "error",
        errorType: "user",
        decidingPhase: "RENDER",
        errorLog: {
          body: `${RED}Compilation Error${RESET} in model stg_payments: 'amount_cents' is undefined`,
          code: 1501,
          relativePath: "models/staging/stg_payments.sql",
          line: 6,
          column: 10,
        },
      },
      skippedBy("model.shop.payments", "model", "model.shop.stg_payments"),
      skippedBy("test.shop.unique_payments_payment_id.0badc0ffee", "test", "model.shop.payments", {
        relativePath: "models/marts/payments.yml",
        definedAt: { line: 5, col: 14 },
      }),
      ok("model.shop.customers", "model"),
    ]),
  ],
};

const tests: ScenarioSpec = {
  name: "tests",
  description: "Passed, warned, failed and erroring data tests; YAML locations; a dbt_utils package test.",
  seed: 303,
  invocations: [
    build([
      ok("model.shop.orders", "model", { rowsAffected: 1200 }),
      ok("model.shop.customers", "model", { rowsAffected: 935 }),
      ok("model.dbt_utils.date_spine_days", "model", { rowsAffected: 3650 }),
      passedTest("test.shop.not_null_orders_order_id.a1b2c3d4e5", "models/marts/orders.yml", 8),
      passedTest("test.shop.unique_orders_order_id.b2c3d4e5f6", "models/marts/orders.yml", 9),
      {
        uniqueId: "test.shop.accepted_values_orders_status__placed__shipped__completed__returned.c3d4e5f6a7",
        kind: "test",
        outcome: "success",
        relativePath: "models/marts/orders.yml",
        definedAt: { line: 14, col: 14 },
        test: { outcome: "warned", failingRows: 3 },
      },
      {
        uniqueId: "test.shop.relationships_orders_customer_id__customer_id__ref_customers_.d4e5f6a7b8",
        kind: "test",
        outcome: "success",
        relativePath: "models/marts/orders.yml",
        definedAt: { line: 18, col: 14 },
        test: { outcome: "failed", failingRows: 2, storeFailures: true },
      },
      {
        uniqueId: "test.shop.assert_positive_order_total.e5f6a7b8c9",
        kind: "test",
        outcome: "success",
        relativePath: "tests/assert_positive_order_total.sql",
        test: { outcome: "failed", failingRows: 17 },
      },
      {
        uniqueId: "test.shop.not_null_customers_email.f6a7b8c9d0",
        kind: "test",
        outcome: "error",
        errorType: "user",
        relativePath: "models/marts/customers.yml",
        definedAt: { line: 11, col: 14 },
        errorLog: {
          body: `${RED}Database Error in test not_null_customers_email (models/marts/customers.yml)${RESET}\n  invalid identifier 'EMAIL'`,
          code: 1000,
        },
        queries: [
          {
            sql: "select count(*) as failures from analytics.dbt_ci.customers where email is null",
            error: {
              adapterMessage: "Unknown: 000904 (42000): SQL compilation error: invalid identifier 'EMAIL'",
              vendorCode: 904,
            },
          },
        ],
      },
      {
        uniqueId: "test.shop.dbt_utils_unique_combination_of_columns_orders_order_id__customer_id.0a1b2c3d4e",
        kind: "test",
        outcome: "success",
        relativePath: "models/marts/orders.yml",
        definedAt: { line: 22, col: 10 },
        test: { outcome: "passed" },
      },
      {
        uniqueId: "test.dbt_utils.not_null_date_spine_days_date_day.9a8b7c6d5e",
        kind: "test",
        outcome: "success",
        relativePath: "dbt_packages/dbt_utils/models/schema.yml",
        definedAt: { line: 6, col: 14 },
        test: { outcome: "failed", failingRows: 1 },
      },
    ]),
  ],
};

const states: ScenarioSpec = {
  name: "states",
  description: "Cached (reused), no-op, phase-disabled, phase-skipped, canceled, seeds and snapshots.",
  seed: 404,
  invocations: [
    build([
      ok("seed.shop.raw_customers", "seed", { rowsAffected: 100 }),
      ok("seed.shop.raw_orders", "seed", { rowsAffected: 99 }),
      ok("snapshot.shop.orders_snapshot", "snapshot", { rowsAffected: 42 }),
      {
        uniqueId: "model.shop.stg_customers",
        kind: "model",
        outcome: "skipped",
        skipReason: "cached",
        cache: { reason: "still_fresh", buildAfterSeconds: 3600, lastUpdatedSeconds: 1200 },
      },
      {
        uniqueId: "model.shop.stg_orders",
        kind: "model",
        outcome: "skipped",
        skipReason: "cached",
        cache: { reason: "no_changes", message: "No new changes on any upstreams" },
      },
      {
        uniqueId: "model.shop.int_order_items",
        kind: "model",
        materialization: "ephemeral",
        outcome: "skipped",
        skipReason: "no_op",
      },
      {
        uniqueId: "analysis.shop.revenue_trend",
        kind: "analysis",
        outcome: "skipped",
        skipReason: "phase_disabled",
        phases: ["RENDER", "RUN"],
      },
      ok("model.shop.customer_ltv", "model", {
        phaseOverrides: [{ phase: "ANALYZE", outcome: "skipped", skipReason: "phase_disabled" }],
      }),
      { uniqueId: "model.shop.orders", kind: "model", outcome: "skipped", skipReason: "phase_skipped" },
      {
        uniqueId: "model.shop.customers",
        kind: "model",
        outcome: "canceled",
        queries: [
          { sql: "create or replace table analytics.dbt_ci.customers as (select 1)", canceled: true },
        ],
      },
      {
        uniqueId: "test.shop.not_null_stg_orders_order_id.4f1a2b3c9d",
        kind: "test",
        relativePath: "models/staging/stg_orders.yml",
        definedAt: { line: 7, col: 14 },
        outcome: "skipped",
        skipReason: "cached",
        cache: { reason: "no_changes" },
      },
    ]),
  ],
};

const unitTests: ScenarioSpec = {
  name: "unit-tests",
  description: "A passing unit test, a failing one with a diff table, and one with an internal error.",
  seed: 505,
  invocations: [
    build([
      ok("model.shop.stg_orders", "model"),
      ok("model.shop.orders", "model"),
      {
        uniqueId: "unit_test.shop.orders.test_order_total_includes_tax",
        kind: "unit_test",
        identifier: "orders",
        relativePath: "models/marts/orders.yml",
        definedAt: { line: 31, col: 4 },
        outcome: "success",
        test: { outcome: "passed" },
      },
      {
        uniqueId: "unit_test.shop.orders.test_is_food_order",
        kind: "unit_test",
        identifier: "orders",
        relativePath: "models/marts/orders.yml",
        definedAt: { line: 45, col: 4 },
        outcome: "success",
        test: {
          outcome: "failed",
          failingRows: 2,
          diffTable:
            "| @@ | order_id | is_food_order |\n|----|----------|---------------|\n| →  | 1        | true → false  |\n| →  | 3        | false → true  |\n",
        },
      },
      {
        uniqueId: "unit_test.shop.stg_locations.test_opened_at_trunc_to_date",
        kind: "unit_test",
        identifier: "stg_locations",
        relativePath: "models/staging/stg_locations.yml",
        outcome: "error",
        errorType: "internal",
        decidingPhase: "RENDER",
        errorLog: {
          body: "Unexpected internal error: Timestamp(Nanosecond, None) is not supported\n   0: __mh_execute_header\n   1: __pthread_cond_wait\n",
          code: 9002,
        },
      },
      skippedBy(
        "model.shop.stg_locations",
        "model",
        "unit_test.shop.stg_locations.test_opened_at_trunc_to_date",
      ),
    ]),
  ],
};

const freshness: ScenarioSpec = {
  name: "freshness",
  description:
    "`dbt source freshness`: pass / warn / fail sources (node_outcome SUCCESS) and one source that errors.",
  seed: 606,
  invocations: [
    {
      version: F176,
      payloadLayout: "legacy",
      command: "source freshness",
      rawCommand: "dbt source freshness",
      nodePhases: ["FRESHNESS_ANALYSIS"],
      setupPhases: ["LOAD_PROJECT", "PARSE", "SCHEDULE"],
      nodes: [
        {
          uniqueId: "source.shop.raw.orders",
          kind: "source",
          outcome: "success",
          definedAt: { line: 8, col: 10 },
          freshness: { outcome: "passed", ageSeconds: 1800 },
        },
        {
          uniqueId: "source.shop.raw.customers",
          kind: "source",
          outcome: "success",
          definedAt: { line: 14, col: 10 },
          freshness: { outcome: "warned", ageSeconds: 90000 },
        },
        {
          uniqueId: "source.shop.raw.payments",
          kind: "source",
          outcome: "success",
          definedAt: { line: 20, col: 10 },
          freshness: { outcome: "failed", ageSeconds: 259200 },
        },
        {
          uniqueId: "source.shop.raw.inventory",
          kind: "source",
          outcome: "error",
          errorType: "user",
          definedAt: { line: 26, col: 10 },
          errorLog: {
            body: `${RED}Database Error${RESET} in source inventory: Object 'RAW.INVENTORY' does not exist or not authorized.`,
            code: 1000,
          },
          queries: [
            {
              sql: "select max(_loaded_at) from raw.inventory",
              error: {
                adapterMessage:
                  "Unknown: 002003 (42S02): Object 'RAW.INVENTORY' does not exist or not authorized.",
                vendorCode: 2003,
              },
            },
          ],
        },
      ],
    },
  ],
};

const multiInvocation: ScenarioSpec = {
  name: "multi-invocation",
  description:
    "Two invocations appended to one JSONL file (a failing `dbt run`, then a green `dbt build`): two runs, " +
    "both counted (a second command, not a `dbt retry`).",
  seed: 707,
  invocations: [
    build(
      [
        ok("model.shop.stg_orders", "model"),
        {
          uniqueId: "model.shop.orders",
          kind: "model",
          outcome: "error",
          errorType: "user",
          errorLog: {
            body: `${RED}Database Error in model orders (models/marts/orders.sql)${RESET}\n  relation "stg_order" does not exist`,
            code: 1000,
          },
          queries: [
            {
              sql: "create table orders as select * from stg_order",
              error: { adapterMessage: 'Unknown: relation "stg_order" does not exist', vendorCode: 2003 },
            },
          ],
        },
      ],
      { command: "run", rawCommand: "dbt run --target ci", nodePhases: ["RENDER", "ANALYZE", "RUN"] },
    ),
    build([
      ok("model.shop.stg_orders", "model"),
      ok("model.shop.orders", "model"),
      passedTest("test.shop.not_null_orders_order_id.a1b2c3d4e5", "models/marts/orders.yml", 8),
    ]),
  ],
};

const failedUniqueTest: NodeSpec = {
  uniqueId: "test.shop.unique_customers_customer_id.c7d8e9f0a1",
  kind: "test",
  outcome: "success",
  relativePath: "models/marts/customers.yml",
  definedAt: { line: 7, col: 14 },
  test: { outcome: "failed", failingRows: 4 },
};

const retry: ScenarioSpec = {
  name: "retry",
  description:
    "`dbt build || dbt retry` appended to one JSONL file: `orders` errors (a warehouse timeout) and skips its " +
    "test, a customers test fails; the retry passes both and fails the test again.",
  seed: 1111,
  invocations: [
    build([
      ok("model.shop.stg_orders", "model"),
      {
        uniqueId: "model.shop.orders",
        kind: "model",
        outcome: "error",
        errorType: "external",
        errorLog: {
          body: `${RED}Database Error in model orders (models/marts/orders.sql)${RESET}\n  000630 (57014): Statement reached its statement or warehouse timeout of 60 second(s) and was canceled.`,
          code: 1000,
        },
      },
      skippedBy("test.shop.not_null_orders_order_id.a1b2c3d4e5", "test", "model.shop.orders"),
      ok("model.shop.customers", "model"),
      failedUniqueTest,
    ]),
    build(
      [
        ok("model.shop.orders", "model"),
        passedTest("test.shop.not_null_orders_order_id.a1b2c3d4e5", "models/marts/orders.yml", 8),
        failedUniqueTest,
      ],
      { command: "retry", rawCommand: "dbt retry" },
    ),
  ],
};

const emptyRun: ScenarioSpec = {
  name: "empty-run",
  description: "`dbt build --select nothing`: phases run, no nodes selected.",
  seed: 808,
  invocations: [build([], { rawCommand: "dbt build --select nothing", select: ["nothing"] })],
};

const warningsAndIdle: ScenarioSpec = {
  name: "warnings-and-idle",
  description:
    "preview.186 wrapped payloads with idle_time_ms, a model WITH_WARNINGS and a WARN log; no SpanStart rows in Parquet.",
  seed: 909,
  parquetSpanStart: false,
  invocations: [
    build(
      [
        ok("model.shop.stg_orders", "model", {
          idleMs: 120,
          phaseMs: { RENDER: 8.25, ANALYZE: 2.5, RUN: 640.75 },
        }),
        ok("model.shop.orders", "model", {
          warnings: [
            {
              body: `${RED}Deprecation${RESET}: the 'tests' property is deprecated, use 'data_tests' instead`,
              code: 1060,
              codeName: "DeprecatedProperty",
              relativePath: "models/marts/orders.yml",
              line: 12,
              column: 6,
            },
          ],
          idleMs: 0,
        }),
        ok("model.shop.customers", "model", {
          idleMs: 850,
          reportNoWarnings: true,
          phaseMs: { RENDER: 11.5, ANALYZE: 3.25, RUN: 2100.5 },
        }),
        passedTest("test.shop.not_null_orders_order_id.a1b2c3d4e5", "models/marts/orders.yml", 8),
      ],
      { version: F186, payloadLayout: "wrapped" },
    ),
  ],
};

const crashedRun: ScenarioSpec = {
  name: "crashed-run",
  description:
    "The process died mid-RUN: open spans, no Invocation SpanEnd, a partial last JSONL line, a Parquet file without footer.",
  seed: 1010,
  truncateLastJsonlLineChars: 137,
  truncateParquetBytes: 4096,
  invocations: [
    build(
      [
        ok("model.shop.stg_customers", "model"),
        ok("model.shop.stg_orders", "model"),
        ok("model.shop.orders", "model"),
        ok("model.shop.customers", "model"),
        passedTest("test.shop.not_null_orders_order_id.a1b2c3d4e5", "models/marts/orders.yml", 8),
      ],
      { crashAfterNodes: 3 },
    ),
  ],
};

export const SCENARIOS: readonly ScenarioSpec[] = [
  modelErrors,
  skipChains,
  tests,
  states,
  unitTests,
  freshness,
  multiInvocation,
  emptyRun,
  makeLargeScenario({ nodes: 400, queriesPerModel: 2 }),
  warningsAndIdle,
  crashedRun,
  retry,
];
