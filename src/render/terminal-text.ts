// Building blocks of the terminal report: untrusted text made inert, node names, section headings,
// facts packed to the width, and message excerpts in an indented gutter.
import { statusRow, type HeadlineCell } from "../model/status-table.js";
import { columns } from "../text/columns.js";
import { showControls, showInvisible } from "../text/controls.js";
import { truncateChars } from "../text/truncate.js";
import { excerpt, MAX_INLINE_CHARS } from "./escape.js";
import { wrapLines } from "../text/wrap-lines.js";
import type { NamedNode } from "./names.js";
import { OWN_SEQUENCES, type Style, type StyleName } from "./terminal-style.js";

/** What the terminal report needs to draw: its styles and the columns it may fill. */
export interface Pen {
  style: Style;
  width: number;
}

/**
 * Narrow glyphs for the terminal (the comment's emoji take two columns in most terminals and one in
 * some), with the colour of each headline count. Keyed by the status table's headline cells, so a
 * new cell does not compile until it has one.
 */
export const CELL_MARK: { readonly [K in HeadlineCell]: { glyph: string; colour: StyleName | null } } = {
  passed: { glyph: "✔", colour: "green" },
  errors: { glyph: "✖", colour: "red" },
  failedTests: { glyph: "✖", colour: "red" },
  warned: { glyph: "⚠", colour: "yellow" },
  skipped: { glyph: "↷", colour: "yellow" },
  reused: { glyph: "♻", colour: "cyan" },
  noOp: { glyph: "–", colour: null },
  canceled: { glyph: "⊘", colour: "yellow" },
  unfinished: { glyph: "?", colour: "yellow" },
};

/**
 * Untrusted text on one line: every control character, bidi override and line break shown as an
 * escape or a space (showControls), and tabs as a space, so nothing but our own styles acts on the
 * terminal or moves the cursor. As long as the comment shows it (MAX_INLINE_CHARS): an id of 60 MB
 * named in a dozen places would otherwise print the better part of a gigabyte.
 */
export function inert(text: string): string {
  return showControls(truncateChars(text, MAX_INLINE_CHARS), "space").replace(/\t/g, " ");
}

/** Untrusted text over several lines: line breaks of every kind become `\n`, tabs are expanded. */
function inertLines(text: string): string {
  return showControls(text, "keep")
    .split("\n")
    .map((line) => expandTabs(line))
    .join("\n");
}

/** Tabs to the next stop, counted in columns (a CJK character before a tab takes two). */
function expandTabs(line: string, stop = 8): string {
  if (!line.includes("\t")) return line;
  const [first = "", ...rest] = line.split("\t");
  let out = first;
  let column = columns(first);
  for (const piece of rest) {
    const pad = stop - (column % stop);
    out += " ".repeat(pad) + piece;
    column += pad + columns(piece);
  }
  return out;
}

function paint(pen: Pen, colour: StyleName | null, text: string): string {
  return colour ? pen.style[colour](text) : text;
}

/** The status's glyph in its colour; `?` for a value that is not a status (a hostile baseline report). */
export function statusMark(pen: Pen, status: string): string {
  const row = statusRow(status);
  if (!row) return "?";
  const mark = CELL_MARK[row.headline];
  return paint(pen, mark.colour, mark.glyph);
}

/** The status's word ("error", "phase-skipped"); an unknown value shown inert. */
export function statusWord(status: string): string {
  return statusRow(status)?.label ?? inert(status);
}

/**
 * A node as one copyable token, its full unique id, with the readable name in bold where the id
 * holds it (`model.shop.` `orders`); a node whose name is not part of its id (generic tests with a
 * hashed id) shows the name, then the id.
 */
export function nodeName(pen: Pen, node: NamedNode): string {
  const { bold, dim } = pen.style;
  const id = inertName(node.uniqueId);
  const name = node.name ? inertName(node.name) : "";
  if (!name || name === id) return bold(id);
  const at = id.lastIndexOf(`.${name}`);
  const end = at + 1 + name.length;
  if (at >= 0 && (end === id.length || id[end] === ".")) {
    return `${dim(id.slice(0, at + 1))}${bold(name)}${dim(id.slice(end))}`;
  }
  return `${bold(name)} ${dim(`(${id})`)}`;
}

/**
 * A node's name or id on one line, with its invisible characters shown (text/controls.ts): two nodes
 * whose names draw alike are told apart, wherever a name is listed.
 */
export function inertName(text: string): string {
  return inert(showInvisible(text));
}

/**
 * One node on a line: its status mark, its name and a few facts (dimmed); the facts go on the next
 * line when the name leaves no room for them.
 */
export function entry(pen: Pen, status: string, node: NamedNode, facts: string): string {
  const head = `${statusMark(pen, status)} ${nodeName(pen, node)}`;
  const line = `${head} ${pen.style.dim(`· ${facts}`)}`;
  return visibleLength(line) <= pen.width
    ? line
    : `${head}\n  ${pen.style.dim(packFacts(facts.split(" · "), pen.width - 2, "  "))}`;
}

/** `── Errors (1) ─────…` across the width, so sections stand apart without colour too. */
export function heading(pen: Pen, title: string, rule = "─"): string {
  const lead = `${rule}${rule} `;
  const room = pen.width - visibleLength(lead) - visibleLength(title) - 1;
  return `${pen.style.bold(`${lead}${title}`)} ${rule.repeat(Math.max(2, room))}`;
}

/**
 * Facts joined by ` · `, broken into lines of at most `width` columns (never inside a fact), each
 * line after the first starting with `indent`.
 */
export function packFacts(facts: readonly string[], width: number, indent = ""): string {
  return packWords(facts, width, " · ", indent);
}

/** Items joined with `, ` (the comma kept where a line wraps), as many to a line as fit, each line indented. */
export function packList(items: readonly string[], width: number, indent: string): string {
  const last = items.length - 1;
  return packWords(
    items.map((item, i) => `${i === 0 ? indent : ""}${item}${i < last ? "," : ""}`),
    width,
    " ",
    indent,
  );
}

function packWords(words: readonly string[], width: number, separator: string, indent = ""): string {
  const lines: string[] = [];
  let line = "";
  for (const fact of words) {
    const joined = line ? `${line}${separator}${fact}` : fact;
    if (line && visibleLength(joined) > width) {
      lines.push(line);
      line = `${indent}${fact}`;
    } else {
      line = joined;
    }
  }
  if (line) lines.push(line);
  return lines.join("\n");
}

/** Prose (ours, already inert) broken between words into lines of at most `width` columns. */
export function wrapWords(text: string, width: number): string {
  return packWords(text.split(" "), width, " ");
}

/**
 * Columns a line takes on the terminal, not counting our style sequences (every other escape is
 * already text): a CJK character or an emoji takes two, combining marks none (text/columns.ts).
 */
export function visibleLength(text: string): number {
  return columns(text.includes("\u001b") ? text.replace(OWN_SEQUENCES, "") : text);
}

/**
 * A message's first lines in a gutter (`  │ `), wrapped to the width with `↪ ` continuation lines,
 * as the comment's code blocks are.
 */
export function excerptGutter(
  pen: Pen,
  text: string,
  limits: { lines: number; chars: number },
  indent = "  ",
): string {
  const gutter = `${indent}${pen.style.dim("│")} `;
  const room = Math.max(20, pen.width - indent.length - 2);
  const lines = wrapLines(inertLines(excerpt(text, limits.lines, limits.chars)), room).split("\n");
  return lines.map((line) => `${gutter}${line}`.trimEnd()).join("\n");
}

/** Right-aligned to `size` columns. */
export function padStart(text: string, size: number): string {
  return " ".repeat(Math.max(0, size - visibleLength(text))) + text;
}
