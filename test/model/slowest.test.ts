import { describe, expect, it } from "vitest";
import { pickSlowest } from "../../src/model/slowest.js";
import type { NodeResult } from "../../src/model/types.js";

function node(i: number, processingMs: number | null, warehouseMs: number): NodeResult {
  return {
    uniqueId: `model.p.n${String(i).padStart(4, "0")}`,
    name: `n${i}`,
    resourceType: "model",
    status: "success",
    timing: { processingMs, lifetimeMs: processingMs, idleMs: null, warehouseMs, queryCount: 0 },
  } as unknown as NodeResult;
}

describe("pickSlowest", () => {
  it("equals sorting every node (slowest first, ties by unique id), for any limit", () => {
    let seed = 3;
    const rand = (): number => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    // Few distinct values, so ties are common; some nulls and zeros, which are never listed.
    const nodes = Array.from({ length: 400 }, (_, i) =>
      node(i, rand() < 0.1 ? null : Math.floor(rand() * 20), Math.floor(rand() * 5)),
    );
    const shuffled = [...nodes].sort(() => rand() - 0.5);
    for (const limit of [0, 1, 3, 10, 50, 400, 1000]) {
      const picked = pickSlowest(shuffled, limit);
      const expected = nodes
        .filter((n) => (n.timing.processingMs ?? 0) > 0)
        .sort(
          (a, b) =>
            (b.timing.processingMs ?? 0) - (a.timing.processingMs ?? 0) || (a.uniqueId < b.uniqueId ? -1 : 1),
        )
        .slice(0, limit)
        .map((n) => n.uniqueId);
      expect(
        picked.byProcessing.map((n) => n.uniqueId),
        `limit ${limit}`,
      ).toEqual(expected);
      expect(picked.byIdle).toEqual([]);
      expect(picked.byWarehouse.length).toBe(
        Math.min(limit, nodes.filter((n) => n.timing.warehouseMs > 0).length),
      );
    }
  });
});
