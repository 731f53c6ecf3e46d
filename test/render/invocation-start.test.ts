// An invocation's heading names when it started: a start never set (1970), one later than any report
// (year 9999) or none reads "start unknown", as the model treats such times (implausible-times.ts),
// while the JSON report keeps the time as the telemetry gave it.
import { describe, expect, it } from "vitest";
import { renderJsonReport } from "../../src/render/json-report.js";
import { renderMarkdown } from "../../src/render/markdown.js";
import { renderTerminal } from "../../src/render/terminal.js";
import { reportFor } from "../support/report.js";

const MULTI = "test/fixtures/generated/multi-invocation/telemetry.jsonl";
const markdown = { maxBytes: 1_000_000, title: "dbt Fusion", fullReportHint: "the JSON report" };
const terminal = { title: "dbt Fusion", width: 100, colour: false, fullReportHint: "the JSON report" };

describe("an invocation's start in its heading", () => {
  it("is the minute it started, in UTC", async () => {
    const report = await reportFor([MULTI]);
    const headings = renderMarkdown(report, markdown)
      .split("\n")
      .filter((line) => line.startsWith("### "));
    expect(headings.length).toBeGreaterThan(1);
    for (const heading of headings) expect(heading).toMatch(/ · \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC$/);
  });

  for (const [what, startedAt] of [
    ["never set (1970)", "1970-01-01T00:00:00.000000Z"],
    ["later than any report (year 9999)", "9999-12-31T23:59:59.000000Z"],
    ["missing", null],
  ] as const) {
    it(`is unknown when it was ${what}, in the Markdown and the terminal`, async () => {
      const report = await reportFor([MULTI]);
      const second = report.invocations[1]!;
      second.startedAt = startedAt;
      const heading = renderMarkdown(report, markdown)
        .split("\n")
        .filter((line) => line.startsWith("### "))[1]!;
      expect(heading).toMatch(/^### .* · start unknown$/);
      const text = renderTerminal(report, terminal);
      expect(text).toMatch(/^══ 2\. .* · start unknown ═+$/m);
      expect(text).not.toMatch(/1970-01-01|9999-12-31/);
      // The JSON report's startedAt is the telemetry's, whatever it is.
      const json = JSON.parse(renderJsonReport(report)) as { invocations: { startedAt: string | null }[] };
      expect(json.invocations[1]!.startedAt).toBe(startedAt);
    });
  }

  it("follows a dbt platform step's name, known or not, in the Markdown and the terminal", async () => {
    const report = await reportFor([MULTI]);
    const [first, second] = report.invocations;
    first!.source.step = { index: 4, name: "Invoke dbt with `dbt build`", runId: 70 };
    second!.source.step = { index: 5, name: "", runId: 70 };
    second!.startedAt = "1970-01-01T00:00:00.000000Z";
    const headings = renderMarkdown(report, markdown)
      .split("\n")
      .filter((line) => line.startsWith("### "));
    expect(headings.map((line) => line.replace(/^### \S+ /, ""))).toEqual([
      "Step 4: Invoke dbt with \\`dbt build\\` · 2025-11-21 10:00 UTC",
      "Step 5:  · start unknown",
    ]);
    const text = renderTerminal(report, terminal);
    expect(text).toMatch(/^══ Step 4: Invoke dbt with `dbt build` · 2025-11-21 10:00 UTC ═+$/m);
    expect(text).toMatch(/^══ Step 5: {2}· start unknown ═+$/m);
  });
});
