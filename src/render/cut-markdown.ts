// Cutting Markdown to a byte limit without breaking what follows. A cut in the middle of a code
// fence or a <details> would swallow the note that says the report was cut (and, in a comment, the
// hidden marker after it); a cut in the middle of a line leaves half a table row or half a word.
// So: cut at a blank line (between blocks) when one is near, else at a line end (inside a line only in
// a code block); close the fence and the <details> our Markdown left open; then the note, after a
// blank line, which also ends a table.
import { trimLeading, trimTrailing } from "../text/trim-runs.js";
import { truncateBytes } from "../text/truncate.js";

/** What a cut left out, for its note. */
export interface LeftOut {
  lines: number;
  bytes: number;
}

/**
 * `markdown` if it fits in `maxBytes` of UTF-8; else its head, closed, and `note(leftOut)`, all of
 * it within `maxBytes`. The note is its own paragraph (give it without leading blank lines).
 */
export function cutMarkdown(markdown: string, maxBytes: number, note: (left: LeftOut) => string): string {
  const total = Buffer.byteLength(markdown, "utf8");
  if (total <= maxBytes) return markdown;
  // What closes the head and the note are only known once it is cut: start from an estimate and
  // cut shorter until everything fits (once or twice).
  let budget = maxBytes - Buffer.byteLength(note({ lines: countLines(markdown), bytes: total }), "utf8") - 64;
  for (let attempt = 0; attempt < 8 && budget > 0; attempt++) {
    const text = cutAt(markdown, budget, note);
    const over = Buffer.byteLength(text, "utf8") - maxBytes;
    if (over <= 0) return text;
    budget -= over + 64;
  }
  // A note longer than the limit is the caller's bug; still never over the limit.
  return truncateBytes(`${note({ lines: countLines(markdown), bytes: total })}\n`, maxBytes, "");
}

function cutAt(markdown: string, budget: number, note: (left: LeftOut) => string): string {
  let head = truncateBytes(markdown, budget, "");
  head = trimTrailing(head.slice(0, boundary(head)), "\n");
  const open = openBlocks(head);
  let closed = head;
  if (open.fence) closed += `\n${open.fence}`;
  // Innermost first, each at its own indentation: one in a list item is closed within that item.
  for (const indent of open.details.reverse()) closed += `\n\n${indent}</details>`;
  const rest = markdown.slice(head.length);
  const left = { lines: countLines(rest), bytes: Buffer.byteLength(rest, "utf8") };
  return `${closed === "" ? "" : `${closed}\n\n`}${note(left)}\n`;
}

/** "the last 1,234 lines (56 KiB)", for a note. */
export function describeLeftOut(left: LeftOut): string {
  const size =
    left.bytes >= 1024 * 1024
      ? `${(left.bytes / (1024 * 1024)).toFixed(1)} MiB`
      : `${Math.max(1, Math.round(left.bytes / 1024)).toLocaleString("en-US")} KiB`;
  const lines = left.lines === 1 ? "line" : `${left.lines.toLocaleString("en-US")} lines`;
  return `the last ${lines} (${size})`;
}

/**
 * Where to cut `head`: after its last blank line (between blocks) when that keeps most of it, else
 * after its last line end. Inside a line only when the line is most of the text (one long line) and
 * sits in a code block, where it is literal: anywhere else a cut could leave a code span or an HTML
 * tag open, and the escaped telemetry after it would be read as live Markdown (links, images). Such a
 * line is left out whole.
 */
function boundary(head: string): number {
  const blank = head.lastIndexOf("\n\n");
  if (blank > head.length * 0.75) return blank + 1;
  const lineStart = head.lastIndexOf("\n") + 1;
  if (lineStart > head.length * 0.5) return lineStart;
  return openBlocks(head.slice(0, lineStart)).fence ? head.length : lineStart;
}

function countLines(text: string): number {
  const trimmed = trimTrailing(trimLeading(text, "\n"), "\n");
  if (trimmed === "") return 0;
  let lines = 1;
  for (let i = trimmed.indexOf("\n"); i >= 0; i = trimmed.indexOf("\n", i + 1)) lines++;
  return lines;
}

/**
 * The code fence and the <details> our Markdown leaves open at its end (each by its indentation,
 * outermost first). Ours are the lines that start with `<details>` or are `</details>`, at the top
 * level or indented in a list item (a skip group's fold); the same text inside a code block (a
 * hostile message) or a table cell does not count, and telemetry outside them is escaped.
 */
function openBlocks(markdown: string): { fence: string | null; details: string[] } {
  let fence: string | null = null;
  const details: string[] = [];
  for (const line of markdown.split("\n")) {
    if (fence) {
      if (line.startsWith(fence) && /^`+$/.test(line.trimEnd())) fence = null;
      continue;
    }
    const opening = /^(`{3,})/.exec(line);
    const folding = opening ? null : /^( *)<details>/.exec(line);
    if (opening) fence = opening[1] as string;
    else if (folding) details.push(folding[1] as string);
    else if (/^ *<\/details>$/.test(line)) details.pop();
  }
  return { fence, details };
}
