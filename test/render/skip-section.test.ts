// The skip section accounts for every skipped node: those the engine gave an upstream node for under
// their root cause (skip chains), and those it gave none for in a group of their own.
import { describe, expect, it } from "vitest";
import { buildScenarioRecords, writeJsonl, type NodeSpec } from "../../scripts/fixture-gen/index.js";
import type { Report } from "../../src/model/types.js";
import { renderMarkdown } from "../../src/render/markdown.js";
import { renderTerminal } from "../../src/render/terminal.js";
import { readTelemetryReport } from "../../src/pipeline/read-telemetry.js";
import { isElement, markdownToHtml, parseHtml, textOf, walk } from "../support/gfm-html.js";
import { memoryJsonl } from "../support/memory-jsonl.js";

/**
 * A build where `b` errors and skips `c` (and `moreRoots` other models each skip one more), and `count`
 * nodes are skipped with no upstream node named.
 */
async function uncausedSkips(count: number, moreRoots = 0): Promise<Report> {
  const nodes: NodeSpec[] = [
    { uniqueId: "model.shop.a", kind: "model", outcome: "success" },
    {
      uniqueId: "model.shop.b",
      kind: "model",
      outcome: "error",
      errorType: "user",
      errorLog: { body: "boom" },
    },
    {
      uniqueId: "model.shop.c",
      kind: "model",
      outcome: "skipped",
      skipReason: "upstream",
      upstream: "model.shop.b",
    },
  ];
  for (let i = 0; i < moreRoots; i++) {
    nodes.push(
      {
        uniqueId: `model.shop.root_${i}`,
        kind: "model",
        outcome: "error",
        errorType: "user",
        errorLog: { body: "x" },
      },
      {
        uniqueId: `model.shop.child_${i}`,
        kind: "model",
        outcome: "skipped",
        skipReason: "upstream",
        upstream: `model.shop.root_${i}`,
      },
    );
  }
  for (let i = 0; i < count; i++) {
    // An upstream skip without its upstream id, and a skip with no reason at all.
    nodes.push(
      i % 2 === 0
        ? { uniqueId: `model.shop.orphan_${i}`, kind: "model", outcome: "skipped", skipReason: "upstream" }
        : { uniqueId: `model.shop.orphan_${i}`, kind: "model", outcome: "skipped" },
    );
  }
  const records = buildScenarioRecords({
    name: "uncaused-skips",
    description: "skips that name no upstream node",
    seed: 3,
    invocations: [
      {
        version: "2.0.0-preview.186",
        payloadLayout: "wrapped",
        command: "build",
        nodePhases: ["RUN"],
        nodes,
      },
    ],
  });
  return readTelemetryReport([memoryJsonl("t.jsonl", writeJsonl(records))], {
    slowest: 5,
    failOn: "errors",
    generatorVersion: "test",
  });
}

/** The skip section's heading and its list items' own text (without nested lists), in order. */
function skipSection(markdown: string): { heading: string; items: string[] } {
  const html = parseHtml(markdownToHtml(markdown));
  let heading = "";
  const items: string[] = [];
  let inSection = false;
  for (const [node] of walk(html)) {
    if (!isElement(node)) continue;
    if (node.tagName === "h4") {
      inSection = textOf(node).startsWith("⏭️");
      if (inSection) heading = textOf(node);
    } else if (inSection && node.tagName === "li") {
      items.push(
        node.childNodes
          .filter((child) => !isElement(child) || child.tagName !== "ul")
          .map(textOf)
          .join("")
          .trim(),
      );
    }
  }
  return { heading, items };
}

describe("the skip section", () => {
  it("lists skipped nodes that name no cause in a group of their own, in Markdown and the terminal", async () => {
    const report = await uncausedSkips(2);
    expect(report.invocations[0]!.skipChains.map((chain) => chain.rootId)).toEqual(["model.shop.b"]);
    const markdown = renderMarkdown(report, { maxBytes: 65_536, title: "dbt Fusion", fullReportHint: "x" });
    expect(skipSection(markdown)).toEqual({
      heading: "⏭️ Skipped (3 nodes)",
      items: [
        "b (❌ error) → 1 node skipped",
        "c",
        "cause not given → 2 nodes skipped",
        "orphan_0",
        "orphan_1",
      ],
    });
    const terminal = renderTerminal(report, {
      title: "dbt Fusion",
      width: 100,
      colour: false,
      fullReportHint: "x",
    });
    expect(terminal).toContain(
      "? cause not given\n  → 2 nodes skipped:\n  ↷ model.shop.orphan_0\n  ↷ model.shop.orphan_1",
    );
    expect(terminal).toMatch(/── Skipped \(3 nodes\) ─/);
  });

  it("keeps the group within the size budget's limits and says what it left out", async () => {
    const report = await uncausedSkips(300);
    // The budget of the levels that list 10 nodes of a group, and none.
    const listed = skipSection(
      renderMarkdown(report, { maxBytes: 6_000, title: "dbt Fusion", fullReportHint: "the JSON report" }),
    );
    expect(listed.heading).toBe("⏭️ Skipped (301 nodes)");
    const group = listed.items.indexOf("cause not given → 300 nodes skipped");
    expect(group).toBeGreaterThan(0);
    // Where the rest are: no rendering lists more than a hundred nodes of a group.
    expect(listed.items.at(-1)).toMatch(/^… and \d+ more skipped nodes, listed in the JSON report\.$/);
    expect(listed.items.length - group - 2).toBeLessThanOrEqual(20);
    // The terminal lists ten of a group, and says where the rest are too, within its width.
    const terminal = renderTerminal(report, {
      title: "dbt Fusion",
      width: 40,
      colour: false,
      fullReportHint: "the JSON report (--json FILE)",
    });
    expect(terminal).toContain(
      "  ↷ model.shop.orphan_9\n  … and 290 more skipped nodes, listed\n  in the JSON report (--json FILE).",
    );
  });

  it("says the group was left out as what it is, not as one more root cause", async () => {
    const report = await uncausedSkips(3, 29);
    const markdown = renderMarkdown(report, {
      maxBytes: 4_000,
      title: "t",
      fullReportHint: "the JSON report",
    });
    const { items } = skipSection(markdown);
    expect(items).toHaveLength(20);
    expect(items).not.toContain("cause not given → 3 nodes skipped");
    expect(markdown).toContain(
      "_… and 10 more root causes and 3 skipped nodes whose cause was not given, listed in the JSON report._",
    );
  });

  it("keeps the heading of a build whose every skip names its cause", async () => {
    const markdown = renderMarkdown(await uncausedSkips(0), {
      maxBytes: 65_536,
      title: "t",
      fullReportHint: "x",
    });
    expect(skipSection(markdown).heading).toBe("⏭️ Skipped because of an upstream problem (1 node)");
  });
});
