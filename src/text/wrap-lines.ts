// Long lines of a message (an SQL error, a unit test's diff) broken for a code block or a terminal.
import { clusterColumns, clusters, columns } from "./columns.js";

/**
 * Lines wider than `width` columns broken at the last space before it (or at `width` when there is
 * none); continuation lines start with "↪ ", so a reader can tell a wrapped line from the next one.
 * Widths are columns (text/columns.ts): a CJK character takes two, a letter with its accents one, and
 * a line is broken between grapheme clusters only, so no wide character straddles the edge.
 */
export function wrapLines(text: string, width: number): string {
  const out: string[] = [];
  for (const line of text.split("\n")) {
    if (line.length <= width / 2 || columns(line) <= width) {
      out.push(line);
      continue;
    }
    wrapLine(line, width, out);
  }
  return out.join("\n");
}

const CONTINUATION = "↪ ";
const CONTINUATION_COLUMNS = 2;

/** One line, walked once (a report may hold thousands of long messages). */
function wrapLine(line: string, width: number, out: string[]): void {
  const pieces = clusters(line);
  const widths = pieces.map(clusterColumns);
  let left = widths.reduce((sum, w) => sum + w, 0);
  let prefix = "";
  let first = 0;
  while (left + (prefix ? CONTINUATION_COLUMNS : 0) > width) {
    const room = width - (prefix ? CONTINUATION_COLUMNS : 0);
    // As many clusters as fit; at least one, so a cluster wider than the room still moves on.
    let end = first;
    let used = 0;
    while (end < pieces.length && (end === first || used + (widths[end] as number) <= room)) {
      used += widths[end++] as number;
    }
    // The last space among them, if a third of the room comes before it: break after it.
    let before = used;
    let space = end - 1;
    while (space > first && !(pieces[space] as string).startsWith(" ")) before -= widths[space--] as number;
    before -= widths[space] as number;
    const cut = space > first && before > room / 3 ? space + 1 : end;
    const head = pieces.slice(first, cut);
    out.push(prefix + head.join("").trimEnd());
    for (let i = first; i < cut; i++) left -= widths[i] as number;
    first = cut;
    prefix = CONTINUATION;
  }
  out.push(prefix + pieces.slice(first).join(""));
}
