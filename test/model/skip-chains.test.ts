import { describe, expect, it } from "vitest";
import { buildSkipChains } from "../../src/model/skip-chains.js";
import type { NodeResult, NodeStatus } from "../../src/model/types.js";

function node(uniqueId: string, status: NodeStatus, skippedBecauseOf: string | null = null): NodeResult {
  return { uniqueId, status, skippedBecauseOf } as unknown as NodeResult;
}

const skipped = (id: string, via: string): NodeResult => node(id, "skipped", via);

describe("buildSkipChains", () => {
  it("groups a diamond under its root, each node at its distance from the root", () => {
    const chains = buildSkipChains([
      node("model.p.root", "error"),
      skipped("model.p.a", "model.p.root"),
      skipped("model.p.b", "model.p.root"),
      skipped("model.p.c", "model.p.a"),
      skipped("model.p.d", "model.p.b"),
      skipped("model.p.e", "model.p.c"),
    ]);
    expect(chains).toEqual([
      {
        rootId: "model.p.root",
        rootStatus: "error",
        skipped: [
          { uniqueId: "model.p.a", via: "model.p.root", depth: 1 },
          { uniqueId: "model.p.b", via: "model.p.root", depth: 1 },
          { uniqueId: "model.p.c", via: "model.p.a", depth: 2 },
          { uniqueId: "model.p.d", via: "model.p.b", depth: 2 },
          { uniqueId: "model.p.e", via: "model.p.c", depth: 3 },
        ],
      },
    ]);
  });

  it("names a root the build does not hold as missing, and ends a cycle (hostile data) where it closes", () => {
    const chains = buildSkipChains([
      skipped("model.p.orphan", "model.p.not_in_build"),
      skipped("model.p.x", "model.p.y"),
      skipped("model.p.y", "model.p.x"),
      skipped("model.p.tail", "model.p.x"),
      skipped("model.p.self", "model.p.self"),
    ]);
    expect(chains.map((chain) => [chain.rootId, chain.rootStatus, chain.skipped.length])).toEqual([
      ["model.p.x", "skipped", 3],
      ["model.p.self", "skipped", 1],
      ["model.p.not_in_build", "missing", 1],
    ]);
    expect(chains[0]!.skipped).toEqual([
      { uniqueId: "model.p.y", via: "model.p.x", depth: 1 },
      { uniqueId: "model.p.x", via: "model.p.y", depth: 2 },
      { uniqueId: "model.p.tail", via: "model.p.x", depth: 3 },
    ]);
  });

  it("walks a long chain once, not once per node on it", () => {
    // Each node skipped because of the one before it. Following the causes from every node anew read
    // a cause 2 million times for these 2,000 nodes (a chain 30,000 deep took two minutes); walked
    // once, a few times per node. Counted, not timed.
    let reads = 0;
    const counted = (uniqueId: string, status: NodeStatus, cause: string | null): NodeResult =>
      ({
        uniqueId,
        status,
        get skippedBecauseOf() {
          reads++;
          return cause;
        },
      }) as unknown as NodeResult;
    const nodes = [counted("model.p.n0", "error", null)];
    for (let i = 1; i < 2_000; i++) nodes.push(counted(`model.p.n${i}`, "skipped", `model.p.n${i - 1}`));
    const chains = buildSkipChains(nodes.reverse());
    expect(chains).toHaveLength(1);
    expect(chains[0]!.skipped).toHaveLength(1_999);
    expect(chains[0]!.skipped.at(-1)).toEqual({
      uniqueId: "model.p.n1999",
      via: "model.p.n1998",
      depth: 1_999,
    });
    expect(reads).toBeLessThan(5 * nodes.length);
  });
});
