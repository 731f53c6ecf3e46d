// The `retry` scenario (test/fixtures/generated/retry): `dbt build || dbt retry`, where the build's
// `orders` errors and the retry passes it; and the same pair with the retry crashed on `orders`.
import { linkRetries } from "../../src/model/retries.js";
import type { Report } from "../../src/model/types.js";
import { reportFor } from "./report.js";

export const RETRY = "test/fixtures/generated/retry/telemetry.jsonl";
export const ORDERS = "model.shop.orders";

export async function retryReport(): Promise<Report> {
  return reportFor([RETRY]);
}

/**
 * The retry crashed while running `orders` (its span never ended): the build's error stays the node's
 * latest result (retries.ts), linked again as the report builder links them.
 */
export async function crashedRetryReport(): Promise<Report> {
  const report = await retryReport();
  const unlinked = report.invocations.map((inv, at) => ({
    ...inv,
    ...(at === 1 ? { state: "incomplete" as const } : {}),
    nodes: inv.nodes.map(({ supersededBy: _, ...node }) =>
      at === 1 && node.uniqueId === ORDERS
        ? { ...node, status: "unknown" as const, outcome: "unspecified" as const, message: null }
        : node,
    ),
  }));
  return { ...report, invocations: linkRetries(unlinked) };
}
