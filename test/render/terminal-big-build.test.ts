// The terminal report of a big failing build: every list bounded, each saying how much it left out and
// where the rest is, the same error said once, and the headline again at the end of a long report.
// The builds are generated and read in memory; small builds are the golden files' (test/golden/terminal.test.ts).
import { describe, expect, it } from "vitest";
import type { NodeSpec, ScenarioSpec } from "../../scripts/fixture-gen/types.js";
import type { Report } from "../../src/model/types.js";
import { renderTerminal, TERMINAL_LIMITS } from "../../src/render/terminal.js";
import { columns } from "../../src/text/columns.js";
import { reportOfScenario } from "../support/report.js";

const HINT = "the JSON report (--json FILE) and the Markdown report (--markdown FILE)";

/**
 * A warehouse outage that errored 30 models with one message and 12 models with errors of their own
 * (each holding back one model), 55 failed tests and a skip with no cause given.
 */
function bigBuild(): ScenarioSpec {
  const nodes: NodeSpec[] = [];
  for (let i = 0; i < 30; i++) {
    const name = `stg_orders_${String(i).padStart(2, "0")}`;
    const id = `model.shop.${name}`;
    nodes.push({
      uniqueId: id,
      kind: "model",
      outcome: "error",
      errorType: "external",
      errorLog: {
        body: `Database Error in model ${name} (models/staging/${name}.sql)\n  250001: Could not connect to Snowflake backend after 3 attempt(s).`,
      },
    });
    nodes.push({
      uniqueId: `${id}_child`,
      kind: "model",
      outcome: "skipped",
      skipReason: "upstream",
      upstream: id,
    });
  }
  for (let i = 0; i < 12; i++) {
    const id = `model.shop.fct_${String(i).padStart(2, "0")}`;
    nodes.push({
      uniqueId: id,
      kind: "model",
      outcome: "error",
      errorType: "user",
      errorLog: {
        body: `SQL compilation error: syntax error line ${i + 3} at position 4 unexpected 'from'.`,
      },
    });
    nodes.push({
      uniqueId: `${id}_child`,
      kind: "model",
      outcome: "skipped",
      skipReason: "upstream",
      upstream: id,
    });
  }
  for (let i = 0; i < 55; i++) {
    nodes.push({
      uniqueId: `test.shop.unique_dim_${String(i).padStart(2, "0")}_id.${String(i).padStart(10, "0")}`,
      kind: "test",
      outcome: "success",
      test: { outcome: "failed", failingRows: i + 1 },
    });
  }
  nodes.push({ uniqueId: "model.shop.orphan", kind: "model", outcome: "skipped" });
  return {
    name: "big-failing-build",
    description: "a big failing build",
    seed: 7,
    invocations: [
      {
        version: "2.0.0-preview.186",
        payloadLayout: "wrapped",
        command: "build",
        rawCommand: "dbt build",
        nodePhases: ["RENDER", "ANALYZE", "RUN"],
        nodes,
      },
    ],
  };
}

function render(report: Report, width: number): string {
  return renderTerminal(report, { title: "dbt Fusion", width, colour: false, fullReportHint: HINT });
}

/** The lines of the section under `title`, up to the next section. */
function section(text: string, title: string): string {
  const start = text.indexOf(`── ${title}`);
  const end = text.indexOf("\n── ", start + 1);
  return text.slice(start, end < 0 ? undefined : end);
}

/** The note at the end of a section, joined back into one line. */
function note(text: string): string {
  const paragraphs = text.trimEnd().split("\n\n");
  return (paragraphs[paragraphs.length - 1] ?? "").replace(/\n/g, " ");
}

describe("the terminal report of a big failing build", () => {
  it("lists the first distinct errors by impact, names ten of the same, and counts the rest", async () => {
    const report = await reportOfScenario(bigBuild());
    const errors = section(render(report, 80), "Errors");
    expect(errors).toMatch(/^── Errors \(42\) ─+\n/);
    // The outage, which failed the most nodes, comes first and is said once.
    expect(errors.indexOf("stg_orders_00")).toBeLessThan(errors.indexOf("fct_00"));
    expect(errors.match(/Could not connect to Snowflake/g)).toHaveLength(1);
    // Wrapped to the width, under the message.
    expect(errors).toContain(
      "  The same error in 29 more nodes, each naming itself (29 nodes skipped\n  downstream of them):\n",
    );
    expect(errors.match(/model\.shop\.stg_orders_\d\d\b/g)).toHaveLength(1 + TERMINAL_LIMITS.sameErrorNodes);
    expect(errors).toContain("model.shop.stg_orders_10 and 19 more\n");
    // The outage and nine of the twelve errors of their own: the three left are counted.
    expect(errors.match(/^✖ /gm)).toHaveLength(TERMINAL_LIMITS.errors);
    expect(errors).toContain("✖ model.shop.fct_08\n");
    expect(errors).not.toContain("fct_09");
    expect(note(errors)).toBe(
      `… and 3 more errors and 19 more nodes with the errors above, listed in ${HINT}.`,
    );
  });

  it("counts the run errors the listed errors left no room for", async () => {
    const report = await reportOfScenario(bigBuild());
    const inv = report.invocations[0]!;
    inv.runErrors.push({ severity: "ERROR", text: "Compilation Error in model.shop.outside" });
    inv.runErrors.push({ severity: "ERROR", text: "Compilation Error in model.shop.elsewhere" });
    const errors = section(render(report, 120), "Errors");
    expect(errors).toMatch(/^── Errors \(44\) ─+\n/);
    expect(errors).not.toContain("Run error");
    expect(note(errors)).toBe(
      `… and 3 more errors and 19 more nodes with the errors above and 2 more run errors, listed in ${HINT}.`,
    );
  });

  it("lists the first failed tests and the largest root causes, and says how many more", async () => {
    const report = await reportOfScenario(bigBuild());
    const text = render(report, 80);
    const failed = section(text, "Failed tests");
    expect(failed.match(/^✖ test\.shop\.unique_dim_/gm)).toHaveLength(TERMINAL_LIMITS.failedTests);
    expect(note(failed)).toBe(`… and 5 more failed tests, listed in ${HINT}.`);
    const skipped = section(text, "Skipped");
    expect(skipped.match(/→ 1 node skipped:/g)).toHaveLength(TERMINAL_LIMITS.chains);
    expect(skipped).toContain("✖ model.shop.stg_orders_00\n");
    // The group without a cause would come after the chains: it is left out with them.
    expect(skipped).not.toContain("model.shop.orphan");
    expect(note(skipped)).toBe(
      `… and 32 more root causes and 1 skipped node whose cause was not given, listed in ${HINT}.`,
    );
  });

  it("wraps to the width, and ends a long report on its headline and counts again", async () => {
    const report = await reportOfScenario(bigBuild());
    for (const width of [80, 120]) {
      const lines = render(report, width).trimEnd().split("\n");
      expect(lines.length).toBeGreaterThan(TERMINAL_LIMITS.recapAfterLines);
      expect(lines.slice(-3)).toEqual(["", ...lines.slice(0, 2)]);
      expect(lines[0]).toBe("✖ dbt Fusion: 42 node errors, 55 failed tests");
      // Only a unique id that cannot break runs over.
      const over = lines.filter((line) => columns(line) > width && !/^\s*\S+( and \d+ more)?$/.test(line));
      expect(over).toEqual([]);
    }
  });
});

/** `count` unit tests that failed, each with a diff of `rows` changed rows under its two header lines. */
function failedUnitTests(count: number, rows: number): ScenarioSpec {
  const diff = (i: number) =>
    [
      "| @@ | order_id | is_food_order |",
      "|----|----------|---------------|",
      ...Array.from({ length: rows }, (_, row) => `| →  | ${i * 1000 + row} | true → false |`),
    ].join("\n");
  const nodes: NodeSpec[] = Array.from({ length: count }, (_, i) => ({
    uniqueId: `unit_test.shop.orders.test_food_${String(i).padStart(2, "0")}`,
    kind: "unit_test",
    identifier: "orders",
    relativePath: "models/marts/orders.yml",
    outcome: "success",
    test: { outcome: "failed", failingRows: rows, diffTable: diff(i) },
  }));
  return {
    name: "failed-unit-tests",
    description: "unit tests that failed, each with a diff",
    seed: 11,
    invocations: [
      {
        version: "2.0.0-preview.186",
        payloadLayout: "wrapped",
        command: "build",
        rawCommand: "dbt build",
        nodePhases: ["RENDER", "ANALYZE", "RUN"],
        nodes,
      },
    ],
  };
}

/** The unit tests of a section, each with the lines under its name (a diff has no blank line). */
function testsOf(text: string): string[] {
  return text.split("\n\n").filter((block) => /^[✖⚠] unit_test\./.test(block));
}

describe("the terminal report of many failed unit tests with diffs", () => {
  const diffLines = (test: string) => test.split("\n").filter((line) => line.startsWith("  │")).length;

  it("shows diffs until the invocation's budget of lines is spent, and says which it left out", async () => {
    // 50 diffs of 80 rows: 3,000 lines of diffs in all before the budget.
    const report = await reportOfScenario(failedUnitTests(50, 80));
    const failed = section(render(report, 120), "Failed tests");
    const tests = testsOf(failed);
    expect(tests).toHaveLength(50);
    const shown = tests.filter((test) => diffLines(test) > 0);
    // The first ones, each trimmed to its own limit (and a line saying how much was cut), until the
    // budget is spent: the last may run over.
    expect(tests.slice(0, shown.length)).toEqual(shown);
    for (const test of shown) expect(diffLines(test)).toBe(TERMINAL_LIMITS.diffLines + 1);
    expect(shown[0]).toMatch(/\n {2}│ … \(22 more lines\)$/);
    expect(shown.length).toBe(Math.ceil(TERMINAL_LIMITS.diffLinesInAll / (TERMINAL_LIMITS.diffLines + 1)));
    const all = shown.reduce((sum, test) => sum + diffLines(test), 0);
    expect(all).toBeLessThanOrEqual(TERMINAL_LIMITS.diffLinesInAll + TERMINAL_LIMITS.diffLines);
    // Each test after says its diff was left out, in its facts line, and the note says where the diffs are.
    for (const test of tests.slice(shown.length)) {
      expect(test.split("\n")).toHaveLength(2);
      expect(test.split("\n")[1]).toMatch(/^ {2}unit test · 80 failing rows · .* · diff left out$/);
    }
    expect(note(failed)).toBe(`… and the diffs of ${50 - shown.length} unit tests above, listed in ${HINT}.`);
    expect(failed.split("\n").length).toBeLessThan(TERMINAL_LIMITS.diffLinesInAll + 200);
  });

  it("shows every diff when they fit, and no note", async () => {
    const report = await reportOfScenario(failedUnitTests(20, 3));
    const failed = section(render(report, 120), "Failed tests");
    const tests = testsOf(failed);
    expect(tests).toHaveLength(20);
    for (const test of tests) expect(diffLines(test)).toBe(5);
    expect(failed).not.toContain("diff left out");
    expect(failed).not.toContain("listed in");
  });

  it("leaves out a warned unit test's diff when the failed tests spent the budget", async () => {
    const report = await reportOfScenario(failedUnitTests(50, 80));
    const last = report.invocations[0]!.nodes.find((n) => n.uniqueId.endsWith("test_food_49"))!;
    last.status = "warn";
    const warnings = section(render(report, 120), "Warnings");
    expect(warnings).toContain("⚠ unit_test.shop.orders.test_food_49\n");
    expect(warnings).toMatch(/ · diff left out\n/);
    expect(warnings).not.toContain("│");
    expect(note(warnings)).toBe(`… and the diffs of 1 unit test above, listed in ${HINT}.`);
  });
});
