// Untrusted text (node names, SQL errors, zip entry names, server bodies) may hold characters that
// change what a reader sees rather than what it says: line terminators that end a Markdown line or a
// log line early, terminal escape sequences, and bidi overrides that reorder a name on screen
// ("Trojan Source", CVE-2021-42574). These helpers are the one definition of those characters.

/**
 * Every line terminator a reader of our output may act on: CommonMark's (`\r\n`, `\r`, `\n`) and
 * Unicode's NEL, LINE SEPARATOR and PARAGRAPH SEPARATOR. Global: use with `replace`/`split` only.
 */
export const LINE_BREAKS = /\r\n|[\n\r\u0085\u2028\u2029]/g;

// C0 controls but tab and line feed, DEL, C1 controls, the Unicode line/paragraph separators, bidi
// marks, embeddings, overrides and isolates, and the invisible BOM. CR and NEL are matched here too:
// callers that keep line breaks normalise them to `\n` first.
// A string, not a literal: the RegExp is built from escapes, so no raw control character is in the source.
const CONTROL_CLASS =
  "[\\u0000-\\u0008\\u000b-\\u001f\\u007f-\\u009f\\u061c\\u200e\\u200f\\u2028-\\u202e\\u2066-\\u2069\\ufeff]";
const CONTROL = new RegExp(CONTROL_CLASS, "g");
const HAS_CONTROL = new RegExp(CONTROL_CLASS);
// A lone surrogate (JSONL may spell one, `\ud800`) is no character, and a URL, a terminal or an
// API's JSON parser may reject it: shown as an escape too. Text without any surrogate (nearly all)
// is passed by the first, cheap test; the second finds the halves that have no partner.
const SURROGATE = /[\uD800-\uDFFF]/;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const HAS_LONE_SURROGATE = new RegExp(LONE_SURROGATE.source);

// Characters that draw nothing: the zero-width space and joiners, the word joiner and invisible
// operators, the soft hyphen, the combining grapheme joiner, the Mongolian vowel separator, the Hangul
// fillers, the variation selectors (U+FE00–U+FE0F and, as surrogate pairs, U+E0100–U+E01EF) and the
// tag characters (U+E0000–U+E007F). In a name they make two different nodes look alike, so names and ids show
// them as escapes. Messages keep them (an emoji sequence joins with U+200D), and the renderer's own
// U+200B that keeps `@name` from mentioning is added after names are made visible.
const INVISIBLE_SOURCE =
  "[\\u00ad\\u034f\\u115f\\u1160\\u180e\\u200b-\\u200d\\u2060-\\u2064\\u3164\\ufe00-\\ufe0f\\uffa0]|\\udb40[\\udc00-\\udc7f\\udd00-\\uddef]";
// The class is of marks that combine with what comes before them: finding those is its point.
// eslint-disable-next-line no-misleading-character-class
const INVISIBLE = new RegExp(INVISIBLE_SOURCE, "g");
// eslint-disable-next-line no-misleading-character-class
const HAS_INVISIBLE = new RegExp(INVISIBLE_SOURCE);

// Combining marks stacked on one character ("zalgo" text, dozens of marks) are drawn above and below
// it, over the lines around it. Real writing stacks few: Vietnamese two (ệ decomposed), Thai a vowel
// and a tone mark, Devanagari a sign or two, pointed Biblical Hebrew five (dagesh, shin dot, vowel,
// meteg, accent) and Sanskrit in Tibetan script six (ཧྐྵྨྱཱཾ: three subjoined letters, a long vowel,
// an anusvara). Runs longer than MAX_MARKS keep their first MAX_MARKS marks: the longest real stacks
// with room to spare, and a pile that reaches about a line above and below, not across the screen.
const MAX_MARKS = 8;
const MARK_PILE = new RegExp(`([\\p{Mn}\\p{Me}]{${MAX_MARKS}})[\\p{Mn}\\p{Me}]+`, "gu");
const HAS_MARK_PILE = new RegExp(MARK_PILE.source, "u");

/** The text with each run of combining marks cut to MAX_MARKS (the rest would draw over other lines). */
function capMarks(text: string): string {
  return HAS_MARK_PILE.test(text) ? text.replace(MARK_PILE, "$1") : text;
}

const MARKS = /[\p{Mn}\p{Mc}\p{Me}]+/uy;

/**
 * The end of the combining marks at `i` of `text` (`i` when there are none): they belong to the
 * character before them, so no line breaks before one, and a width counts none.
 */
export function combiningMarksEnd(text: string, i: number): number {
  // None is below U+0300: most text is passed by this test.
  if (i >= text.length || text.charCodeAt(i) < 0x300) return i;
  MARKS.lastIndex = i;
  return MARKS.test(text) ? MARKS.lastIndex : i;
}

/** A name or id with every character that draws nothing shown as an escape (`\u200B`, `\u{E0041}`). */
export function showInvisible(text: string): string {
  if (!HAS_INVISIBLE.test(text)) return text;
  return text.replace(INVISIBLE, (ch) => {
    const code = ch.codePointAt(0)!;
    return code > 0xffff
      ? `\\u{${code.toString(16).toUpperCase()}}`
      : `\\u${code.toString(16).toUpperCase().padStart(4, "0")}`;
  });
}

/** Whether `text` holds a surrogate that is not half of a pair (no character at all). */
export function hasLoneSurrogate(text: string): boolean {
  return SURROGATE.test(text) && HAS_LONE_SURROGATE.test(text);
}

function escapeCodePoint(ch: string): string {
  const code = ch.charCodeAt(0);
  return code < 0x100
    ? `\\x${code.toString(16).padStart(2, "0")}`
    : `\\u${code.toString(16).toUpperCase().padStart(4, "0")}`;
}

export type LineBreakHandling =
  /** Every terminator becomes `\n` (text for a code block or a multi-line log message). */
  | "keep"
  /** Every terminator becomes one space (a table cell, a heading, inline code). */
  | "space"
  /** Every terminator is shown as an escape too (`\n`, `\r`, `\u2028`): one line that says what it held. */
  | "escape";

/**
 * Shows control characters and bidi overrides as visible escapes (`\x1b`, `\u202E`), so they can
 * neither act on a terminal or log viewer nor disguise a name, and cuts piles of combining marks
 * (capMarks). Tabs are kept.
 */
export function showControls(text: string, lineBreaks: LineBreakHandling = "keep"): string {
  const joined =
    lineBreaks === "escape"
      ? text.replace(/\n/g, "\\n")
      : lineBreaks === "keep"
        ? text.replace(LINE_BREAKS, "\n")
        : oneLine(text);
  const shown = capMarks(HAS_CONTROL.test(joined) ? joined.replace(CONTROL, escapeCodePoint) : joined);
  return SURROGATE.test(shown) ? shown.replace(LONE_SURROGATE, escapeCodePoint) : shown;
}

/** The text on one line: each line terminator (of any kind) becomes `joiner`. */
export function oneLine(text: string, joiner = " "): string {
  return text.replace(LINE_BREAKS, joiner);
}

/** Splits on every line terminator, like `split("\n")` but for all of them. */
export function splitLines(text: string): string[] {
  return text.split(LINE_BREAKS);
}
