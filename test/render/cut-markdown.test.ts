// Cutting Markdown to a limit: the note saying so must be a visible paragraph, as GitHub renders it
// (CommonMark + GFM), never swallowed by a code fence, a <details> or a table left open; the cut is
// between lines (blocks when one is near), and the note says how much was left out.
import { describe, expect, it, vi } from "vitest";
import { fitCheckOutput } from "../../src/github/check-run.js";
import { COMMENT_MAX_CHARS, fitCommentBody } from "../../src/github/comment.js";
import { fitSummary } from "../../src/github/summary.js";
import { cutMarkdown, describeLeftOut, type LeftOut } from "../../src/render/cut-markdown.js";
import { truncateMarkdown } from "../../src/render/markdown.js";
import { isElement, markdownToHtml, parseHtml, textOf, walk, type HtmlElement } from "../support/gfm-html.js";

const NOTE = "NOTE-END";
const note = (left: LeftOut): string => `_${NOTE}: ${left.lines} lines, ${left.bytes} bytes left out._`;
const bytes = (text: string): number => Buffer.byteLength(text, "utf8");

/** The element holding `text`, and its ancestors, in GitHub's rendering of `markdown`. */
function find(markdown: string, text: string): { element: HtmlElement; ancestors: HtmlElement[] } | null {
  let found: { element: HtmlElement; ancestors: HtmlElement[] } | null = null;
  for (const [node, ancestors] of walk(parseHtml(markdownToHtml(markdown)))) {
    if (isElement(node) && node.tagName === "p" && textOf(node).includes(text)) {
      found = { element: node, ancestors };
    }
  }
  return found;
}

/** The note is its own paragraph, at the top level of the document: nothing left open above it. */
function expectVisible(markdown: string, text = NOTE): void {
  const found = find(markdown, text);
  expect(found, `no paragraph with '${text}' in:\n${markdown.slice(-600)}`).not.toBeNull();
  expect(found!.ancestors.map((a) => a.tagName)).toEqual([]);
}

const fenced = (lines: number, fence = "```"): string =>
  `${fence}text\n${Array.from({ length: lines }, (_, i) => `line ${i} of a long error message`).join("\n")}\n${fence}`;
const table = (rows: number): string =>
  `| Node | Status |\n|---|---|\n${Array.from({ length: rows }, (_, i) => `| \`model.x.n${i}\` | ❌ error |`).join("\n")}`;
const details = (body: string): string => `<details><summary>More</summary>\n\n${body}\n\n</details>`;
const paragraphs = (count: number): string =>
  Array.from({ length: count }, (_, i) => `Paragraph ${i} says something about node ${i}.`).join("\n\n");

describe("cutMarkdown", () => {
  it("leaves Markdown that fits alone", () => {
    const text = `${paragraphs(3)}\n`;
    expect(cutMarkdown(text, bytes(text), note)).toBe(text);
  });

  it.each([
    ["a code fence", `## Errors\n\n${fenced(400)}\n\nafter\n`],
    ["a longer fence (a message with backticks)", `intro\n\n${fenced(400, "`````")}\n`],
    ["a <details>", `intro\n\n${details(paragraphs(200))}\n\nafter\n`],
    ["a fence in a <details>", `intro\n\n${details(`${fenced(300)}\n\n${paragraphs(5)}`)}\n`],
    ["a table", `intro\n\n${table(400)}\n\nafter\n`],
    ["a table in a <details>", `intro\n\n${details(table(400))}\n`],
  ])("a cut in %s closes it: the note is a visible paragraph", (_name, markdown) => {
    for (const limit of [600, 1_000, 2_345, 5_000, bytes(markdown) - 1]) {
      const cut = cutMarkdown(markdown, limit, note);
      expect(bytes(cut)).toBeLessThanOrEqual(limit);
      expectVisible(cut);
    }
  });

  it("closes a <details> folded into a list item (a long skip group) within its item", () => {
    const node = (i: number): string => `  - <code title="model.shop.n_${i}">n\\_${i}</code>`;
    const group = (cause: string, nodes: number): string =>
      [
        `- ${cause} → ${nodes} nodes skipped`,
        ...Array.from({ length: 5 }, (_, i) => node(i)),
        `\n  <details><summary>${nodes - 5} more skipped nodes</summary>\n`,
        ...Array.from({ length: nodes - 5 }, (_, i) => node(i + 5)),
        "\n  </details>",
      ].join("\n");
    const markdown = `#### ⏭️ Skipped\n\n${group("a", 400)}\n${group("b", 400)}\n\n#### after\n`;
    // Cuts in the first group's fold, in the second's, and after the list.
    for (const [limit, inFold] of [
      [1_000, true],
      [20_000, true],
      [30_000, true],
      [bytes(markdown) - 1, false],
    ] as const) {
      const cut = cutMarkdown(markdown, limit, note);
      expect(bytes(cut)).toBeLessThanOrEqual(limit);
      expectVisible(cut);
      // Closed as written, not left to the HTML parser: GitHub's sanitiser is handed this HTML.
      const html = markdownToHtml(cut);
      expect(html.split("</details>").length).toBe(html.split("<details>").length);
      if (inFold) expect(cut).toMatch(/\n\n {2}<\/details>\n\n_NOTE-END/);
    }
  });

  it("cuts between lines, at a blank line when one is near, and counts what it left out", () => {
    const markdown = `${paragraphs(100)}\n`;
    const cut = cutMarkdown(markdown, 1_000, note);
    const kept = cut.slice(0, cut.indexOf(`_${NOTE}`)).replace(/\n+$/, "");
    // Whole paragraphs only.
    expect(kept.split("\n\n").every((p) => /^Paragraph \d+ says something about node \d+\.$/.test(p))).toBe(
      true,
    );
    const rest = markdown.slice(kept.length);
    expect(cut).toContain(`${NOTE}: ${rest.trim().split("\n").length} lines, ${bytes(rest)} bytes left out.`);
  });

  it("keeps the most of one long line in a code block (a message without line breaks), on a code-point boundary", () => {
    const markdown = `## Errors\n\n\`\`\`text\n${"ü😀".repeat(50_000)}\n\`\`\`\n`;
    const cut = cutMarkdown(markdown, 10_000, note);
    expect(bytes(cut)).toBeLessThanOrEqual(10_000);
    expect(bytes(cut)).toBeGreaterThan(9_000);
    expect(cut).not.toContain("\uFFFD");
    expect(cut).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/);
    expectVisible(cut);
  });

  it.each([
    ["a code span", (payload: string) => `\`dbt build ${payload}\``],
    ["a tag's attribute", (payload: string) => `**<code title="model.shop.${payload}">orders</code>**`],
  ])(
    "never cuts a long line outside a code block: a cut in %s would let escaped text become links",
    (_name, line) => {
      // What escapeText/escapeHtml leave as text inside a closed code span or attribute.
      const payload = "[click](//evil.example/x) ![i](//evil.example/p.png) ".repeat(2_000);
      const markdown = `## ❌ dbt Fusion: 1 node error\n\n${line(payload)}\n\nafter\n`;
      const cut = cutMarkdown(markdown, 30_000, note);
      expect(bytes(cut)).toBeLessThanOrEqual(30_000);
      expect(cut).not.toContain("evil.example");
      expect(cut.startsWith("## ❌ dbt Fusion: 1 node error\n\n")).toBe(true);
      expectVisible(cut);
      const html = markdownToHtml(cut);
      expect(html).not.toMatch(/<a |<img /);
    },
  );

  it("holds for many shapes and limits (blocks mixed at random, fixed seed)", () => {
    let seed = 42;
    const random = (n: number): number => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed % n;
    };
    const blocks = [
      () => paragraphs(1 + random(5)),
      () => fenced(1 + random(60), "`".repeat(3 + random(3))),
      () => table(1 + random(40)),
      () => details(fenced(1 + random(40))),
      () => details(table(1 + random(40))),
      () => `### Heading ${random(100)}\n\n- item\n- item ${random(100)}`,
    ];
    for (let doc = 0; doc < 40; doc++) {
      const markdown = `${Array.from({ length: 4 + random(12) }, () => blocks[random(blocks.length)]!()).join("\n\n")}\n`;
      for (let i = 0; i < 5; i++) {
        const limit = 300 + random(Math.max(1, bytes(markdown) - 300));
        const cut = cutMarkdown(markdown, limit, note);
        expect(bytes(cut)).toBeLessThanOrEqual(limit);
        if (cut !== markdown) expectVisible(cut);
      }
    }
  });

  it("cuts Markdown with 200,000 blank lines before its text: they are kept, and what is left out counted", () => {
    const markdown = `${"\n".repeat(200_000)}${"x\n".repeat(100_000)}`;
    const cut = cutMarkdown(markdown, 300_000, note);
    expect(bytes(cut)).toBeLessThanOrEqual(300_000);
    const kept = cut.slice(0, cut.indexOf(`_${NOTE}`));
    expect(kept.startsWith(`${"\n".repeat(200_000)}x\nx\n`)).toBe(true);
    expect(kept.endsWith("x\n\n")).toBe(true);
    // The head is the blank lines and k lines of "x" (its last line break dropped), then a blank line.
    const k = (kept.length - 200_000 - 1) / 2;
    expect(Number.isInteger(k) && k > 0).toBe(true);
    expect(cut).toContain(`${NOTE}: ${100_000 - k} lines, ${1 + 2 * (100_000 - k)} bytes left out.`);
  });

  it("runs no regex that is tried from every position of a long run (/\\n+$/ on many line breaks)", () => {
    // Not timed: the regexes the cut runs are recorded, and none may end in a run anchored only at
    // the end of a long text. Such a regex is tried from each position of a run before the end and
    // scans the run from each: quadratic (20,000 blank lines here; 200,000 take seconds).
    const applied: { source: string; length: number }[] = [];
    const record = (re: RegExp, text: unknown): void => {
      applied.push({ source: re.source, length: String(text).length });
    };
    const replace = RegExp.prototype[Symbol.replace];
    const exec = RegExp.prototype.exec;
    const spies = [
      vi.spyOn(RegExp.prototype, Symbol.replace).mockImplementation(function (this: RegExp, text, ...rest) {
        record(this, text);
        return replace.apply(this, [text, ...rest] as Parameters<typeof replace>);
      }),
      vi.spyOn(RegExp.prototype, "exec").mockImplementation(function (this: RegExp, text) {
        record(this, text);
        return exec.call(this, text);
      }),
    ];
    try {
      const markdown = `${"\n".repeat(20_000)}${"x\n".repeat(10_000)}`;
      expect(bytes(cutMarkdown(markdown, 30_000, note))).toBeLessThanOrEqual(30_000);
    } finally {
      for (const spy of spies) spy.mockRestore();
    }
    const endAnchoredRun = (source: string): boolean =>
      /[+*]\)?\$$/.test(source) && !(source.startsWith("^") && !source.includes("|"));
    expect(applied.filter((a) => a.length > 1_000 && endAnchoredRun(a.source))).toEqual([]);
  });

  it("says 'the last N lines (size)'", () => {
    expect(describeLeftOut({ lines: 1_234, bytes: 56 * 1024 })).toBe("the last 1,234 lines (56 KiB)");
    expect(describeLeftOut({ lines: 1, bytes: 10 })).toBe("the last line (1 KiB)");
    expect(describeLeftOut({ lines: 40_000, bytes: 3 * 1024 * 1024 })).toBe(
      "the last 40,000 lines (3.0 MiB)",
    );
  });
});

describe("every cut of the Action's channels keeps its note visible", () => {
  const huge = `## ❌ dbt Fusion: 1 node error\n\n${details(`${fenced(20_000)}\n\n${table(5_000)}`)}\n`;

  it("the renderer's last resort", () => {
    const cut = truncateMarkdown(huge, 60_000, "the `fusion-report` artifact of this workflow run");
    expect(bytes(cut)).toBeLessThanOrEqual(60_000);
    expectVisible(cut, "The report was cut to fit, leaving out the last");
    expect(textOf(find(cut, "The report was cut")!.element)).toMatch(
      /^The report was cut to fit, leaving out the last [\d,]+ lines \(\d+ KiB\); the complete report is in the fusion-report artifact of this workflow run\.$/,
    );
  });

  it("the check run's output (65,535 bytes)", () => {
    const cut = fitCheckOutput(huge);
    expect(bytes(cut)).toBeLessThanOrEqual(65_535);
    expectVisible(cut, "Truncated to fit GitHub's check-run size limit, leaving out the last");
  });

  it("the job summary (1 MiB)", () => {
    const bigger = `intro\n\n${details(fenced(60_000))}\n`;
    const cut = fitSummary(bigger);
    expect(bytes(cut)).toBeLessThanOrEqual(1_000_000);
    expectVisible(cut, "Job summary truncated to stay under GitHub's 1 MiB limit, leaving out the last");
  });

  it("the comment (65,536 characters), the marker still last", () => {
    const marker = "<!-- fusion-report:dbt Fusion -->";
    const body = fitCommentBody(huge, marker);
    expect(body.length).toBeLessThanOrEqual(COMMENT_MAX_CHARS);
    expect(body.endsWith(`\n\n${marker}`)).toBe(true);
    expectVisible(body, "Comment truncated to fit GitHub's 65,536-character limit, leaving out the last");
  });
});
