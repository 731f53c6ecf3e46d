// Everything that comes from telemetry (node names, SQL error text, file paths) is untrusted: it must
// not inject Markdown or HTML, ping people, or break out of a code span or block.

const ZERO_WIDTH_SPACE = "\u200b";

/** Stops `@user` / `@org/team` from notifying anyone, and `#123` from auto-linking issues. */
function neutralizeMentions(text: string): string {
  return text
    .replace(/@(?=[A-Za-z0-9_-])/g, `@${ZERO_WIDTH_SPACE}`)
    .replace(/#(?=\d)/g, `#${ZERO_WIDTH_SPACE}`);
}

/** Plain text inside Markdown: every character that could start inline syntax or HTML is escaped. */
export function escapeText(text: string): string {
  let escaped = text
    .replace(/&(?![a-z]+;|#\d+;)/g, "&amp;")
    .replace(/[\\`*_[\]|~]/g, (ch) => `\\${ch}`)
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/\r?\n/g, " ");
  // Block syntax only matters at the start of a line: headings, lists, quotes, numbered lists.
  escaped = escaped.replace(/^(\s*)([#+-])(?=\s|#)/, "$1\\$2").replace(/^(\s*\d+)([.)])(?=\s)/, "$1\\$2");
  return neutralizeMentions(escaped);
}

/** Inline code that survives backticks in the value; safe in table cells too. */
export function code(text: string): string {
  // Node names nearly always need none of this: skip the scans (a report can list 20,000 nodes).
  if (/^[\w./:-]+$/.test(text)) return `\`${text}\``;
  const clean = text.replace(/\r?\n/g, " ").replace(/\|/g, "¦");
  const longest = Math.max(0, ...[...clean.matchAll(/`+/g)].map((m) => m[0].length));
  const fence = "`".repeat(longest + 1);
  const pad = clean.startsWith("`") || clean.endsWith("`") || clean === "" ? " " : "";
  return `${fence}${pad}${neutralizeMentions(clean)}${pad}${fence}`;
}

/** A fenced block whose fence is longer than any backtick run inside, so the text cannot close it. */
export function codeBlock(text: string, language = "text"): string {
  const longest = Math.max(2, ...[...text.matchAll(/`+/g)].map((m) => m[0].length));
  const fence = "`".repeat(longest + 1);
  return `${fence}${language}\n${text.replace(/\r\n/g, "\n")}\n${fence}`;
}

/** Text for an HTML attribute or element (e.g. <summary>), entity-escaped. */
export function escapeHtml(text: string): string {
  return neutralizeMentions(
    text
      .replace(/&/g, "&amp;")
      .replace(/</g, "&lt;")
      .replace(/>/g, "&gt;")
      .replace(/"/g, "&quot;")
      .replace(/\r?\n/g, " "),
  );
}

/**
 * The first lines and characters of a long message, saying how much was cut. Runs of identical
 * lines (engine backtraces repeat frames) are collapsed first.
 */
export function excerpt(text: string, maxLines: number, maxChars: number): string {
  const lines = collapseRepeats(text.replace(/\r\n/g, "\n").trimEnd().split("\n"));
  let kept = lines.slice(0, maxLines).join("\n");
  let cut = lines.length > maxLines;
  if (kept.length > maxChars) {
    kept = kept.slice(0, maxChars);
    cut = true;
  }
  if (!cut) return kept;
  const rest = lines.length - Math.min(lines.length, maxLines);
  return `${kept}\n… (${rest > 0 ? `${rest} more line${rest === 1 ? "" : "s"}` : "truncated"})`;
}

function collapseRepeats(lines: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < lines.length;) {
    const body = stripFrameNumber(lines[i] as string);
    let j = i + 1;
    while (j < lines.length && stripFrameNumber(lines[j] as string) === body) j++;
    out.push(lines[i] as string);
    if (j - i > 2) out.push(`  … (${j - i - 1} similar lines)`);
    else if (j - i === 2) out.push(lines[i + 1] as string);
    i = j;
  }
  return out;
}

/** `  12: __mh_execute_header` and `  13: __mh_execute_header` are the same frame. */
function stripFrameNumber(line: string): string {
  return line.replace(/^\s*\d+:\s*/, "");
}
