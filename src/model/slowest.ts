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
  const slower = (a: NodeResult, b: NodeResult): number =>
    (b.timing[measure] ?? 0) - (a.timing[measure] ?? 0) ||
    (a.uniqueId < b.uniqueId ? -1 : a.uniqueId > b.uniqueId ? 1 : 0);
  // The `limit` first in order, kept sorted as nodes stream past: no sort of every node.
  const best: NodeResult[] = [];
  for (const node of nodes) {
    if ((node.timing[measure] ?? 0) <= 0) continue;
    if (best.length === limit && slower(node, best[limit - 1]!) >= 0) continue;
    let lo = 0;
    let hi = best.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (slower(best[mid]!, node) <= 0) lo = mid + 1;
      else hi = mid;
    }
    best.splice(lo, 0, node);
    if (best.length > limit) best.pop();
  }
  return best.map(toSlowNode);
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
