import type { NodeFacts } from "../telemetry/events.js";
import type { NodeStatus, ResourceType } from "./types.js";

/**
 * The one status per node, following the engine's documented mapping (fusion-telemetry.md §9):
 * a test that ran and found rows is `fail` (node outcome SUCCESS + test outcome FAILED); a test
 * that could not run is `error`. Cached, no-op, phase-disabled/-skipped and canceled stay distinct.
 */
export function decideStatus(
  facts: Pick<NodeFacts, "outcome" | "skipReason" | "test" | "freshness">,
): NodeStatus {
  switch (facts.outcome) {
    case "error":
      return "error";
    case "canceled":
      return "canceled";
    case "skipped":
      switch (facts.skipReason) {
        case "cached":
          return "reused";
        case "no_op":
          return "no-op";
        case "phase_disabled":
          return "phase-disabled";
        case "phase_skipped":
          return "phase-skipped";
        default:
          return "skipped";
      }
    case "success":
      if (facts.test) {
        return facts.test.outcome === "failed" ? "fail" : facts.test.outcome === "warned" ? "warn" : "pass";
      }
      if (facts.freshness) {
        return facts.freshness.outcome === "error" ? "error" : facts.freshness.outcome;
      }
      return "success";
    default:
      return "unknown";
  }
}

const RESOURCE_TYPES = new Set<ResourceType>([
  "model",
  "seed",
  "snapshot",
  "source",
  "test",
  "unit_test",
  "function",
  "analysis",
  "operation",
  "exposure",
  "metric",
  "saved_query",
  "semantic_model",
  "macro",
]);

/** From the engine's node_type, else the unique_id's first segment (`model.shop.orders`). */
export function resourceTypeOf(nodeType: string | null, uniqueId: string): ResourceType {
  const candidate = nodeType ?? segment(uniqueId, 0);
  return RESOURCE_TYPES.has(candidate as ResourceType) ? (candidate as ResourceType) : "unknown";
}

export function packageOf(uniqueId: string): string | null {
  return uniqueId.includes(".") ? segment(uniqueId, 1) : null;
}

/** The `index`th dot-separated segment (0 or 1), without splitting the whole id (it runs per node). */
function segment(uniqueId: string, index: 0 | 1): string {
  const dot = uniqueId.indexOf(".");
  if (index === 0) return dot < 0 ? uniqueId : uniqueId.slice(0, dot);
  const next = uniqueId.indexOf(".", dot + 1);
  return uniqueId.slice(dot + 1, next < 0 ? uniqueId.length : next);
}
