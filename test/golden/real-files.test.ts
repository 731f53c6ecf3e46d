// Golden tests on real engine output (see test/fixtures/real/SOURCES.md). Expectations marked "by
// hand" were worked out by reading the JSONL; the file snapshots keep the full rendering visible in
// review.
import { describe, expect, it } from "vitest";
import { renderJsonReport } from "../../src/render/json-report.js";
import { renderMarkdown } from "../../src/render/markdown.js";
import { renderRunResults } from "../../src/render/run-results.js";
import { reportFor, reportSchemaErrors, runResultsSchemaErrors } from "../support/report.js";

const REAL = "test/fixtures/real";
const FILES = [
  "preview120_build_success.otel.jsonl",
  "preview120_failed.otel.jsonl",
  "preview72_build_success.otel.jsonl",
  "preview72_failed.otel.jsonl",
];
const GENERATED_AT = "2026-01-01T00:00:00.000000Z";

describe.each(FILES)("real telemetry %s", (file) => {
  it("matches the golden JSON report, Markdown and run_results.json", async () => {
    const report = await reportFor([`${REAL}/${file}`]);
    expect(reportSchemaErrors(report)).toBe("");
    const runResults = renderRunResults(report, GENERATED_AT);
    expect(runResultsSchemaErrors(runResults)).toBe("");
    const stem = file.replace(/\.otel\.jsonl$/, "");
    await expect(renderJsonReport(report)).toMatchFileSnapshot(
      `../fixtures/real/expected/${stem}.report.json`,
    );
    await expect(
      renderMarkdown(report, { maxBytes: 1_000_000, title: "dbt Fusion", fullReportHint: "the JSON report" }),
    ).toMatchFileSnapshot(`../fixtures/real/expected/${stem}.md`);
    await expect(`${JSON.stringify(runResults, null, 2)}\n`).toMatchFileSnapshot(
      `../fixtures/real/expected/${stem}.run_results.json`,
    );
  });
});

describe("preview.120 build (by hand)", () => {
  it("has one internal unit-test error, one failing test with 2 rows and 4 upstream skips under the unit test", async () => {
    const report = await reportFor([`${REAL}/preview120_build_success.otel.jsonl`]);
    expect(report.invocations).toHaveLength(1);
    const [inv] = report.invocations;
    const unitTest = "unit_test.jaffle_shop.stg_locations.test_does_location_opened_at_trunc_to_date";
    expect(inv!.counts).toMatchObject({ total: 48, error: 1, fail: 1, skipped: 4, success: 16, pass: 26 });
    const error = inv!.nodes.find((n) => n.status === "error")!;
    expect(error.uniqueId).toBe(unitTest);
    expect(error.errorType).toBe("internal");
    expect(error.resourceType).toBe("unit_test");
    expect(error.message).toMatch(
      /^Unexpected internal error: Timestamp\(Nanosecond, None\) is not supported/,
    );
    const failed = inv!.nodes.find((n) => n.status === "fail")!;
    expect(failed.uniqueId).toBe(
      "test.jaffle_shop.accepted_values_customers_customer_type__new__returning.d299a3800c",
    );
    expect(failed.test).toEqual({ outcome: "failed", failingRows: 2 });
    expect(failed.location).toEqual({ path: "models/marts/customers.yml", line: 31, column: 14 });
    expect(inv!.skipChains).toHaveLength(1);
    expect(inv!.skipChains[0]!.rootId).toBe(unitTest);
    expect(inv!.skipChains[0]!.skipped.map((s) => s.uniqueId).sort()).toEqual([
      "model.jaffle_shop.locations",
      "model.jaffle_shop.stg_locations",
      "test.jaffle_shop.not_null_stg_locations_location_id.3d237927d2",
      "test.jaffle_shop.unique_stg_locations_location_id.2e2fc58ecc",
    ]);
    // The engine's own metrics agree: 42 success (incl. passed tests), 2 errors, 4 skipped.
    expect(inv!.counts.success + inv!.counts.pass).toBe(42);
    expect(inv!.statusMessage).toBe("Executed with errors");
    expect(report.conclusion).toBe("failure");
  });

  it("keeps exact nanosecond timing: stg_locations processed 185 ms over a 12.34 s lifetime", async () => {
    const report = await reportFor([`${REAL}/preview120_build_success.otel.jsonl`]);
    const node = report.invocations[0]!.nodes.find((n) => n.uniqueId === "model.jaffle_shop.stg_locations")!;
    expect(node.timing.processingMs).toBe(185);
    expect(node.timing.lifetimeMs).toBeCloseTo(12336.719, 3);
    expect(node.timing.startedAt).toBe("2026-02-26T02:33:14.698709Z");
  });

  it("sums warehouse time from the QueryExecuted spans under each node", async () => {
    const report = await reportFor([`${REAL}/preview120_build_success.otel.jsonl`]);
    const test = report.invocations[0]!.nodes.find(
      (n) => n.name === "accepted_values_customers_customer_type__new__returning",
    )!;
    expect(test.timing.queryCount).toBe(1);
    expect(test.timing.warehouseMs).toBeCloseTo(2933.248, 3);
  });
});

describe("preview.72 (by hand)", () => {
  it("keeps the two appended invocations apart and derives results from NodeEvaluated", async () => {
    const report = await reportFor([`${REAL}/preview72_build_success.otel.jsonl`]);
    expect(report.invocations.map((i) => i.traceId)).toEqual([
      "019abf1c70ba7a808f0bcf72dacda1e6",
      "019abf1d46467a819fcf90d9284d6318",
    ]);
    for (const inv of report.invocations) {
      expect(inv.counts.total).toBe(48);
      expect(inv.counts.error + inv.counts.fail + inv.counts.skipped).toBe(0);
      expect(inv.state).toBe("complete");
    }
    expect(report.conclusion).toBe("success");
  });

  it("reports the failing not_null test with 1 failing row", async () => {
    const report = await reportFor([`${REAL}/preview72_failed.otel.jsonl`]);
    const inv = report.invocations[0]!;
    expect(inv.counts).toMatchObject({ total: 2, fail: 1, success: 1 });
    const failed = inv.nodes.find((n) => n.status === "fail")!;
    expect(failed.uniqueId).toBe("test.jaffle_shop.not_null_dummy_dummy_value.ac52086d70");
    expect(failed.test?.failingRows).toBe(1);
  });
});

describe("Parquet and JSONL of the same invocation", () => {
  it.each([
    ["preview120_build_success.otel.jsonl", "parquet-replica/preview120_build_success.REPLICA.parquet"],
    ["preview120_failed.otel.jsonl", "parquet-replica/preview120_failed.REPLICA.parquet"],
  ])("%s and %s give identical reports (apart from the source)", async (jsonl, parquet) => {
    const fromJsonl = await reportFor([`${REAL}/${jsonl}`]);
    const fromParquet = await reportFor([`${REAL}/${parquet}`]);
    const strip = (r: typeof fromJsonl) =>
      JSON.parse(JSON.stringify(r, (key, value) => (key === "source" ? undefined : value)));
    expect(strip(fromParquet)).toEqual(strip(fromJsonl));
  });

  it("reports an invocation found in both formats once", async () => {
    const report = await reportFor([
      `${REAL}/preview120_failed.otel.jsonl`,
      `${REAL}/parquet-replica/preview120_failed.REPLICA.parquet`,
    ]);
    expect(report.invocations).toHaveLength(1);
    expect(report.invocations[0]!.source.files).toHaveLength(2);
    expect(report.counts.total).toBe(2);
  });
});
