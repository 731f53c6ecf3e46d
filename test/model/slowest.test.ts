import { describe, expect, it } from "vitest";
import { pickSlowest } from "../../src/model/slowest.js";
import type { NodeResult } from "../../src/model/types.js";

type Measure = "processingMs" | "lifetimeMs" | "idleMs" | "warehouseMs";

function node(i: number, timing: Record<Measure, number | null>): NodeResult {
  return {
    uniqueId: `model.p.n${String(i).padStart(4, "0")}`,
    name: `n${i}`,
    resourceType: "model",
    status: "success",
    timing: { ...timing, warehouseMs: timing.warehouseMs ?? 0, queryCount: 0 },
  } as unknown as NodeResult;
}

describe("pickSlowest", () => {
  it("equals sorting every node (slowest first, ties by unique id), for each measure and any limit", () => {
    let seed = 3;
    const rand = (): number => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    // Few distinct values, so ties are common; some nulls and zeros, which are never listed; idle
    // time on a few nodes only.
    const time = (spread: number, nulls: number): number | null =>
      rand() < nulls ? null : Math.floor(rand() * spread);
    const nodes = Array.from({ length: 400 }, (_, i) =>
      node(i, {
        processingMs: time(20, 0.1),
        lifetimeMs: time(40, 0.05),
        idleMs: time(3, 0.9),
        warehouseMs: time(5, 0),
      }),
    );
    const shuffled = [...nodes].sort(() => rand() - 0.5);
    const sorted = (measure: Measure, limit: number): string[] =>
      nodes
        .filter((n) => (n.timing[measure] ?? 0) > 0)
        .sort(
          (a, b) => (b.timing[measure] ?? 0) - (a.timing[measure] ?? 0) || (a.uniqueId < b.uniqueId ? -1 : 1),
        )
        .slice(0, limit)
        .map((n) => n.uniqueId);
    for (const limit of [0, 1, 3, 10, 50, 400, 1000]) {
      const picked = pickSlowest(shuffled, limit);
      const lists: [Measure, { uniqueId: string }[]][] = [
        ["processingMs", picked.byProcessing],
        ["lifetimeMs", picked.byLifetime],
        ["idleMs", picked.byIdle],
        ["warehouseMs", picked.byWarehouse],
      ];
      for (const [measure, list] of lists) {
        expect(
          list.map((n) => n.uniqueId),
          `${measure}, limit ${limit}`,
        ).toEqual(sorted(measure, limit));
      }
    }
    expect(pickSlowest(shuffled, 10).byIdle.length).toBeGreaterThan(0);
  });
});
