// The terminal report of a big failing build: every list bounded, each saying how much it left out and
// where the rest is, the same error said once, and the headline again at the end of a long report.
// The builds are generated and read in memory; small builds are the golden files' (test/golden/terminal.test.ts).
import { describe, expect, it } from "vitest";
import { buildScenarioRecords, writeJsonl } from "../../scripts/fixture-gen/index.js";
import type { NodeSpec, ScenarioSpec } from "../../scripts/fixture-gen/types.js";
import type { Report } from "../../src/model/types.js";
import { readTelemetryReport } from "../../src/pipeline/read-telemetry.js";
import { renderTerminal, TERMINAL_LIMITS } from "../../src/render/terminal.js";
import { columns } from "../../src/text/columns.js";
import { memoryJsonl } from "../support/memory-jsonl.js";

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

async function reportOf(spec: ScenarioSpec): Promise<Report> {
  const file = memoryJsonl("telemetry.jsonl", writeJsonl(buildScenarioRecords(spec)));
  return readTelemetryReport([file], { slowest: 10, failOn: "errors", generatorVersion: "test" });
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
    const report = await reportOf(bigBuild());
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
    const report = await reportOf(bigBuild());
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
    const report = await reportOf(bigBuild());
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
    const report = await reportOf(bigBuild());
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
