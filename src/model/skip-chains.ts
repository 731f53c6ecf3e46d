import type { NodeResult, SkipChain } from "./types.js";

/**
 * Groups upstream skips under the node that caused them. The engine names the immediate cause
 * (sometimes the root itself); following `skippedBecauseOf` through skipped nodes reaches the root.
 */
export function buildSkipChains(nodes: readonly NodeResult[]): SkipChain[] {
  // Only upstream skips are followed, so only they are looked up by id (a map of every node of a
  // 20,000-node build was most of this function's time); a root's status is found in one pass after.
  const skippedById = new Map<string, NodeResult>();
  for (let i = 0; i < nodes.length; i++) {
    const node = nodes[i]!;
    if (node.status === "skipped" && node.skippedBecauseOf) skippedById.set(node.uniqueId, node);
  }
  if (skippedById.size === 0) return [];
  const chains = new Map<string, SkipChain>();
  skippedById.forEach((node) => {
    let cause = node.skippedBecauseOf!;
    let depth = 1;
    const seen = new Set([node.uniqueId]);
    for (;;) {
      const upstream = skippedById.get(cause);
      if (!upstream || seen.has(cause)) break;
      seen.add(cause);
      cause = upstream.skippedBecauseOf!;
      depth++;
    }
    let chain = chains.get(cause);
    if (!chain) {
      chain = { rootId: cause, rootStatus: "missing", skipped: [] };
      chains.set(cause, chain);
    }
    chain.skipped.push({ uniqueId: node.uniqueId, via: node.skippedBecauseOf!, depth });
  });
  // Where each root is among the nodes (the first node of its id), and its status.
  const position = new Map<string, number>();
  for (let i = 0; i < nodes.length; i++) {
    const node = nodes[i]!;
    const chain = chains.get(node.uniqueId);
    if (chain && !position.has(node.uniqueId)) {
      position.set(node.uniqueId, i);
      chain.rootStatus = node.status;
    }
  }
  const result = [...chains.values()];
  for (const chain of result) {
    chain.skipped.sort((a, b) => a.depth - b.depth || compare(a.uniqueId, b.uniqueId));
  }
  // Largest blast radius first: that is the failure to fix first. Of equal ones, the root listed
  // first among the nodes (where the errors are listed in the same order), then by id.
  if (result.length < 2) return result;
  const at = (id: string): number => position.get(id) ?? Number.MAX_SAFE_INTEGER;
  return result.sort(
    (a, b) =>
      b.skipped.length - a.skipped.length || at(a.rootId) - at(b.rootId) || compare(a.rootId, b.rootId),
  );
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
