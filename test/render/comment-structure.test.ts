// The rendered HTML of every golden Markdown file, read without a browser (micromark + GFM, as
// GitHub parses a comment): what makes a comment readable at a pull request's width (issue 14).
// scripts/render-images.ts is the check by eye; this is the check a test can make.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { CHECK_CODE_WIDTH, COMMENT_CODE_WIDTH } from "../../src/render/markdown.js";
import {
  isElement,
  linesOutsideCode,
  markdownToHtml,
  parseHtml,
  walk,
  type HtmlElement,
  type HtmlNode,
} from "../support/gfm-html.js";
import { ROOT } from "../support/report.js";

/** Columns a table may have: more do not fit a comment at 780 px. */
const MAX_COLUMNS = 5;
/** Characters a table cell may hold without a break opportunity (about 200 px of code text). */
const MAX_UNBROKEN = 30;

const goldenFiles = (dir: string, match: RegExp): string[] =>
  readdirSync(path.join(ROOT, dir), { recursive: true, encoding: "utf8" })
    .filter((file) => match.test(file))
    .map((file) => path.join(dir, file));

const COMMENTS = goldenFiles("test/golden/comments", /\.md$/);
const ALL = [
  ...COMMENTS,
  ...goldenFiles("test/fixtures/real/expected", /\.md$/),
  ...goldenFiles("test/fixtures/generated", /expected\.md$/),
  ...goldenFiles("test/fixtures/baseline", /\.md$/),
];

const read = (file: string): string => readFileSync(path.join(ROOT, file), "utf8");
const html = (file: string): HtmlNode[] => parseHtml(markdownToHtml(read(file)));

/**
 * The longest run of characters in a cell a browser could not break: break opportunities are
 * white space (not NBSP), <wbr>, a zero-width space, and the place after a hyphen.
 */
function longestUnbroken(cell: HtmlElement): number {
  let longest = 0;
  let run = 0;
  const visit = (node: HtmlNode): void => {
    if (isElement(node)) {
      if (node.tagName === "wbr" || node.tagName === "br") run = 0;
      else node.childNodes.forEach(visit);
      return;
    }
    if (node.nodeName !== "#text" || !("value" in node)) return;
    for (const ch of node.value) {
      if (/[ \t\n\u200b]/.test(ch)) {
        run = 0;
        continue;
      }
      run++;
      longest = Math.max(longest, run);
      if (ch === "-") run = 0;
    }
  };
  cell.childNodes.forEach(visit);
  return longest;
}

describe.each(ALL)("%s", (file) => {
  it(`has tables of at most ${MAX_COLUMNS} columns whose cells can wrap`, () => {
    const tables = [...walk(html(file))]
      .map(([node]) => node)
      .filter((node): node is HtmlElement => isElement(node) && node.tagName === "table");
    for (const table of tables) {
      for (const [row] of walk([table])) {
        if (!isElement(row) || row.tagName !== "tr") continue;
        const cells = row.childNodes.filter(
          (c): c is HtmlElement => isElement(c) && (c.tagName === "td" || c.tagName === "th"),
        );
        expect(cells.length).toBeLessThanOrEqual(MAX_COLUMNS);
        for (const cell of cells) expect(longestUnbroken(cell)).toBeLessThanOrEqual(MAX_UNBROKEN);
      }
    }
  });

  it("keeps <details> balanced, each opening with its <summary>", () => {
    const lines = linesOutsideCode(read(file));
    const opened = lines.filter((line) => line.startsWith("<details>")).length;
    expect(lines.filter((line) => line === "</details>")).toHaveLength(opened);
    for (const [node] of walk(html(file))) {
      if (!isElement(node) || node.tagName !== "details") continue;
      expect(node.childNodes.find(isElement)?.tagName).toBe("summary");
    }
  });
});

describe.each(COMMENTS)("%s", (file) => {
  const width = file.endsWith(".check.md") ? CHECK_CODE_WIDTH : COMMENT_CODE_WIDTH;
  it(`wraps code excerpts at ${width} characters, the view's width`, () => {
    for (const [node] of walk(html(file))) {
      if (!isElement(node) || node.tagName !== "pre") continue;
      const code = node.childNodes.find(isElement);
      // A Mermaid block is drawn as a diagram, not shown as text.
      if (!code || /language-mermaid/.test(code.attrs.find((a) => a.name === "class")?.value ?? "")) continue;
      const text = code.childNodes.map((c) => ("value" in c ? c.value : "")).join("");
      for (const line of text.split("\n")) expect([...line].length).toBeLessThanOrEqual(width);
    }
  });
});
