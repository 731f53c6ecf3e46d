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

/** A build whose node `weird` ended with NODE_OUTCOME_EXPLODED, which this reader does not know. */
async function explodedOutcome(): Promise<Report> {
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
        ],
      },
    ],
  });
  for (const record of records)
    if (record.attributes.unique_id === "model.shop.weird" && "node_outcome" in record.attributes)
      record.attributes.node_outcome = "NODE_OUTCOME_EXPLODED";
  return readTelemetryReport([memoryJsonl("t.jsonl", writeJsonl(records))], {
    slowest: 5,
    failOn: "errors",
    generatorVersion: "test",
  });
}

const OPTIONS = { maxBytes: 65_536, title: "dbt Fusion", fullReportHint: "x" };
const TERMINAL = { title: "dbt Fusion", width: 100, colour: false, fullReportHint: "x" };

/** The rendered comment's headline (its first paragraph) and the "not run to completion" items. */
function rendered(report: Report): { headline: string; notCompleted: string[] } {
  const html = parseHtml(markdownToHtml(renderMarkdown(report, OPTIONS)));
  const paragraphs: string[] = [];
  const notCompleted: string[] = [];
  let inSection = false;
  for (const [node] of walk(html)) {
    if (!isElement(node)) continue;
    if (node.tagName === "h4") inSection = textOf(node).includes("Not run to completion");
    else if (node.tagName === "p") paragraphs.push(textOf(node));
    else if (inSection && node.tagName === "li") notCompleted.push(textOf(node));
  }
  return { headline: paragraphs[0]!.replace(/\u00a0/g, " "), notCompleted };
}

describe("a node whose outcome the reader did not understand", () => {
  it("is of unknown outcome in the comment, the terminal and JUnit, not one that did not finish", async () => {
    const report = await explodedOutcome();
    expect(report.invocations[0]!.nodes.find((n) => n.name === "weird")!.status).toBe("unknown");
    expect(rendered(report)).toEqual({
      headline: "2 nodes: ✅ 1 passed · ❔ 1 unknown",
      notCompleted: ["❔ weird · model · outcome unknown"],
    });
    const terminal = renderTerminal(report, TERMINAL);
    expect(terminal).toContain("2 nodes: ✔ 1 passed · ? 1 unknown");
    expect(terminal).toContain("? model.shop.weird · model · outcome unknown");
    expect(terminal).not.toMatch(/did not finish|unfinished/);
    expect(renderJunit(report)).toContain('<skipped message="outcome unknown"/>');
  });

  it("leaves the nodes of a crashed run as ones that did not finish", async () => {
    const report = await reportFor(["test/fixtures/generated/crashed-run/telemetry.jsonl"]);
    const { headline, notCompleted } = rendered(report);
    expect(headline).toBe("5 nodes: ✅ 2 passed · ❔ 3 unfinished");
    expect(notCompleted).toHaveLength(3);
    for (const item of notCompleted) expect(item).toMatch(/ · did not finish$/);
    expect(renderTerminal(report, TERMINAL)).toContain("? model.shop.orders · model · did not finish");
    expect(renderJunit(report).match(/<skipped message="did not finish"\/>/g)).toHaveLength(3);
  });
});
