// run_results.json's per-node fields where the telemetry's own values would mislead a legacy tool.
import { describe, expect, it } from "vitest";
import type { Report } from "../../src/model/types.js";
import { renderRunResults } from "../../src/render/run-results.js";
import { reportFor } from "../support/report.js";
import { crashedRetryReport, ORDERS, retryReport } from "../support/retry-report.js";

describe("renderRunResults", () => {
  it("gives no timing entry whose end comes before its start", async () => {
    const report = await reportFor(["test/fixtures/real/preview120_build_success.otel.jsonl"]);
    const [backwards, intact] = report.invocations[0]!.nodes;
    backwards!.timing = { ...backwards!.timing, completedAt: "2000-01-01T00:00:00Z" };
    const results = renderRunResults(report, "2026-11-30T00:00:00Z").results;
    const of = (uniqueId: string) => results.find((r) => r.unique_id === uniqueId)!;
    expect(of(backwards!.uniqueId).timing).toEqual([]);
    expect(of(intact!.uniqueId).timing).toHaveLength(1);
  });

  it("names the command in args.which as dbt Core does: the subcommand's own name", async () => {
    const report = await reportFor(["test/fixtures/generated/freshness/telemetry.jsonl"]);
    expect(report.invocations[0]!.command).toBe("source freshness");
    expect(renderRunResults(report, "2026-11-30T00:00:00Z").args.which).toBe("freshness");
    report.invocations[0]!.command = "docs generate";
    expect(renderRunResults(report, "2026-11-30T00:00:00Z").args.which).toBe("generate");
    report.invocations[0]!.command = "build";
    expect(renderRunResults(report, "2026-11-30T00:00:00Z").args.which).toBe("build");
  });

  it("names the command of a dbt platform step's command line, not its last word", async () => {
    const report = await reportFor(["test/fixtures/generated/freshness/telemetry.jsonl"]);
    const which = (command: string | null) => {
      report.invocations[0]!.command = command;
      return renderRunResults(report, "2026-11-30T00:00:00Z").args.which;
    };
    expect(which("dbt build --select state:modified+")).toBe("build");
    expect(which("dbt --debug source freshness --select orders")).toBe("freshness");
    // No command to name: no which, rather than a selector's or flag's word.
    expect(which("dbt --debug")).toBeUndefined();
    expect(which(null)).toBeUndefined();
  });
});

describe("elapsed_time of a run that did not finish", () => {
  it("runs to its last node's end, leaving out a node whose times the model found implausible", async () => {
    const report = await reportFor(["test/fixtures/generated/crashed-run/telemetry.jsonl"]);
    const elapsed = renderRunResults(report, "2026-01-01T00:00:00.000000Z").elapsed_time;
    expect(elapsed).toBeGreaterThan(0);
    expect(elapsed).toBeLessThan(60);
    // As implausible-times.ts leaves a span that ends in year 9999: its times kept, its lifetime unknown.
    const node = report.invocations[0]!.nodes[0]!;
    node.timing = { ...node.timing, completedAt: "9999-12-31T23:59:59.000000Z", lifetimeMs: null };
    expect(renderRunResults(report, "2026-01-01T00:00:00.000000Z").elapsed_time).toBe(elapsed);
  });
});

describe("run_results.json after dbt build || dbt retry", () => {
  const statuses = (report: Report) =>
    Object.fromEntries(
      renderRunResults(report, "2026-01-01T00:00:00.000000Z").results.map((r) => [r.unique_id, r.status]),
    );

  it("holds one result per node, its latest", async () => {
    const report = await retryReport();
    const results = renderRunResults(report, "2026-01-01T00:00:00.000000Z").results;
    const ids = results.map((r) => r.unique_id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(statuses(report)).toEqual({
      "model.shop.stg_orders": "success",
      [ORDERS]: "success",
      "test.shop.not_null_orders_order_id.a1b2c3d4e5": "pass",
      "model.shop.customers": "success",
      "test.shop.unique_customers_customer_id.c7d8e9f0a1": "fail",
    });
  });

  it("keeps the build's result of a node a crashed retry never finished, as the report counts it", async () => {
    const report = await crashedRetryReport();
    const build = report.invocations[0]!.nodes.find((n) => n.uniqueId === ORDERS)!;
    const orders = renderRunResults(report, "2026-01-01T00:00:00.000000Z").results.find(
      (r) => r.unique_id === ORDERS,
    )!;
    expect(orders.message).toBe(build.message);
    expect(orders.execution_time).toBe(build.timing.processingMs! / 1000);
    // What the crashed retry did finish is still its latest result.
    expect(statuses(report)["test.shop.not_null_orders_order_id.a1b2c3d4e5"]).toBe("pass");
  });

  it("reads a result marked as run again as history, wherever it stands", async () => {
    const report = await retryReport();
    // A report whose invocations are listed retry first (a JSON report put together by hand).
    const reversed = { ...report, invocations: [...report.invocations].reverse() };
    expect(statuses(reversed)[ORDERS]).toBe("success");
  });
});

describe("args after dbt retry", () => {
  it("names the command the retry ran again in args.which, as dbt Core writes it, and the retry as typed", async () => {
    const { args, metadata } = renderRunResults(await retryReport(), "2026-01-01T00:00:00.000000Z");
    // `dbt retry` reads args.which to know what to run again: it has no task for `retry`.
    expect(args).toMatchObject({ which: "build", invocation_command: "dbt retry" });
    expect(metadata.invocation_id).toBe("019aa612-2bfb-7dd9-9056-7ee09b49eba2");
  });
});
