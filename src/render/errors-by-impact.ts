// The order errors are listed in: those that held back the most nodes downstream first, so a view
// cut to its first errors shows the root causes a reviewer must fix. Ties keep the run's order.
// The JSON report and run_results.json keep the run's order; this is for what people read.
import type { Invocation, NodeResult } from "../model/types.js";

export function erroredByImpact(inv: Invocation): NodeResult[] {
  const skipped = new Map(inv.skipChains.map((chain) => [chain.rootId, chain.skipped.length]));
  const held = (node: NodeResult): number => skipped.get(node.uniqueId) ?? 0;
  // Array.prototype.sort is stable: equal counts stay in run order.
  return inv.nodes.filter((node) => node.status === "error").sort((a, b) => held(b) - held(a));
}
