// The skip section accounts for every skipped node: those the engine gave an upstream node for under
// their root cause (skip chains), and those it gave none for in a group of their own.
import { describe, expect, it } from "vitest";
import { buildScenarioRecords, writeJsonl, type NodeSpec } from "../../scripts/fixture-gen/index.js";
import type { Report } from "../../src/model/types.js";
import { renderMarkdown } from "../../src/render/markdown.js";
import { renderTerminal } from "../../src/render/terminal.js";
import { readTelemetryReport } from "../../src/pipeline/read-telemetry.js";
import { isElement, markdownToHtml, parseHtml, textOf, walk, type HtmlElement } from "../support/gfm-html.js";
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

/**
 * The skip section's heading and its list items' own text (without nested lists and folds), in
 * order: a folded node is listed where its <details> is.
 */
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
          .filter((child) => !isElement(child) || !["ul", "details"].includes(child.tagName))
          .map(textOf)
          .join("")
          .trim(),
      );
    }
  }
  return { heading, items };
}

/** A skip group's list item as a reader sees it: the nodes it shows, and its fold (<details>). */
interface SkipGroup {
  shown: string[];
  fold: { children: string[]; summary: string; nodes: string[] } | null;
}

/** The group whose cause reads `cause`, in GitHub's rendering of `markdown`; null when not listed. */
function skipGroup(markdown: string, cause: string): SkipGroup | null {
  const elements = (node: HtmlElement, tag?: string): HtmlElement[] =>
    node.childNodes.filter(isElement).filter((child) => tag === undefined || child.tagName === tag);
  const items = (list: HtmlElement | undefined): string[] =>
    list ? elements(list, "li").map((li) => textOf(li).trim()) : [];
  for (const [node] of walk(parseHtml(markdownToHtml(markdown)))) {
    if (!isElement(node) || node.tagName !== "li") continue;
    const own = node.childNodes
      .filter((child) => !isElement(child) || !["ul", "details"].includes(child.tagName))
      .map(textOf)
      .join("")
      .trim();
    if (own !== cause) continue;
    const folds = elements(node, "details");
    expect(folds.length).toBeLessThanOrEqual(1);
    const fold = folds[0];
    return {
      shown: items(elements(node, "ul")[0]),
      fold: fold
        ? {
            children: elements(fold).map((child) => child.tagName),
            summary: textOf(elements(fold, "summary")[0]!),
            nodes: items(elements(fold, "ul")[0]),
          }
        : null,
    };
  }
  return null;
}

const orphans = (from: number, to: number): string[] =>
  Array.from({ length: to - from }, (_, i) => `orphan_${from + i}`);

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

  it("shows a long group's first nodes and folds the rest in a <details> that says how many", async () => {
    const markdown = renderMarkdown(await uncausedSkips(300), {
      maxBytes: 65_536,
      title: "dbt Fusion",
      fullReportHint: "the JSON report",
    });
    // A root source that failed skipped 15,000 nodes: a hundred lines of them buried the comment.
    expect(skipGroup(markdown, "cause not given → 300 nodes skipped")).toEqual({
      shown: orphans(0, 5),
      fold: {
        children: ["summary", "ul"],
        summary: "295 more skipped nodes",
        nodes: [...orphans(5, 100), "… and 200 more skipped nodes, listed in the JSON report."],
      },
    });
    // The group beside it is short, and listed as it was.
    expect(skipGroup(markdown, "b (❌ error) → 1 node skipped")).toEqual({ shown: ["c"], fold: null });
  });

  it("folds a long group at every budget that lists more of it than the first five", async () => {
    const report = await uncausedSkips(300, 3);
    const seen = new Set<string>();
    for (const maxBytes of [65_536, 4_000, 3_000, 2_500, 1_500]) {
      const markdown = renderMarkdown(report, { maxBytes, title: "t", fullReportHint: "the JSON report" });
      // The fold costs bytes too: the budget still holds.
      expect(Buffer.byteLength(markdown, "utf8")).toBeLessThanOrEqual(maxBytes);
      const group = skipGroup(markdown, "cause not given → 300 nodes skipped");
      if (!group) continue;
      const left = /^… and (\d+) more skipped nodes, listed in the JSON report\.$/;
      if (group.fold) {
        seen.add("folded");
        expect(group.shown).toEqual(orphans(0, 5));
        expect(group.fold.summary).toBe("295 more skipped nodes");
        const listed = group.fold.nodes.slice(0, -1);
        expect(listed).toEqual(orphans(5, 5 + listed.length));
        const [, more] = left.exec(group.fold.nodes.at(-1)!) ?? [];
        expect(Number(more)).toBe(295 - listed.length);
      } else if (group.shown.length > 0) {
        // A level that lists five of a group: nothing to fold, and where the rest are said in sight.
        seen.add("five");
        expect(group.shown.slice(0, -1)).toEqual(orphans(0, 5));
        expect(group.shown.at(-1)).toMatch(left);
      }
    }
    expect([...seen].sort()).toEqual(["five", "folded"]);
  });

  it("lists a group of ten whole: a fold that hid a few names would save no lines", async () => {
    const markdown = renderMarkdown(await uncausedSkips(10), {
      maxBytes: 65_536,
      title: "dbt Fusion",
      fullReportHint: "x",
    });
    expect(skipGroup(markdown, "cause not given → 10 nodes skipped")).toEqual({
      shown: orphans(0, 10),
      fold: null,
    });
  });

  it("keeps hostile node names inside the fold, as text", async () => {
    const report = await uncausedSkips(12);
    const hostile = [
      "</details>",
      "</summary></details><details open><summary>Approved",
      "x\n\n  </details>\n\n- y",
      "<!-- fusion-report -->",
    ];
    const nodes = report.invocations[0]!.nodes;
    // orphan_0 is shown; orphan_5 on are folded.
    for (const [i, name] of [
      [0, "<details>"],
      [5, hostile[0]],
      [6, hostile[1]],
      [7, hostile[2]],
      [8, hostile[3]],
    ] as const) {
      nodes.find((node) => node.uniqueId === `model.shop.orphan_${i}`)!.name = name!;
    }
    const markdown = renderMarkdown(report, { maxBytes: 65_536, title: "dbt Fusion", fullReportHint: "x" });
    const group = skipGroup(markdown, "cause not given → 12 nodes skipped");
    expect(group?.shown).toEqual(["<details>", ...orphans(1, 5)]);
    expect(group?.fold?.children).toEqual(["summary", "ul"]);
    expect(group?.fold?.summary).toBe("7 more skipped nodes");
    expect(group?.fold?.nodes).toHaveLength(7);
    expect(group?.fold?.nodes.slice(0, 2)).toEqual(hostile.slice(0, 2));
    expect(group?.fold?.nodes.slice(4)).toEqual(orphans(9, 12));
    // No other <details> opened in a list, and none left open: every heading after is outside any.
    const html = parseHtml(markdownToHtml(markdown));
    const inLists = [...walk(html)].filter(
      ([node, ancestors]) =>
        isElement(node) && node.tagName === "details" && ancestors.some((a) => a.tagName === "li"),
    );
    expect(inLists).toHaveLength(1);
    const headings = [...walk(html)].filter(([node]) => isElement(node) && node.tagName === "h4");
    expect(headings.length).toBeGreaterThan(1);
    for (const [, ancestors] of headings) expect(ancestors).toEqual([]);
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
