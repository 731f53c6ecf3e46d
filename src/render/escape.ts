// Everything that comes from telemetry (node names, SQL error text, file paths) is untrusted: it must
// not inject Markdown or HTML, ping people, link anywhere, write our hidden comment marker, or break
// out of a code span or block. Every helper here treats all line terminators alike (LINE_BREAKS) and
// shows control characters and bidi overrides as visible escapes (showControls).
import { showControls, splitLines } from "../text/controls.js";
import { truncateChars } from "../text/truncate.js";

const ZWSP = "\u200b";

// What GitHub turns into a link or a notification in text: `@user`, `#123`, `GH-123`, bare
// `scheme://` URLs and `www.` hosts (GFM autolink literals; an email needs an `@`, broken by the
// first rule). A zero-width space after the trigger leaves the text readable and inert.
const MENTION = /@(?=[A-Za-z0-9_-])/g;
// Not the `#` of an entity we wrote (`&#124;`).
const ISSUE_REF = /(?<!&)#(?=\d)/g;
const GH_REF = /(GH-)(?=\d)/gi;
const URL_SCHEME = /:\/\//g;
const WWW = /(www)(?=\.)/gi;
const MAY_LINK = /[@#:]|gh-|www\./i;
// A commit SHA (7 to 40 hex characters standing alone, `a...b` too) links to the commit, one pushed
// to a fork included. Only runs with a letter and a digit: numbers and words stay whole, and a
// unique_id's hash (`….d12f0947c8`) follows a dot. A zero-width space every 6 characters leaves no
// piece long enough to link.
const SHA = String.raw`(?=[0-9a-f]{0,39}\d)(?=[0-9a-f]{0,39}[a-f])[0-9a-f]{7,40}(?![\w-])`;
const SHA_LIKE = new RegExp(String.raw`(?<![\w./-])${SHA}`, "gi");
const SIX = /[0-9a-f]{6}(?=[0-9a-f])/gi;

/**
 * Stops `@user` / `@org/team` from notifying anyone, and `#123`, `GH-1`, URLs, `www.` hosts and
 * commit SHAs from linking.
 */
function neutralizeLinks(text: string): string {
  const shas = text.replace(SHA_LIKE, (sha) => sha.replace(SIX, `$&${ZWSP}`));
  if (!MAY_LINK.test(shas)) return shas;
  return shas
    .replace(MENTION, `@${ZWSP}`)
    .replace(ISSUE_REF, `#${ZWSP}`)
    .replace(GH_REF, `$1${ZWSP}`)
    .replace(URL_SCHEME, `:${ZWSP}//`)
    .replace(WWW, `$1${ZWSP}`);
}

/**
 * `<!--` and `-->` broken apart, so no untrusted text can open or close an HTML comment or spell our
 * sticky marker (`<!-- fusion-report:… -->`): the marker is found by searching the raw Markdown,
 * where a code span or block is no protection.
 */
function breakHtmlComments(text: string): string {
  if (!text.includes("--")) return text;
  return text.replace(/<!--/g, `<!-${ZWSP}-`).replace(/--(!?)>/g, `-${ZWSP}-$1>`);
}

/**
 * Untrusted text for an output that is not Markdown but may end up in some (annotation titles and
 * messages, JUnit): controls shown as escapes, line breaks normalised or flattened, no HTML comment.
 */
export function plainText(text: string, lineBreaks: "keep" | "space"): string {
  return breakHtmlComments(showControls(text, lineBreaks));
}

/**
 * The longest untrusted text shown inline (a name, an id, a command, a message's mention), in
 * UTF-16 units; longer is cut with an ellipsis. A line of 100 KB would not fit the comment whole, and
 * one value should not crowd out the report around it; the JSON report keeps every value whole.
 */
export const MAX_INLINE_CHARS = 1_000;

const clip = (text: string): string => truncateChars(text, MAX_INLINE_CHARS);

// Names and paths are nearly always made of these: then only `_` needs escaping, and nothing can
// link (a report can name 20,000 nodes, several times over).
const PLAIN = /^[\w./-]*$/;
// In such a text a SHA can only stand alone at its start (SHA_LIKE).
const LINKABLE = new RegExp(String.raw`gh-\d|www\.|^${SHA}`, "i");

/** Plain text inside Markdown: every character that could start inline syntax or HTML is escaped. */
export function escapeText(untrusted: string): string {
  const text = clip(untrusted);
  if (PLAIN.test(text) && !LINKABLE.test(text)) return text.includes("_") ? text.replace(/_/g, "\\_") : text;
  let escaped = showControls(text, "space")
    .replace(/&/g, "&amp;")
    // GitHub renders `$…$` as math and ignores a backslash before `$`; an entity is a plain `$`.
    .replace(/\$/g, "&#36;")
    .replace(/[\\`*_[\]|~]/g, (ch) => `\\${ch}`)
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;");
  // Block syntax only matters at the start of a line: headings, lists, quotes, numbered lists.
  escaped = escaped.replace(/^(\s*)([#+-])(?=\s|#)/, "$1\\$2").replace(/^(\s*\d+)([.)])(?=\s)/, "$1\\$2");
  return neutralizeLinks(escaped);
}

/** Inline code that survives backticks in the value; safe in table cells too. */
export function code(untrusted: string): string {
  const text = clip(untrusted);
  // Node names nearly always need none of this: skip the scans (a report can list 20,000 nodes).
  if (/^[\w./:-]+$/.test(text)) return `\`${text}\``;
  const clean = breakHtmlComments(showControls(text, "space").replace(/\|/g, "¦"));
  let longest = 0;
  for (const run of clean.matchAll(/`+/g)) longest = Math.max(longest, run[0].length);
  const fence = "`".repeat(longest + 1);
  const pad = clean.startsWith("`") || clean.endsWith("`") || clean === "" ? " " : "";
  return `${fence}${pad}${neutralizeMentions(clean)}${pad}${fence}`;
}

/** Code spans never autolink, but GitHub's mention filter is kept away from them too. */
function neutralizeMentions(text: string): string {
  return text.includes("@") || text.includes("#")
    ? text.replace(MENTION, `@${ZWSP}`).replace(ISSUE_REF, `#${ZWSP}`)
    : text;
}

/** A fenced block whose fence is longer than any backtick run inside, so the text cannot close it. */
export function codeBlock(text: string, language = "text"): string {
  return fence(breakHtmlComments(showControls(text, "keep")), language);
}

/**
 * A fenced block of text we generated, such as a Mermaid diagram whose labels are already encoded
 * (its `-->` arrows must stay as they are).
 */
export function generatedBlock(text: string, language: string): string {
  return fence(text, language);
}

function fence(clean: string, language: string): string {
  let longest = 2;
  for (const run of clean.matchAll(/`+/g)) longest = Math.max(longest, run[0].length);
  const backticks = "`".repeat(longest + 1);
  return `${backticks}${language}\n${clean}\n${backticks}`;
}

/**
 * Text for an HTML attribute or element (a <summary>, a name's `title`), entity-escaped. `|` too:
 * in a table row it would end the cell, even inside an attribute. And what could start a link, an
 * image, a code span or math (`[`, `]`, backticks, `$`), so that text which ever stood outside its
 * tag would still be text.
 */
export function escapeHtml(untrusted: string): string {
  const text = clip(untrusted);
  if (PLAIN.test(text) && !LINKABLE.test(text)) return text;
  return neutralizeLinks(
    showControls(text, "space")
      .replace(/&/g, "&amp;")
      .replace(/</g, "&lt;")
      .replace(/>/g, "&gt;")
      .replace(/"/g, "&quot;")
      .replace(/\|/g, "&#124;")
      .replace(/\[/g, "&#91;")
      .replace(/\]/g, "&#93;")
      .replace(/`/g, "&#96;")
      .replace(/\$/g, "&#36;"),
  );
}

/**
 * A URL we built (a file at the PR head, a run), made safe as a Markdown link destination: anything
 * that could end the destination or the line early is percent-encoded.
 */
export function linkDestination(url: string): string {
  return url.replace(/[^A-Za-z0-9\-._~:/?#@!$&*+,;=%]/g, (ch) =>
    [...new TextEncoder().encode(ch)]
      .map((byte) => `%${byte.toString(16).toUpperCase().padStart(2, "0")}`)
      .join(""),
  );
}

/**
 * The first lines and characters of a long message, saying how much was cut. Runs of identical
 * lines (engine backtraces repeat frames) are collapsed first. Every kind of line break counts.
 */
export function excerpt(text: string, maxLines: number, maxChars: number): string {
  const lines = collapseRepeats(splitLines(text.trimEnd()));
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
