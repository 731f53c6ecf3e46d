// A node result and an invocation as the model makes them, for tests that build reports by hand:
// every field filled with a plain value, the test's own given in `over`.
import { emptyCounts } from "../../src/model/counts.js";
import type { Invocation, NodeResult } from "../../src/model/types.js";

/** A node that succeeded, named by its unique id (`model.shop.orders`), in `models/<name>.sql`. */
export function nodeResult(uniqueId: string, over: Partial<NodeResult> = {}): NodeResult {
  const [resourceType, packageName, name] = uniqueId.split(".");
  return {
    uniqueId,
    name: name!,
    resourceType: resourceType as NodeResult["resourceType"],
    packageName: packageName ?? null,
    materialization: null,
    outcome: "success",
    skipReason: null,
    status: "success",
    errorType: null,
    message: null,
    logs: [],
    test: null,
    freshness: null,
    skippedBecauseOf: null,
    skipRoot: null,
    lastPhase: "run",
    inSelection: true,
    rowsAffected: null,
    timing: {
      processingMs: 1,
      lifetimeMs: 1,
      idleMs: null,
      warehouseMs: 0,
      queryCount: 0,
      startedAt: null,
      completedAt: null,
    },
    location: { path: `models/${name}.sql` },
    ...over,
  };
}

/** A finished `dbt build` that failed, holding `nodes`, with zero counts unless `over` gives them. */
export function invocationOf(nodes: NodeResult[], over: Partial<Invocation> = {}): Invocation {
  return {
    invocationId: "inv-1",
    traceId: "0".repeat(32),
    command: "build",
    rawCommand: "dbt build",
    dbtVersion: "2.0.0",
    target: "dev",
    startedAt: null,
    completedAt: null,
    durationMs: null,
    state: "complete",
    statusMessage: null,
    failed: true,
    source: { files: ["logs/otel.jsonl"], format: "jsonl" },
    phases: [],
    nodes,
    counts: emptyCounts(),
    skipChains: [],
    runErrors: [],
    slowest: { byProcessing: [], byLifetime: [], byIdle: [], byWarehouse: [] },
    readerWarnings: [],
    ...over,
  };
}
