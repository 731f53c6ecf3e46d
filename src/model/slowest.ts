import type { NodeResult, SlowNode, Slowest } from "./types.js";

type Measure = "processingMs" | "lifetimeMs" | "idleMs" | "warehouseMs";

export function pickSlowest(nodes: readonly NodeResult[], limit: number): Slowest {
  return {
    byProcessing: top(nodes, "processingMs", limit),
    byLifetime: top(nodes, "lifetimeMs", limit),
    byIdle: top(nodes, "idleMs", limit),
    byWarehouse: top(nodes, "warehouseMs", limit),
  };
}

function top(nodes: readonly NodeResult[], measure: Measure, limit: number): SlowNode[] {
  if (limit <= 0) return [];
  return nodes
    .filter((node) => (node.timing[measure] ?? 0) > 0)
    .sort(
      (a, b) =>
        (b.timing[measure] ?? 0) - (a.timing[measure] ?? 0) ||
        (a.uniqueId < b.uniqueId ? -1 : a.uniqueId > b.uniqueId ? 1 : 0),
    )
    .slice(0, limit)
    .map(toSlowNode);
}

export function toSlowNode(node: NodeResult): SlowNode {
  return {
    uniqueId: node.uniqueId,
    name: node.name,
    resourceType: node.resourceType,
    status: node.status,
    processingMs: node.timing.processingMs,
    lifetimeMs: node.timing.lifetimeMs,
    idleMs: node.timing.idleMs,
    warehouseMs: node.timing.warehouseMs,
  };
}
