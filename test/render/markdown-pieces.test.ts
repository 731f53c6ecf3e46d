// The CLI writes its Markdown file from wholeMarkdownPieces, never holding the text whole: the
// pieces must join to exactly what renderMarkdown gives with no size budget, and the table of every
// node must come a row at a time.
import { describe, expect, it } from "vitest";
import { extraSections } from "../../src/render/extra-sections.js";
import { renderMarkdown, wholeMarkdownPieces } from "../../src/render/markdown.js";
import { reportFor } from "../support/report.js";

const FILES = [
  "test/fixtures/real/preview120_build_success.otel.jsonl",
  "test/fixtures/real/preview120_failed.otel.jsonl",
  "test/fixtures/real/preview72_failed.otel.jsonl",
  ...["model-errors", "skip-chains", "multi-invocation", "empty-run", "large-run", "crashed-run"].map(
    (scenario) => `test/fixtures/generated/${scenario}/telemetry.jsonl`,
  ),
];

describe.each(FILES)("%s", (file) => {
  it.each([false, true])("joins to the whole Markdown report (diagrams: %s)", async (diagrams) => {
    const report = await reportFor([file]);
    const options = {
      title: "dbt Fusion",
      fullReportHint: "the JSON report (--json)",
      extras: extraSections(report, { diagrams }),
    };
    const whole = renderMarkdown(report, { ...options, maxBytes: Number.MAX_SAFE_INTEGER });
    expect([...wholeMarkdownPieces(report, options)].join("")).toBe(whole);
  });
});

it("yields the table of every node a row at a time", async () => {
  const report = await reportFor(["test/fixtures/generated/large-run/telemetry.jsonl"]);
  const nodes = report.invocations.reduce((sum, inv) => sum + inv.nodes.length, 0);
  expect(nodes).toBeGreaterThan(100);
  const pieces = [...wholeMarkdownPieces(report, { title: "dbt Fusion", fullReportHint: "the JSON report" })];
  const rows = pieces.filter((piece) => piece.startsWith("\n| <code"));
  expect(rows.length).toBeGreaterThanOrEqual(nodes);
  const longest = Math.max(...pieces.map((piece) => piece.length));
  expect(longest).toBeLessThan(pieces.join("").length / 10);
});
