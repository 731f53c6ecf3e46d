// The baseline's facts say when its run started: a start never set (1970), one later than any report
// (year 9999), no time at all or none reads "start unknown", as an invocation's heading does
// (test/render/invocation-start.test.ts), in the comment and in the terminal.
import { describe, expect, it } from "vitest";
import { compareWithBaseline } from "../../src/model/baseline.js";
import type { BaselineComparison } from "../../src/model/types.js";
import { renderBaselineSection } from "../../src/render/baseline-section.js";
import { renderTerminalBaseline } from "../../src/render/terminal-baseline.js";
import { terminalStyle } from "../../src/render/terminal-style.js";
import { reportFor } from "../support/report.js";

const PR = "test/fixtures/real/preview120_build_success.otel.jsonl";
const BASE = "test/fixtures/real/preview72_build_success.otel.jsonl";

async function comparisonFrom(startedAt: string | null): Promise<BaselineComparison> {
  const comparison = compareWithBaseline(await reportFor([PR]), await reportFor([BASE]), {
    regressionThresholdPercent: 50,
    source: "base-report.json",
  });
  comparison.baseline.startedAt = startedAt;
  return comparison;
}

/** The one line of facts about the baseline, in the comment and in the terminal. */
function facts(comparison: BaselineComparison): { markdown: string; terminal: string } {
  const markdown = renderBaselineSection(comparison, 0)
    .split("\n")
    .find((line) => line.startsWith("<sub>baseline "))!;
  const terminal = renderTerminalBaseline(
    comparison,
    { style: terminalStyle(false), width: 120 },
    "the JSON report",
  )
    .split("\n")
    .find((line) => line.startsWith("baseline "))!;
  return { markdown, terminal };
}

describe("the baseline's start in its facts", () => {
  it("is the time the baseline's file gives", async () => {
    const { markdown, terminal } = facts(await comparisonFrom("2025-11-26T07:41:43.537488Z"));
    expect(markdown).toMatch(
      /^<sub>baseline `base-report\.json` · from 2025-11-26T07:41:43\.537488Z · \d+ nodes compared/,
    );
    expect(terminal).toMatch(
      /^baseline base-report\.json · from 2025-11-26T07:41:43\.537488Z · \d+ nodes compared/,
    );
  });

  for (const [what, startedAt] of [
    ["never set (1970)", "1970-01-01T00:00:00.000000Z"],
    ["later than any report (year 9999)", "9999-12-31T23:59:59.000000Z"],
    ["no time at all", "yesterday\u001b[2J"],
    ["missing", null],
  ] as const) {
    it(`is unknown when it was ${what}, in the Markdown and the terminal`, async () => {
      const { markdown, terminal } = facts(await comparisonFrom(startedAt));
      expect(markdown).toMatch(/^<sub>baseline `base-report\.json` · start unknown · \d+ nodes compared/);
      expect(terminal).toMatch(/^baseline base-report\.json · start unknown · \d+ nodes compared/);
      for (const line of [markdown, terminal]) expect(line).not.toMatch(/ from |1970|9999|yesterday/);
    });
  }
});
