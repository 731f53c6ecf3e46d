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
      if (facts.test?.outcome === "failed") return "fail";
      if (facts.test?.outcome === "warned") return "warn";
      if (facts.freshness && facts.freshness.outcome !== "pass") {
        return facts.freshness.outcome === "error" ? "error" : facts.freshness.outcome;
      }
      // A test dbt State reused reports SUCCESS with skip reason CACHED (fusion-telemetry.md §10):
      // reused, as a cached skip is, and never `success`, which is no test's status.
      if (facts.skipReason === "cached") return "reused";
      return facts.test || facts.freshness ? "pass" : "success";
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
  "doc",
]);

/**
 * The engine's node types named otherwise than dbt Core's resource types: a docs block is
 * NODE_TYPE_DOCS_MACRO to the engine and `doc` to dbt Core (its unique_id is `doc.<package>.<name>`).
 */
const CORE_NAME: Readonly<Record<string, ResourceType>> = { docs_macro: "doc" };

/**
 * From the engine's node_type, in dbt Core's words; else (none, or one this reader does not know)
 * the unique_id's first segment (`model.shop.orders`).
 */
export function resourceTypeOf(nodeType: string | null, uniqueId: string): ResourceType {
  const named = nodeType !== null && Object.hasOwn(CORE_NAME, nodeType) ? CORE_NAME[nodeType] : nodeType;
  if (named && RESOURCE_TYPES.has(named as ResourceType)) return named as ResourceType;
  const segment = firstSegment(uniqueId);
  return RESOURCE_TYPES.has(segment as ResourceType) ? (segment as ResourceType) : "unknown";
}

/** The package packageOf named last: a build's nodes nearly all share one or two. */
let lastPackage = "";

/**
 * The id's package segment. The same string as for the node before when the package is the same,
 * so a 20,000-node report keeps one copy of it, not one per node.
 */
export function packageOf(uniqueId: string): string | null {
  const dot = uniqueId.indexOf(".");
  if (dot < 0) return null;
  const next = uniqueId.indexOf(".", dot + 1);
  const end = next < 0 ? uniqueId.length : next;
  if (end - dot - 1 !== lastPackage.length || !uniqueId.startsWith(lastPackage, dot + 1)) {
    lastPackage = uniqueId.slice(dot + 1, end);
  }
  return lastPackage;
}

/** The first dot-separated segment, without splitting the whole id (it runs per node). */
function firstSegment(uniqueId: string): string {
  const dot = uniqueId.indexOf(".");
  return dot < 0 ? uniqueId : uniqueId.slice(0, dot);
}
