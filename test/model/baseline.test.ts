import { describe, expect, it } from "vitest";
import {
  applyBaseline,
  BaselineError,
  compareWithBaseline,
  parseBaselineReport,
} from "../../src/model/baseline.js";
import { decideConclusion } from "../../src/model/conclusion.js";
import { countStatuses } from "../../src/model/counts.js";
import type {
  BaselineComparison,
  NodeResult,
  NodeStatus,
  Report,
  ResourceType,
} from "../../src/model/types.js";
import { baselineSection } from "../../src/render/baseline-section.js";
import { renderJsonReport } from "../../src/render/json-report.js";
import { renderMarkdown } from "../../src/render/markdown.js";
import { publishedReportSchemaErrors, reportFor, reportSchemaErrors } from "../support/report.js";
import { crashedRetryReport, ORDERS, retryReport } from "../support/retry-report.js";

const PR = "test/fixtures/real/preview120_build_success.otel.jsonl";
const BASE = "test/fixtures/real/preview72_build_success.otel.jsonl";
const GOLDEN = "../fixtures/baseline";

/**
 * A small, fully controlled pair: the real preview72 build (first invocation only) as the base,
 * and a copy edited node by node as the pull request.
 */
async function pair(): Promise<{
  base: Report;
  pr: Report;
  node: (report: Report, name: string) => NodeResult;
}> {
  const full = await reportFor([BASE]);
  const base: Report = { ...full, invocations: [full.invocations[0]!] };
  const pr = structuredClone(base);
  const node = (report: Report, name: string): NodeResult => {
    const found = report.invocations[0]!.nodes.find((n) => n.name === name);
    if (!found) throw new Error(`no node ${name}`);
    return found;
  };
  const set = (report: Report, name: string, status: NodeStatus, message: string | null = null) => {
    Object.assign(node(report, name), { status, message });
  };
  // new: passes on the base branch, errors in the PR
  set(pr, "stg_orders", "error", 'Database Error: column "order_total" does not exist');
  // still failing: errors on both sides
  set(base, "stg_customers", "error", "old error");
  set(pr, "stg_customers", "error", "same error");
  // fixed: failed on the base branch, passes now
  set(base, "unique_stg_orders_order_id", "fail");
  // failed on the base branch, skipped now: not fixed (it did not run)
  set(base, "not_null_stg_orders_order_id", "fail");
  set(pr, "not_null_stg_orders_order_id", "skipped");
  // new warning and fixed warning
  set(pr, "unique_stg_products_product_id", "warn", "Got 3 results, configured to warn if != 0");
  set(base, "not_null_stg_products_product_id", "warn");
  // removed: selected on the base branch, gone from the PR run
  pr.invocations[0]!.nodes = pr.invocations[0]!.nodes.filter((n) => n.name !== "raw_stores");
  // not selected in the PR run (state:modified+ left it out): only in the baseline, never "fixed"
  set(base, "stg_supplies", "error");
  node(pr, "stg_supplies").inSelection = false;
  // added: new in the PR, failing, never labelled "new"
  pr.invocations[0]!.nodes.push({
    ...structuredClone(node(pr, "orders")),
    uniqueId: "model.jaffle_shop.orders_v2",
    name: "orders_v2",
    status: "error",
    message: "compile error",
  });
  // timings: see the regression tests
  node(base, "customers").timing.processingMs = 4_000;
  node(pr, "customers").timing.processingMs = 7_000; // +75 %, +3 s: regression
  node(base, "orders").timing.processingMs = 4_000;
  node(pr, "orders").timing.processingMs = 5_900; // +47.5 %: below 50 %
  node(base, "stg_locations").timing.processingMs = 1_000;
  node(pr, "stg_locations").timing.processingMs = 1_600; // +60 % but only +600 ms: noise
  node(base, "products").timing.processingMs = null;
  node(pr, "products").timing.processingMs = 60_000; // unknown before: never a regression
  for (const report of [base, pr]) {
    for (const n of report.invocations[0]!.nodes) {
      if (!["customers", "orders", "stg_locations", "products"].includes(n.name))
        n.timing.processingMs = 1_000;
    }
  }
  for (const report of [base, pr]) {
    const inv = report.invocations[0]!;
    inv.counts = countStatuses(inv.nodes);
    report.counts = inv.counts;
  }
  return { base, pr, node };
}

describe("compareWithBaseline", () => {
  it("labels new, still-failing and fixed; lists added and removed without labelling them", async () => {
    const { base, pr } = await pair();
    const comparison = compareWithBaseline(pr, base, { regressionThresholdPercent: 50, source: "base.json" });
    await expect(`${JSON.stringify(comparison, null, 2)}\n`).toMatchFileSnapshot(
      `${GOLDEN}/synthetic.comparison.json`,
    );
    const labels = Object.fromEntries(comparison.failures.map((c) => [c.name, c.label]));
    expect(labels).toEqual({
      stg_orders: "new",
      stg_customers: "still-failing",
      unique_stg_orders_order_id: "fixed",
    });
    expect(comparison.failures.map((c) => c.label)).toEqual(["new", "still-failing", "fixed"]);
    expect(Object.fromEntries(comparison.warnings.map((c) => [c.name, c.label]))).toEqual({
      unique_stg_products_product_id: "new",
      not_null_stg_products_product_id: "fixed",
    });
    expect(comparison.added.map((n) => n.uniqueId)).toEqual(["model.jaffle_shop.orders_v2"]);
    expect(comparison.removed.map((n) => n.name).sort()).toEqual(["raw_stores", "stg_supplies"]);
    expect(comparison.counts).toMatchObject({
      newFailures: 1,
      fixedFailures: 1,
      stillFailing: 1,
      addedFailing: 1,
    });
    expect(comparison.counts.compared).toBe(base.invocations[0]!.nodes.length - 2);
  });

  it("regressions need both the percentage and the minimum absolute delta", async () => {
    const { base, pr } = await pair();
    const at = (regressionThresholdPercent: number, minRegressionMs?: number) =>
      compareWithBaseline(pr, base, {
        regressionThresholdPercent,
        ...(minRegressionMs !== undefined ? { minRegressionMs } : {}),
      }).regressions.map((r) => `${r.name} ${r.beforeMs}→${r.afterMs} +${r.percent}%`);
    expect(at(50)).toEqual(["customers 4000→7000 +75%"]);
    expect(at(40)).toEqual(["customers 4000→7000 +75%", "orders 4000→5900 +47.5%"]);
    expect(at(50, 0)).toEqual(["customers 4000→7000 +75%", "stg_locations 1000→1600 +60%"]);
    expect(at(75)).toEqual([]);
    expect(at(0, 2_000)).toEqual(["customers 4000→7000 +75%"]);
  });

  it("compares times only of nodes that ran in both runs (a skip's few ms are no baseline)", async () => {
    const { base, pr, node } = await pair();
    Object.assign(node(base, "customers"), { status: "skipped" });
    const comparison = compareWithBaseline(pr, base, { regressionThresholdPercent: 40, minRegressionMs: 0 });
    expect(comparison.regressions.map((r) => r.name)).not.toContain("customers");
    expect(comparison.regressions.map((r) => r.name)).toContain("orders");
    Object.assign(node(base, "customers"), { status: "success" });
    Object.assign(node(pr, "customers"), { status: "reused" });
    expect(
      compareWithBaseline(pr, base, { regressionThresholdPercent: 40 }).regressions.map((r) => r.name),
    ).not.toContain("customers");
  });

  it("compares no time of a node that errored on either side (an error after 50 ms is no baseline)", async () => {
    const { base, pr, node } = await pair();
    Object.assign(node(base, "customers"), { status: "error" });
    node(base, "customers").timing.processingMs = 50;
    const comparison = compareWithBaseline(pr, base, { regressionThresholdPercent: 40, minRegressionMs: 0 });
    expect(comparison.regressions.map((r) => r.name)).not.toContain("customers");
    expect(comparison.failures.find((f) => f.name === "customers")?.label).toBe("fixed");
  });

  it("a baseline node whose status this version does not know counts as not run, without a crash", async () => {
    const { base, pr, node } = await pair();
    Object.assign(node(base, "customers"), { status: "exploded" });
    const comparison = compareWithBaseline(pr, base, { regressionThresholdPercent: 40, minRegressionMs: 0 });
    expect(comparison.regressions.map((r) => r.name)).not.toContain("customers");
    expect(comparison.failures.map((f) => f.name)).not.toContain("customers");
  });

  it("a baseline time too near 0 for a ratio gives no percentage (no Infinity)", async () => {
    const { base, pr, node } = await pair();
    for (const n of base.invocations[0]!.nodes) n.timing.processingMs = 5e-324;
    const comparison = compareWithBaseline(pr, base, { regressionThresholdPercent: 40, minRegressionMs: 0 });
    expect(comparison.regressions).toEqual([]);
    expect(JSON.stringify(comparison)).not.toMatch(/Infinity|NaN/);
    expect(node(pr, "customers").timing.processingMs).toBeGreaterThan(0);
  });

  it("real runs: preview120 (PR) against preview72 (base branch), golden", async () => {
    const pr = await reportFor([PR]);
    const base = await reportFor([BASE]);
    const comparison = compareWithBaseline(pr, base, { regressionThresholdPercent: 50 });
    await expect(`${JSON.stringify(comparison, null, 2)}\n`).toMatchFileSnapshot(
      `${GOLDEN}/preview120-vs-preview72.comparison.json`,
    );
    // The unit test passed on the base branch and errors now.
    expect(comparison.failures).toEqual([
      expect.objectContaining({
        uniqueId: "unit_test.jaffle_shop.stg_locations.test_does_location_opened_at_trunc_to_date",
        label: "new",
        status: "error",
        baselineStatus: "pass",
      }),
    ]);
    // Generic test ids carry a hash that changed between engine versions: added + removed, not "new".
    expect(comparison.added.some((n) => n.status === "fail")).toBe(true);
    expect(comparison.counts.added).toBe(comparison.counts.removed);
    // The base ran the build twice; the later invocation's timings are the ones compared.
    const items = comparison.regressions.find((r) => r.name === "raw_items");
    expect(items).toMatchObject({ beforeMs: 8_490, afterMs: 16_815 });
  });

  it("a report compared with itself has no changes", async () => {
    const pr = await reportFor([PR]);
    const comparison = compareWithBaseline(pr, structuredClone(pr), { regressionThresholdPercent: 0 });
    expect(comparison.counts).toMatchObject({
      newFailures: 0,
      fixedFailures: 0,
      stillFailing: 2,
      regressions: 0,
      added: 0,
      removed: 0,
    });
  });
});

describe("fail-on: new-errors", () => {
  it("fails only on new failures (or failures in nodes the base branch lacks)", async () => {
    const { base, pr } = await pair();
    const comparison = compareWithBaseline(pr, base, { regressionThresholdPercent: 50 });
    const failed = applyBaseline(pr, comparison, "new-errors");
    expect(failed.conclusion).toBe("failure");
    // One failure the base branch did not have, one in a node it did not run: two new failures.
    expect(failed.conclusionReason).toMatch(/^2 new failures compared with the base branch/);
    expect(failed.baseline).toBe(comparison);

    // Only pre-existing failures: not a failure, but not green either.
    const onlyOld = structuredClone(comparison);
    onlyOld.counts.newFailures = 0;
    onlyOld.counts.addedFailing = 0;
    const verdict = decideConclusion(pr.invocations, pr.counts, "new-errors", onlyOld);
    expect(verdict.conclusion).toBe("neutral");
    expect(verdict.reason).toMatch(/none new compared with the base branch/);
  });

  it("the real PR: the unit test error is new, so it fails", async () => {
    const pr = await reportFor([PR], { failOn: "new-errors" });
    const base = await reportFor([BASE]);
    const result = applyBaseline(
      pr,
      compareWithBaseline(pr, base, { regressionThresholdPercent: 50 }),
      "new-errors",
    );
    expect(result.conclusion).toBe("failure");
  });

  it("without a baseline behaves like fail-on: errors", async () => {
    const pr = await reportFor([PR]);
    expect(decideConclusion(pr.invocations, pr.counts, "new-errors")).toEqual(
      decideConclusion(pr.invocations, pr.counts, "errors"),
    );
  });

  it("other policies are unchanged by a baseline", async () => {
    const { base, pr } = await pair();
    const comparison = compareWithBaseline(pr, base, { regressionThresholdPercent: 50 });
    for (const policy of ["errors", "warnings", "never"] as const) {
      expect(decideConclusion(pr.invocations, pr.counts, policy, comparison)).toEqual(
        decideConclusion(pr.invocations, pr.counts, policy),
      );
    }
  });
});

describe("parseBaselineReport", () => {
  it("reads a JSON report written by fusion-report", async () => {
    const base = await reportFor([BASE]);
    expect(parseBaselineReport(renderJsonReport(base), "base.json")).toEqual(base);
  });

  it.each([
    ["{not json", /^baseline reports\/base\.json: not valid JSON/],
    ["[]", /not a JSON object/],
    ['{"invocations": []}', /no schemaVersion/],
    [
      '{"metadata": {"dbt_schema_version": "https://schemas.getdbt.com/dbt/run-results/v6.json"}, "results": []}',
      /^baseline reports\/base\.json: this is a dbt run-results artifact \(dbt's own file\), not a fusion-report JSON report; pass the JSON report written by fusion-report/,
    ],
    [
      '{"metadata": {"dbt_schema_version": "https://schemas.getdbt.com/dbt/run-results/v6.json", "env": {"FUSION_REPORT_VERSION": "1.0.0"}}, "results": []}',
      /^baseline reports\/base\.json: this is the dbt run-results artifact fusion-report wrote \(--run-results\), not its JSON report \(--json\)/,
    ],
    ['{"schemaVersion": 2, "invocations": []}', /schemaVersion 2 is not supported \(expected 1\)/],
    ['{"schemaVersion": 1}', /invocations is not an array/],
    [
      '{"schemaVersion": 1, "invocations": [{"invocationId": "i", "nodes": [{"uniqueId": 3}]}]}',
      /invocations\[0\]\.nodes\[0\]\.uniqueId/,
    ],
    // Fields the comparison copies into this run's report, where a renderer reads them as text.
    [
      '{"schemaVersion": 1, "invocations": [{"nodes": []}]}',
      /invocations\[0\]\.invocationId is not a string/,
    ],
    [
      '{"schemaVersion": 1, "invocations": [{"invocationId": "i", "startedAt": 5, "nodes": []}]}',
      /invocations\[0\]\.startedAt is not a string or null/,
    ],
    ['{"schemaVersion": 1, "conclusion": 1, "invocations": []}', /conclusion is not a string/],
    ['{"schemaVersion": 1, "generator": {"version": []}, "invocations": []}', /generator\.version/],
    [
      `{"schemaVersion": 1, "invocations": [{"invocationId": "i", "nodes": [${JSON.stringify({
        uniqueId: "model.a.b",
        status: "error",
        name: { a: 1 },
      })}]}]}`,
      /invocations\[0\]\.nodes\[0\]\.name is not a string or null/,
    ],
    [
      `{"schemaVersion": 1, "invocations": [{"invocationId": "i", "nodes": [${JSON.stringify({
        uniqueId: "model.a.b",
        status: "error",
        name: "b",
        resourceType: ["model"],
      })}]}]}`,
      /invocations\[0\]\.nodes\[0\]\.resourceType is not a string/,
    ],
    ...["1e400", "-5"].map((ms): [string, RegExp] => [
      `{"schemaVersion": 1, "invocations": [{"invocationId": "i", "nodes": [{"uniqueId": "model.a.b", "status": "success", "name": "b", "resourceType": "model", "inSelection": true, "timing": {"processingMs": ${ms}}}]}]}`,
      /invocations\[0\]\.nodes\[0\]\.timing\.processingMs is not a number ≥ 0 or null/,
    ]),
  ])("rejects %s naming the file", (text, message) => {
    expect(() => parseBaselineReport(text, "reports/base.json")).toThrow(BaselineError);
    expect(() => parseBaselineReport(text, "reports/base.json")).toThrow(message);
    expect(() => parseBaselineReport(text, "reports/base.json")).toThrow(/reports\/base\.json/);
  });
});

describe("report with a baseline", () => {
  it("validates against the JSON schema", async () => {
    const { base, pr } = await pair();
    const report = applyBaseline(
      pr,
      compareWithBaseline(pr, base, { regressionThresholdPercent: 50, source: "b.json" }),
      "new-errors",
    );
    expect(reportSchemaErrors(JSON.parse(renderJsonReport(report)))).toBe("");
  });

  it("from a newer release's baseline, still validates against the published schema", async () => {
    const { base, pr, node } = await pair();
    // A later 1.x release's values: open lists may grow; conclusion is closed, so this one is hand-edited.
    (base as { conclusion: string }).conclusion = "cancelled";
    Object.assign(node(base, "stg_orders"), { status: "future-status" });
    base.invocations[0]!.nodes.push({
      ...node(base, "orders"),
      uniqueId: "model.shop.only_in_base",
      resourceType: "future_resource" as ResourceType,
      status: "future-status" as NodeStatus,
    });
    const comparison = compareWithBaseline(pr, base, { regressionThresholdPercent: 50 });
    expect(comparison.baseline.conclusion).toBeNull();
    expect(comparison.removed).toContainEqual(
      expect.objectContaining({ resourceType: "future_resource", status: "future-status" }),
    );
    expect(comparison.failures).toContainEqual(
      expect.objectContaining({ name: "stg_orders", label: "new", baselineStatus: "future-status" }),
    );
    const report = applyBaseline(pr, comparison, "new-errors");
    expect(publishedReportSchemaErrors(JSON.parse(renderJsonReport(report)))).toBe("");
  });

  it("baseline section leads the comment and degrades with the level (golden)", async () => {
    const { base, pr } = await pair();
    const comparison = compareWithBaseline(pr, base, {
      regressionThresholdPercent: 50,
      source: "base/fusion-report.json",
    });
    const report = applyBaseline(pr, comparison, "new-errors");
    const section = baselineSection(comparison);
    await expect(section.render(0)).toMatchFileSnapshot(`${GOLDEN}/synthetic.section-level0.md`);
    await expect(section.render(6)).toMatchFileSnapshot(`${GOLDEN}/synthetic.section-level6.md`);
    expect(section.render(0)).toMatch(
      /^### 🔁 Compared with the base branch\n\n\*\*🆕 2 new failures\*\* \(1 not run on the base branch\), ✅ 1 fixed, still failing 1, ⏱️ 1 regression/,
    );
    for (let level = 1; level <= 6; level++) {
      expect(section.render(level).length).toBeLessThanOrEqual(section.render(level - 1).length);
    }
    const markdown = renderMarkdown(report, {
      maxBytes: 60_000,
      title: "dbt Fusion",
      fullReportHint: "the job summary",
      extras: [section],
    });
    await expect(markdown).toMatchFileSnapshot(`${GOLDEN}/synthetic.comment.md`);
    const headline = markdown.indexOf(" nodes:**");
    expect(headline).toBeGreaterThan(0);
    expect(markdown.indexOf("### 🔁 Compared")).toBeGreaterThan(headline);
    // The headline and the tally count new failures alike (issue 14).
    expect(markdown).toMatch(/^## ❌ dbt Fusion: 2 new failures compared with the base branch$/m);
    expect(markdown).toContain("**🆕 2 new failures**");
    expect(markdown.indexOf("#### 🆕 New failures")).toBeLessThan(markdown.indexOf("#### ✅ Fixed"));
  });
});

describe("a report that holds dbt build || dbt retry", () => {
  /** The report with every result passing and every time `ms`: a green base branch. */
  function green(report: Report, ms: number): Report {
    const passing = structuredClone(report);
    for (const inv of passing.invocations) {
      for (const node of inv.nodes) {
        node.status = node.resourceType === "test" ? "pass" : "success";
        node.message = null;
        node.timing.processingMs = ms;
      }
    }
    return passing;
  }
  const labels = (comparison: BaselineComparison) =>
    Object.fromEntries(comparison.failures.map((c) => [c.uniqueId, c.label]));

  it("compares each node's latest result: an error the retry fixed is no new failure", async () => {
    const pr = await retryReport();
    const comparison = compareWithBaseline(pr, green(pr, 100), { regressionThresholdPercent: 50 });
    expect(labels(comparison)).toEqual({ "test.shop.unique_customers_customer_id.c7d8e9f0a1": "new" });
    expect(comparison.counts.compared).toBe(5);
    // Its time is the retry's, the run that went to the end (the build's error stopped part way).
    const orders = comparison.regressions.find((r) => r.uniqueId === ORDERS);
    expect(orders?.afterMs).toBe(
      pr.invocations[1]!.nodes.find((n) => n.uniqueId === ORDERS)!.timing.processingMs,
    );
    expect(applyBaseline(pr, comparison, "new-errors").conclusionReason).toBe(
      "1 new failure compared with the base branch",
    );
  });

  it("a node a crashed retry never finished is compared by its build result", async () => {
    const pr = await crashedRetryReport();
    const comparison = compareWithBaseline(pr, green(pr, 100), { regressionThresholdPercent: 50 });
    expect(labels(comparison)[ORDERS]).toBe("new");
  });

  it("reads a baseline report that holds a retry by each node's latest result too", async () => {
    const base = parseBaselineReport(renderJsonReport(await crashedRetryReport()), "base.json");
    const pr = green(await retryReport(), 100);
    const comparison = compareWithBaseline(pr, base, { regressionThresholdPercent: 50 });
    expect(labels(comparison)).toEqual({
      [ORDERS]: "fixed",
      "test.shop.unique_customers_customer_id.c7d8e9f0a1": "fixed",
    });
    // Read by supersededBy, not by order: the retry listed first changes nothing.
    const reversed = { ...base, invocations: [...base.invocations].reverse() };
    expect(labels(compareWithBaseline(pr, reversed, { regressionThresholdPercent: 50 }))).toEqual(
      labels(comparison),
    );
  });
});
