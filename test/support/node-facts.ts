import type { NodeFacts } from "../../src/telemetry/events.js";

/** A successful model's facts as the readers make them, every optional fact unset (override any). */
export function nodeFacts(uniqueId: string, over: Partial<NodeFacts> = {}): NodeFacts {
  return {
    uniqueId,
    name: uniqueId.split(".").pop()!,
    nodeType: "model",
    materialization: "table",
    phase: "run",
    outcome: "success",
    skipReason: null,
    errorType: null,
    upstreamId: null,
    test: null,
    freshness: null,
    cacheReason: null,
    withWarnings: false,
    durationMs: null,
    idleMs: null,
    rowsAffected: null,
    inSelection: null,
    path: null,
    line: null,
    column: null,
    unreadable: null,
    ...over,
  };
}
