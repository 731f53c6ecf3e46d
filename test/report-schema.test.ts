// The JSON report's schema (schema/report.schema.json) as its users meet it: a copy taken from one
// release must keep accepting the reports of later releases with the same schemaVersion, while our
// own output is checked against a strict variant (test/support/report.ts).
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  ROOT,
  publishedReportSchema,
  publishedReportSchemaErrors,
  reportSchemaErrors,
} from "./support/report.js";

const GOLDEN = "test/fixtures/real/expected/preview120_failed.report.json";

/** A golden report as JSON users read it (the tests below edit copies of it). */
function goldenReport(): {
  report: Record<string, unknown>;
  node: Record<string, unknown>;
} {
  const report = JSON.parse(readFileSync(path.join(ROOT, GOLDEN), "utf8")) as Record<string, unknown>;
  const [invocation] = report.invocations as { nodes: Record<string, unknown>[] }[];
  return { report, node: invocation!.nodes[0]! };
}

describe("JSON report schema", () => {
  it("accepts this release's report both as published and strictly", () => {
    const { report } = goldenReport();
    expect(publishedReportSchemaErrors(report)).toBe("");
    expect(reportSchemaErrors(report)).toBe("");
  });

  it("as published, accepts a later 1.x report with a new field and new values of the open lists", () => {
    const { report, node } = goldenReport();
    report.newTopLevelField = { any: "shape" };
    node.newNodeField = 3;
    (node.timing as Record<string, unknown>).newTiming = 1;
    Object.assign(node, {
      resourceType: "future_resource",
      status: "future-status",
      outcome: "future_outcome",
      skipReason: "future_reason",
      errorType: "future_type",
    });
    expect(publishedReportSchemaErrors(report)).toBe("");
    // …which our own output may not have: the strict variant names each one.
    const strict = reportSchemaErrors(report);
    for (const field of ["newTopLevelField", "newNodeField", "newTiming"])
      expect(strict).toContain(`("${field}")`);
    for (const list of ["resourceType", "status", "outcome", "skipReason", "errorType"])
      expect(strict).toContain(`/${list} must be equal to one of the allowed values`);
  });

  it("strictly, rejects a misspelt field that the published schema lets through", () => {
    const { report, node } = goldenReport();
    report.conclusionReson = "misspelt";
    node.location = { path: "models/orders.sql", lin: 3 };
    expect(publishedReportSchemaErrors(report)).toBe("");
    expect(reportSchemaErrors(report)).toMatch(/must NOT have additional properties/);
    expect(reportSchemaErrors(report)).toContain(`("conclusionReson")`);
    expect(reportSchemaErrors(report)).toContain(`("lin")`);
  });

  it.each<[string, (report: Record<string, unknown>, node: Record<string, unknown>) => void]>([
    ["a closed list's new value", (report) => (report.conclusion = "cancelled")],
    ["a missing field", (report) => delete report.counts],
    ["a wrong type", (_, node) => (node.status = 3)],
  ])("as published, still rejects what no 1.x release writes: %s", (_, edit) => {
    const { report, node } = goldenReport();
    edit(report, node);
    expect(publishedReportSchemaErrors(report)).not.toBe("");
  });

  it("closes no object as published (a consumer's copy must accept fields added later)", () => {
    const closed: string[] = [];
    const walk = (schema: unknown, at: string): void => {
      if (typeof schema !== "object" || schema === null) return;
      if ((schema as { additionalProperties?: unknown }).additionalProperties === false) closed.push(at);
      for (const [key, value] of Object.entries(schema)) walk(value, `${at}/${key}`);
    };
    walk(publishedReportSchema, "#");
    expect(closed).toEqual([]);
  });

  it("has an $id that resolves: the schema file at the release tag the README's `uses:` lines name", () => {
    const pkg = JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8")) as {
      repository: { url: string };
    };
    const repo = /github\.com\/([^/]+\/[^/]+?)\.git$/.exec(pkg.repository.url)![1]!;
    const readme = readFileSync(path.join(ROOT, "README.md"), "utf8");
    const tag = new RegExp(`uses: ${repo}@(v\\d+)\\n`).exec(readme)![1];
    expect(publishedReportSchema.$id).toBe(
      `https://raw.githubusercontent.com/${repo}/${tag}/schema/report.schema.json`,
    );
  });
});
