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
  // Each node's root and depth, found once: a node's walk stops at a node already resolved, so a
  // chain 10,000 deep is walked once, not once per node on it (which took minutes).
  const resolved = new Map<string, { root: string; depth: number }>();
  const path: NodeResult[] = [];
  const onPath = new Set<string>();
  skippedById.forEach((start) => {
    if (resolved.has(start.uniqueId)) return;
    let node = start;
    let root: string;
    let depth: number;
    for (;;) {
      path.push(node);
      onPath.add(node.uniqueId);
      const cause = node.skippedBecauseOf!;
      const known = resolved.get(cause);
      if (known) {
        ({ root, depth } = known);
        break;
      }
      const upstream = skippedById.get(cause);
      // A cause that is no upstream skip is the root; so is one met again (a cycle, in hostile data).
      if (!upstream || onPath.has(cause)) {
        root = cause;
        depth = 0;
        break;
      }
      node = upstream;
    }
    for (let i = path.length - 1; i >= 0; i--) resolved.set(path[i]!.uniqueId, { root, depth: ++depth });
    path.length = 0;
    onPath.clear();
  });
  const chains = new Map<string, SkipChain>();
  skippedById.forEach((node) => {
    const { root, depth } = resolved.get(node.uniqueId)!;
    let chain = chains.get(root);
    if (!chain) {
      chain = { rootId: root, rootStatus: "missing", skipped: [] };
      chains.set(root, chain);
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
