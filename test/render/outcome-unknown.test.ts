// A node whose spans ended with an outcome the reader did not understand finished: it is said to be of
// unknown outcome, never to have not finished, which is what a node of a crashed run is said to be.
import { describe, expect, it } from "vitest";
import { buildScenarioRecords, writeJsonl } from "../../scripts/fixture-gen/index.js";
import type { Report } from "../../src/model/types.js";
import { renderJunit } from "../../src/render/junit.js";
import { renderMarkdown } from "../../src/render/markdown.js";
import { renderTerminal } from "../../src/render/terminal.js";
import { readTelemetryReport } from "../../src/pipeline/read-telemetry.js";
import { isElement, markdownToHtml, parseHtml, textOf, walk } from "../support/gfm-html.js";
import { memoryJsonl } from "../support/memory-jsonl.js";
import { reportFor } from "../support/report.js";

/**
 * A build whose node `weird` ended with NODE_OUTCOME_EXPLODED, which this reader does not know; with
 * `canceled`, a node `stopped` was canceled beside it; `alike` more nodes `weird_1`… ended so too.
 */
async function explodedOutcome({ canceled = false, alike = 0 } = {}): Promise<Report> {
  const records = buildScenarioRecords({
    name: "exploded",
    description: "an outcome of a newer engine",
    seed: 5,
    invocations: [
      {
        version: "2.0.0-preview.186",
        payloadLayout: "wrapped",
        command: "build",
        nodePhases: ["RUN"],
        nodes: [
          { uniqueId: "model.shop.a", kind: "model", outcome: "success" },
          { uniqueId: "model.shop.weird", kind: "model", outcome: "success" },
          ...(canceled
            ? [{ uniqueId: "model.shop.stopped", kind: "model" as const, outcome: "canceled" as const }]
            : []),
          ...Array.from({ length: alike }, (_, i) => ({
            uniqueId: `model.shop.weird_${i + 1}`,
            kind: "model" as const,
            outcome: "success" as const,
          })),
        ],
      },
    ],
  });
  for (const record of records)
    if (
      /^model\.shop\.weird(_\d+)?$/.test(String(record.attributes.unique_id)) &&
      "node_outcome" in record.attributes
    )
      record.attributes.node_outcome = "NODE_OUTCOME_EXPLODED";
  return readTelemetryReport([memoryJsonl("t.jsonl", writeJsonl(records))], {
    slowest: 5,
    failOn: "errors",
    generatorVersion: "test",
  });
}

const OPTIONS = { maxBytes: 65_536, title: "dbt Fusion", fullReportHint: "x" };
const TERMINAL = { title: "dbt Fusion", width: 100, colour: false, fullReportHint: "x" };

/** The section of the nodes not run to completion, or of unknown outcome, by its heading. */
const NOT_COMPLETED_HEADING = /Not run to completion|Outcome unknown/;

/** The rendered comment's headline (its first paragraph), and the "not run to completion" heading and items. */
function rendered(report: Report): { headline: string; heading: string; notCompleted: string[] } {
  const html = parseHtml(markdownToHtml(renderMarkdown(report, OPTIONS)));
  const paragraphs: string[] = [];
  const notCompleted: string[] = [];
  let heading = "";
  let inSection = false;
  for (const [node] of walk(html)) {
    if (!isElement(node)) continue;
    if (node.tagName === "h4") {
      inSection = NOT_COMPLETED_HEADING.test(textOf(node));
      if (inSection) heading = textOf(node);
    } else if (node.tagName === "p") paragraphs.push(textOf(node));
    else if (inSection && node.tagName === "li") notCompleted.push(textOf(node));
  }
  return { headline: paragraphs[0]!.replace(/\u00a0/g, " "), heading, notCompleted };
}

describe("a node whose outcome the reader did not understand", () => {
  it("is of unknown outcome in the comment, the terminal and JUnit, not one that did not finish", async () => {
    const report = await explodedOutcome();
    expect(report.invocations[0]!.nodes.find((n) => n.name === "weird")!.status).toBe("unknown");
    expect(rendered(report)).toEqual({
      headline: "2 nodes: ✅ 1 passed · ❔ 1 unknown",
      heading: "❔ Outcome unknown (1)",
      notCompleted: ["❔ weird · model · outcome unknown"],
    });
    const terminal = renderTerminal(report, TERMINAL);
    expect(terminal).toContain("2 nodes: ✔ 1 passed · ? 1 unknown");
    expect(terminal).toContain("Outcome unknown (1)");
    expect(terminal).toContain("? model.shop.weird · model · outcome unknown");
    expect(terminal).not.toMatch(/did not finish|unfinished|Not run to completion/);
    expect(renderJunit(report)).toContain('<skipped message="outcome unknown"/>');
  });

  it("is named in the heading beside nodes that did not run to completion", async () => {
    const report = await explodedOutcome({ canceled: true });
    const { heading, notCompleted } = rendered(report);
    expect(heading).toBe("🚫 Not run to completion or outcome unknown (2)");
    expect(notCompleted).toEqual(["❔ weird · model · outcome unknown", "🚫 stopped · model · canceled"]);
    expect(renderTerminal(report, TERMINAL)).toContain("Not run to completion or outcome unknown (2)");
  });

  it("leaves the nodes of a crashed run as ones that did not finish", async () => {
    const report = await reportFor(["test/fixtures/generated/crashed-run/telemetry.jsonl"]);
    const { headline, heading, notCompleted } = rendered(report);
    expect(headline).toBe("5 nodes: ✅ 2 passed · ❔ 3 unfinished");
    expect(heading).toBe("🚫 Not run to completion (3)");
    expect(notCompleted).toHaveLength(3);
    for (const item of notCompleted) expect(item).toMatch(/ · did not finish$/);
    expect(renderTerminal(report, TERMINAL)).toContain("? model.shop.orders · model · did not finish");
    expect(renderJunit(report).match(/<skipped message="did not finish"\/>/g)).toHaveLength(3);
  });

  it("on every node of a build warns about a few, folds the rest, and keeps a warning about the run in sight", async () => {
    const report = await explodedOutcome({ alike: 39 });
    const inv = report.invocations[0]!;
    expect(inv.readerWarnings).toHaveLength(40);
    const runWarning = "the invocation has no end record: the run crashed, was killed or is still running";
    inv.readerWarnings.push(runWarning);
    const html = parseHtml(markdownToHtml(renderMarkdown(report, OPTIONS)));
    const shown: string[] = [];
    const folded: string[] = [];
    let summary = "";
    for (const [node, ancestors] of walk(html)) {
      if (!isElement(node)) continue;
      if (node.tagName === "summary" && /warning/.test(textOf(node))) summary = textOf(node);
      if (node.tagName !== "blockquote") continue;
      const inDetails = ancestors.some((a) => a.tagName === "details");
      (inDetails ? folded : shown).push(...textOf(node).split("⚠️").slice(1));
    }
    expect(shown).toHaveLength(4);
    expect(shown.slice(0, 3).every((w) => /NODE_OUTCOME_EXPLODED/.test(w))).toBe(true);
    expect(shown[3]!.trim()).toBe(runWarning);
    expect(summary).toBe("⚠️ 37 more warnings about single lines or rows");
    expect(folded).toHaveLength(37);
  });
});
