// Golden tests over the generated scenarios (test/fixtures/generated/README.md says what each holds
// and how to regenerate them). Each scenario directory keeps its expected JSON report, Markdown and
// run_results.json beside the telemetry, and the Parquet and JSONL copies must agree.
import { existsSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { Report } from "../../src/model/types.js";
import { renderJsonReport } from "../../src/render/json-report.js";
import { renderMarkdown } from "../../src/render/markdown.js";
import { renderRunResults } from "../../src/render/run-results.js";
import { ROOT, reportFor, reportSchemaErrors, runResultsSchemaErrors } from "../support/report.js";

const DIR = "test/fixtures/generated";
const SCENARIOS = [
  "model-errors",
  "skip-chains",
  "tests",
  "states",
  "unit-tests",
  "freshness",
  "multi-invocation",
  "empty-run",
  "large-run",
  "warnings-and-idle",
  "crashed-run",
  "retry",
];

const withoutSource = (report: Report): unknown =>
  JSON.parse(JSON.stringify(report, (key, value) => (key === "source" ? undefined : value)));

describe.each(SCENARIOS)("scenario %s", (scenario) => {
  const jsonl = `${DIR}/${scenario}/telemetry.jsonl`;
  const parquet = `${DIR}/${scenario}/telemetry.parquet`;

  it("matches its golden report, Markdown and run_results.json", async () => {
    const report = await reportFor([jsonl]);
    expect(reportSchemaErrors(report)).toBe("");
    const runResults = renderRunResults(report, "2026-01-01T00:00:00.000000Z");
    expect(runResultsSchemaErrors(runResults)).toBe("");
    await expect(renderJsonReport(report)).toMatchFileSnapshot(
      `../fixtures/generated/${scenario}/expected.report.json`,
    );
    await expect(
      renderMarkdown(report, { maxBytes: 1_000_000, title: "dbt Fusion", fullReportHint: "the JSON report" }),
    ).toMatchFileSnapshot(`../fixtures/generated/${scenario}/expected.md`);
    await expect(`${JSON.stringify(runResults, null, 2)}\n`).toMatchFileSnapshot(
      `../fixtures/generated/${scenario}/expected.run_results.json`,
    );
  });

  it("reads the same result from Parquet as from JSONL", async () => {
    expect(existsSync(path.join(ROOT, parquet))).toBe(true);
    if (scenario === "crashed-run") {
      // A crashed run leaves no Parquet footer: a clear error, not a partial report.
      await expect(reportFor([parquet])).rejects.toThrow(
        /telemetry\.parquet: truncated Parquet file: the footer is missing/,
      );
      return;
    }
    const fromJsonl = await reportFor([jsonl]);
    const fromParquet = await reportFor([parquet]);
    if (scenario === "retry") {
      // Parquet holds the retry alone (the engine's File::create truncates): a retry with nothing
      // to retry, its own results as they are. Both files in Parquet are read in test/model/retries.test.ts.
      const { retryOf, ...retry } = fromJsonl.invocations[1]!;
      expect(retryOf).toBe(fromJsonl.invocations[0]!.invocationId);
      expect(withoutSource(fromParquet)).toEqual(withoutSource({ ...fromParquet, invocations: [retry] }));
      return;
    }
    if (scenario === "multi-invocation") {
      // Parquet holds one invocation per file: the last of the appended JSONL.
      expect(fromParquet.invocations).toHaveLength(1);
      expect(withoutSource({ ...fromParquet, invocations: fromParquet.invocations } as Report)).toEqual(
        withoutSource({
          ...fromParquet,
          invocations: [fromJsonl.invocations[1]!],
        } as Report),
      );
      return;
    }
    expect(withoutSource(fromParquet)).toEqual(withoutSource(fromJsonl));
  });
});

const node = (report: Report, id: string) => {
  const found = report.invocations.flatMap((inv) => inv.nodes).find((n) => n.uniqueId === id);
  if (!found) throw new Error(`no node ${id}`);
  return found;
};

describe("scenario facts (by hand, from the scenario specs)", () => {
  it("model-errors: a user and an external error, with the error text and downstream skips", async () => {
    const report = await reportFor([`${DIR}/model-errors/telemetry.jsonl`]);
    expect(report.counts).toMatchObject({ error: 2, skipped: 4 });
    expect(report.counts.success + report.counts.pass).toBe(5);
    const user = node(report, "model.shop.stg_orders");
    expect(user.errorType).toBe("user");
    // eslint-disable-next-line no-control-regex -- the ANSI escape is what must be gone
    expect(user.message).not.toMatch(/\u001b/);
    expect(node(report, "model.shop.stg_payments").errorType).toBe("external");
    const chain = report.invocations[0]!.skipChains.find((c) => c.rootId === "model.shop.stg_orders")!;
    expect(chain.skipped).toHaveLength(3);
  });

  it("skip-chains: follows immediate causes transitively to the root", async () => {
    const report = await reportFor([`${DIR}/skip-chains/telemetry.jsonl`]);
    const chains = report.invocations[0]!.skipChains;
    const root = chains.find((c) => c.rootId === "model.shop.stg_orders")!;
    const byId = new Map(root.skipped.map((s) => [s.uniqueId.split(".").slice(0, 3).join("."), s]));
    expect(byId.get("model.shop.int_orders_enriched")?.depth).toBe(1);
    expect(byId.get("model.shop.orders")?.depth).toBe(2);
    expect(byId.get("model.shop.orders")?.via).toBe("model.shop.int_orders_enriched");
    expect(chains.find((c) => c.rootId === "model.shop.stg_payments")?.rootStatus).toBe("error");
    for (const skipped of root.skipped)
      expect(node(report, skipped.uniqueId).skipRoot).toBe("model.shop.stg_orders");
  });

  it("tests: pass / warn / fail with failing rows, and a test that could not run is an error", async () => {
    const report = await reportFor([`${DIR}/tests/telemetry.jsonl`]);
    expect(report.counts).toMatchObject({ pass: 3, warn: 1, fail: 3, error: 1 });
    const warned = report.invocations[0]!.nodes.find((n) => n.status === "warn")!;
    expect(warned.test).toEqual({ outcome: "warned", failingRows: 3 });
    // defined_at_col 14 is 0-based on the wire; annotations use 1-based columns.
    expect(warned.location).toEqual({ path: "models/marts/orders.yml", line: 14, column: 15 });
    const failedRows = report.invocations[0]!.nodes.filter((n) => n.status === "fail").map(
      (n) => n.test?.failingRows,
    );
    expect(failedRows.sort((a, b) => a! - b!)).toEqual([1, 2, 17]);
  });

  it("states: reused, no-op, phase-disabled, phase-skipped and canceled stay distinct and are not failures", async () => {
    const report = await reportFor([`${DIR}/states/telemetry.jsonl`]);
    expect(report.counts).toMatchObject({
      reused: 3,
      noOp: 1,
      phaseDisabled: 1,
      phaseSkipped: 1,
      canceled: 1,
      error: 0,
      fail: 0,
    });
    expect(report.conclusion).toBe("neutral");
    const runResults = renderRunResults(report, "2026-01-01T00:00:00Z");
    const status = (id: string) => runResults.results.find((r) => r.unique_id === id)?.status;
    expect(status("model.shop.stg_customers")).toBe("reused");
    expect(status("model.shop.int_order_items")).toBe("no-op");
    expect(status("analysis.shop.revenue_trend")).toBe("skipped");
    expect(status("model.shop.customers")).toBe("skipped");
  });

  it("unit-tests: failing unit test keeps its diff; the erroring one skips its model", async () => {
    const report = await reportFor([`${DIR}/unit-tests/telemetry.jsonl`]);
    const failed = report.invocations[0]!.nodes.find((n) => n.status === "fail")!;
    expect(failed.resourceType).toBe("unit_test");
    expect(failed.test?.failingRows).toBe(2);
    expect(failed.test?.diffTable).toBeTruthy();
    expect(node(report, "model.shop.stg_locations").status).toBe("skipped");
  });

  it("freshness: pass / warn / error by source freshness outcome", async () => {
    const report = await reportFor([`${DIR}/freshness/telemetry.jsonl`]);
    const statuses = Object.fromEntries(report.invocations[0]!.nodes.map((n) => [n.name, n.status]));
    expect(statuses).toMatchObject({ orders: "pass", customers: "warn", payments: "error" });
    expect(report.invocations[0]!.nodes.find((n) => n.name === "customers")?.freshness).toEqual({
      outcome: "warn",
      ageSeconds: 90000,
    });
  });

  it("multi-invocation: two invocations in one file, kept apart", async () => {
    const report = await reportFor([`${DIR}/multi-invocation/telemetry.jsonl`]);
    expect(report.invocations.map((i) => i.command)).toEqual(["run", "build"]);
    expect(report.invocations[0]!.counts.error).toBe(1);
    expect(report.invocations[1]!.counts.error).toBe(0);
  });

  it("retry: the report follows each node's latest result; the build's results stay as they were", async () => {
    const report = await reportFor([`${DIR}/retry/telemetry.jsonl`]);
    const [build, retry] = report.invocations;
    expect(retry!.retryOf).toBe(build!.invocationId);
    expect(build!.counts).toMatchObject({ error: 1, fail: 1, skipped: 1 });
    // The test that failed twice is one failed test; the model that errored passed on retry.
    expect(report.counts).toMatchObject({ total: 5, error: 0, fail: 1, skipped: 0, success: 3, pass: 1 });
    expect(report.conclusion).toBe("failure");
    expect(report.conclusionReason).toBe("1 failed test");
    expect(report.passedOnRetry?.map((n) => [n.uniqueId, n.failedStatus, n.status])).toEqual([
      ["model.shop.orders", "error", "success"],
    ]);
  });

  it("empty-run: an invocation with no nodes is a success with nothing to list", async () => {
    const report = await reportFor([`${DIR}/empty-run/telemetry.jsonl`]);
    expect(report.invocations).toHaveLength(1);
    expect(report.counts.total).toBe(0);
    expect(report.conclusion).toBe("success");
  });

  it("warnings-and-idle: idle time and WARN logs from the wrapped payload layout", async () => {
    const report = await reportFor([`${DIR}/warnings-and-idle/telemetry.parquet`]);
    expect(node(report, "model.shop.customers").timing.idleMs).toBe(850);
    expect(node(report, "model.shop.orders").logs.some((l) => l.severity === "WARN")).toBe(true);
  });

  it("crashed-run: a truncated last line and unfinished spans give a partial, failing report", async () => {
    const report = await reportFor([`${DIR}/crashed-run/telemetry.jsonl`]);
    const inv = report.invocations[0]!;
    expect(inv.state).toBe("incomplete");
    expect(inv.readerWarnings.join("\n")).toMatch(/telemetry\.jsonl:\d+: last line is truncated/);
    expect(node(report, "model.shop.orders").status).toBe("unknown");
    expect(report.conclusion).toBe("failure");
  });
});
