// A dbt upgrade that deprecates a config warns the same thing on 500 nodes, each message naming its
// own node and file, beside a few other warnings and no errors. Every view says the 500 once, with
// the count and a few names, and keeps the other warnings in sight. The build is generated and read
// in memory; small builds are the golden files'.
import { describe, expect, it } from "vitest";
import type { NodeSpec, ScenarioSpec } from "../../scripts/fixture-gen/types.js";
import {
  buildAnnotations,
  SAME_ERROR_ANNOTATIONS,
  type CheckAnnotation,
} from "../../src/render/annotations.js";
import { groupSameWarnings } from "../../src/render/errors-by-impact.js";
import { fitMarkdown, renderMarkdown } from "../../src/render/markdown.js";
import { renderTerminal, TERMINAL_LIMITS } from "../../src/render/terminal.js";
import { isElement, markdownToHtml, parseHtml, textOf, walk } from "../support/gfm-html.js";
import { reportOfScenario } from "../support/report.js";

const DEPRECATION = "The `tests` config has been renamed to `data_tests`";
const UNEXPECTED_KEY = "Ignored unexpected key `materialised`";

// Names a telemetry file may hold: a bidi override, a zero-width space, a bell, a line break, an
// HTML comment and a workflow command, among the first models with the deprecation.
const HOSTILE = [
  "evil\u202Egnp",
  "zero\u200Bwidth",
  "bell\u0007",
  "two\nlines",
  "open<!--comment",
  "::error::forged",
];

const modelName = (i: number): string =>
  i >= 1 && i < 1 + HOSTILE.length ? HOSTILE[i - 1]! : `m_${String(i).padStart(3, "0")}`;
const sqlFile = (i: number): string => `models/staging/m_${String(i).padStart(3, "0")}.sql`;
const ymlFile = (i: number): string => `models/staging/_m_${String(i).padStart(3, "0")}.yml`;

/**
 * `deprecated` models with the one deprecation (its own name and YAML file in the message), then two
 * with one config-key warning, two with warnings of their own, and models without any, 600 in all.
 */
function upgradeBuild(deprecated = 500): ScenarioSpec {
  const nodes: NodeSpec[] = [];
  const warn = (i: number, body: string, code: number) => [
    { body, code, relativePath: ymlFile(i), line: 4 + (i % 7), column: 5 },
  ];
  for (let i = 0; i < 600; i++) {
    const name = modelName(i);
    const node: NodeSpec = {
      uniqueId: `model.shop.${name}`,
      kind: "model",
      relativePath: sqlFile(i),
      outcome: "success",
    };
    const extra = i - deprecated;
    if (i < deprecated) {
      node.warnings = warn(
        i,
        `${DEPRECATION} in model '${name}' (${ymlFile(i)}). Please update your property files.`,
        1005,
      );
    } else if (extra < 2) {
      node.warnings = warn(i, `${UNEXPECTED_KEY} in config of model ${name}.`, 1060);
    } else if (extra === 2) {
      node.warnings = warn(i, "Snapshot strategy `check` compares every column: it is slow.", 1090);
    } else if (extra === 3) {
      node.warnings = warn(i, "Unused configuration paths: models.shop.legacy", 1070);
    }
    nodes.push(node);
  }
  const invocation = {
    version: "2.0.0-preview.186",
    payloadLayout: "wrapped" as const,
    command: "build",
    rawCommand: "dbt build",
    nodePhases: ["RENDER", "ANALYZE", "RUN"] as ("RENDER" | "ANALYZE" | "RUN")[],
    nodes,
  };
  return { name: "upgrade", description: "a dbt upgrade", seed: 5, invocations: [invocation] };
}

const OTHERS = ["Snapshot strategy", "Unused configuration paths", UNEXPECTED_KEY];
// eslint-disable-next-line no-control-regex -- the controls are what must be gone
const CONTROLS = /[\u0000-\u0009\u000b-\u001f\u007f\u202a-\u202e\u2066-\u2069]/;

describe("the same warning in 500 nodes", () => {
  it("is one group of 500 and the other warnings stand apart", async () => {
    const inv = (await reportOfScenario(upgradeBuild())).invocations[0]!;
    const lines = inv.nodes.flatMap((node) =>
      node.logs.filter((log) => log.severity === "WARN").map((log) => ({ node, log })),
    );
    expect(lines).toHaveLength(504);
    expect(groupSameWarnings(lines).map((group) => group.length)).toEqual([500, 2, 1, 1]);
  });

  it("is one item in the comment, with its count and five names, the rest folded", async () => {
    const report = await reportOfScenario(upgradeBuild());
    const markdown = renderMarkdown(report, { maxBytes: 65_000, title: "dbt Fusion", fullReportHint: "x" });
    const section = markdown.slice(markdown.indexOf("#### ⚠️ Warnings"), markdown.indexOf("#### 🐢"));
    expect(section).toMatch(/^#### ⚠️ Warnings \(504\)/);
    // The deprecation once, then each other warning.
    expect(section.split("renamed to").length - 1).toBe(1);
    for (const other of OTHERS) expect(section).toContain(escapedLikeMarkdown(other));
    expect(section).toContain("The same warning in 499 more nodes, each naming itself: ");
    expect(section).toContain("494 more nodes with this warning</summary>");
    expect(section).toContain("The same warning in 1 more node, each naming itself: ");
    // Each of the 504 is listed, named, or counted in the note at the end.
    const top = section.split("\n").filter((line) => line.startsWith("- <code")).length;
    const named = (section.match(/<code title=/g) ?? []).length - top;
    const note = /_… and (\d+) more nodes with the warnings above, listed in x\._/.exec(section);
    expect(top).toBe(4);
    expect(top + named + Number(note?.[1] ?? 0)).toBe(504);
  });

  it("keeps the other warnings as items of the list outside the fold, and hostile names inert", async () => {
    const report = await reportOfScenario(upgradeBuild());
    const markdown = renderMarkdown(report, { maxBytes: 65_000, title: "dbt Fusion", fullReportHint: "x" });
    const html = parseHtml(markdownToHtml(markdown));
    const items = [...walk(html)].filter(
      ([node, ancestors]) =>
        isElement(node) && node.tagName === "li" && !ancestors.some((a) => a.tagName === "li"),
    );
    const warnings = items
      .map(([node]) => textOf(node))
      .filter((text) => /renamed|Snapshot|Unused|materialised/.test(text));
    expect(warnings).toHaveLength(4);
    expect(warnings.filter((text) => text.includes("details")).length).toBe(0);
    const fold = [...walk(html)].find(([node]) => isElement(node) && node.tagName === "details");
    expect(fold).toBeDefined();
    expect(textOf(fold![0])).toContain("m_499");
    // The hostile names are named (they stand right after the first model) and do nothing.
    expect(markdown).not.toMatch(CONTROLS);
    expect(markdown).not.toContain("<!--");
    expect(markdown).not.toMatch(/^::error::/m);
  });

  it("shows what it says it holds whole", async () => {
    const report = await reportOfScenario(upgradeBuild());
    for (let maxBytes = 2_000; maxBytes <= 100_000; maxBytes = Math.round(maxBytes * 1.5)) {
      const { markdown, whole } = fitMarkdown(report, { maxBytes, title: "t", fullReportHint: "x" });
      if (markdown.includes("_The report was cut to fit")) continue;
      const note = /more (warnings?|nodes? with the warnings above), listed/.test(markdown);
      expect(whole.has("warnings"), String(maxBytes)).toBe(!note);
    }
  });

  it("is one block in the terminal, naming ten and counting the rest", async () => {
    const report = await reportOfScenario(upgradeBuild());
    const text = renderTerminal(report, {
      title: "dbt Fusion",
      width: 100,
      colour: false,
      fullReportHint: "x",
    });
    const section = text.slice(text.indexOf("Warnings (504)"), text.indexOf("Slowest nodes"));
    expect(section.split("renamed to").length - 1).toBe(1);
    for (const other of OTHERS) expect(section).toContain(other);
    expect(section).toContain("The same warning in 499 more nodes, each naming itself:");
    expect(TERMINAL_LIMITS.sameErrorNodes).toBe(10);
    expect(section).toContain("model.shop.m_010 and 489 more");
    expect(section).toContain("… and 489 more nodes with the warnings above, listed in x.");
    // Each named one by its id, the hostile ones inert.
    expect(section).toContain("model.shop.evil\\u202Egnp");
    expect(section).toContain("model.shop.bell\\x07");
    expect(text).not.toMatch(CONTROLS);
    expect(text).not.toMatch(/^::error::/m);
  });

  it("takes three annotations and a note, and every other warning gets its own", async () => {
    const report = await reportOfScenario(upgradeBuild());
    const set = buildAnnotations(report.invocations, { projectDir: ".", maxAnnotations: 50 });
    const isDeprecation = (a: CheckAnnotation): boolean => a.message.includes(DEPRECATION);
    expect(SAME_ERROR_ANNOTATIONS).toBe(3);
    expect(set.annotations.filter(isDeprecation).map((a) => a.path)).toEqual([0, 1, 2].map(ymlFile));
    // The first of each warning before the second of any: the others come right after the first.
    expect(set.annotations.slice(0, 4).map((a) => a.path)).toEqual([0, 500, 502, 503].map(ymlFile));
    expect(set.annotations.filter((a) => !isDeprecation(a)).map((a) => a.path)).toEqual(
      [500, 502, 503, 501].map(ymlFile),
    );
    expect(set.annotations).toHaveLength(7);
    expect(set.omitted).toBe(504 - 7);
    const note = set.annotations.filter(isDeprecation)[2]!.message.split("\n\n").pop()!;
    expect(note).toBe(
      "The same warning in 497 more nodes, not annotated: bell\\x07, two lines, open<!-\u200B-comment, " +
        "::error::forged, m_007, m_008, m_009, m_010, m_011, m_012 and 487 more.",
    );
    expect(note).not.toMatch(CONTROLS);
    // Two with the config-key warning are both annotated, with no note: they fit.
    expect(
      set.annotations.filter((a) => /Ignored unexpected key|The same warning/.test(a.message)),
    ).toHaveLength(3);
  });

  it("annotates every node of the warning, with no note, when all of them fit", async () => {
    // 46 + 4 others = 50.
    const report = await reportOfScenario(upgradeBuild(46));
    const set = buildAnnotations(report.invocations, { projectDir: ".", maxAnnotations: 50 });
    expect(set.annotations).toHaveLength(50);
    expect(set.annotations.some((a) => a.message.includes("The same warning"))).toBe(false);
  });
});

/** The Markdown escapes `_` and backticks in a message (escapeText). */
function escapedLikeMarkdown(text: string): string {
  return text.replace(/[`_]/g, (c) => `\\${c}`);
}
