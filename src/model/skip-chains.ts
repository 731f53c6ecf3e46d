import type { NodeResult, SkipChain } from "./types.js";

/**
 * Groups upstream skips under the node that caused them. The engine names the immediate cause
 * (sometimes the root itself); following `skippedBecauseOf` through skipped nodes reaches the root.
 */
export function buildSkipChains(nodes: readonly NodeResult[]): SkipChain[] {
  const byId = new Map(nodes.map((node) => [node.uniqueId, node]));
  const chains = new Map<string, SkipChain>();
  for (const node of nodes) {
    if (node.status !== "skipped" || !node.skippedBecauseOf) continue;
    let cause = node.skippedBecauseOf;
    let depth = 1;
    const seen = new Set([node.uniqueId]);
    for (;;) {
      const upstream = byId.get(cause);
      if (!upstream || upstream.status !== "skipped" || !upstream.skippedBecauseOf || seen.has(cause)) break;
      seen.add(cause);
      cause = upstream.skippedBecauseOf;
      depth++;
    }
    let chain = chains.get(cause);
    if (!chain) {
      chain = { rootId: cause, rootStatus: byId.get(cause)?.status ?? "missing", skipped: [] };
      chains.set(cause, chain);
    }
    chain.skipped.push({ uniqueId: node.uniqueId, via: node.skippedBecauseOf, depth });
  }
  const result = [...chains.values()];
  for (const chain of result) {
    chain.skipped.sort((a, b) => a.depth - b.depth || compare(a.uniqueId, b.uniqueId));
  }
  // Largest blast radius first: that is the failure to fix first. Of equal ones, the root listed
  // first among the nodes (where the errors are listed in the same order), then by id.
  if (result.length < 2) return result;
  const position = new Map<string, number>();
  for (const chain of result) position.set(chain.rootId, Number.MAX_SAFE_INTEGER);
  nodes.forEach((node, index) => {
    if (position.has(node.uniqueId)) position.set(node.uniqueId, index);
  });
  const at = (id: string): number => position.get(id)!;
  return result.sort(
    (a, b) =>
      b.skipped.length - a.skipped.length || at(a.rootId) - at(b.rootId) || compare(a.rootId, b.rootId),
  );
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
