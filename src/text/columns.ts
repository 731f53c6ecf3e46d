// How many columns text takes on a terminal (and in a monospace code block): a user-perceived
// character (a grapheme cluster, UAX #29) takes one column, or two when it is East Asian Wide or
// Fullwidth (UAX #11) or an emoji; combining marks and joiners take none. Node names may be Japanese
// or Chinese (dbt quotes Unicode identifiers on Snowflake and BigQuery) and warehouses localise their
// errors, so counting code points would wrap CJK lines at twice the width. The rules are the ones
// `string-width` 7+ (sindresorhus) applies, which is not a dependency: the same measure from
// Intl.Segmenter and the regular expressions' Unicode properties, with ambiguous-width characters
// (`─`, `·`, Greek, Cyrillic) narrow as in every non-CJK locale. Terminals differ at the edges
// (Indic conjuncts, emoji newer than their font); these are the common reading.

// The Wide and Fullwidth code points of EastAsianWidth.txt (Unicode 14.0) that are not emoji,
// merged over unassigned gaps; the unassigned rest of the CJK ideograph planes is Wide by UAX #11's
// defaults (U+20000–U+3FFFD). Emoji are matched by their property instead, which follows the
// engine's newer Unicode: every Emoji_Presentation character is Wide but the regional indicators,
// which are wide only in pairs (a flag, an RGI emoji sequence).
const WIDE_SOURCE =
  "[\\u1100-\\u115f\\u2329\\u232a\\u2e80-\\u303e\\u3041-\\u3247\\u3250-\\u4dbf\\u4e00-\\ua4c6\\ua960-\\ua97c" +
  "\\uac00-\\ud7a3\\uf900-\\ufaff\\ufe10-\\ufe19\\ufe30-\\ufe6b\\uff01-\\uff60\\uffe0-\\uffe6" +
  "\\u{16fe0}-\\u{1b2fb}\\u{1f200}-\\u{1f265}\\u{20000}-\\u{3fffd}" +
  "[\\p{Emoji_Presentation}--\\p{Regional_Indicator}]]";
// Built from a string: TypeScript allows the `v` flag (for the `--`) in a literal only from ES2024.
const WIDE = new RegExp(WIDE_SOURCE, "gv");
const STARTS_WIDE = new RegExp(`^${WIDE_SOURCE}`, "v");
// A cluster drawn as one emoji, two columns, though its first character alone may be narrow: a flag
// (two regional indicators), a character asking for emoji presentation (❤️, the keycap 1️⃣) and a
// skin tone on a base that takes one (☝🏽). What `\p{RGI_Emoji}` finds, at a hundredth of its cost:
// that set's regular expression takes V8 tens of milliseconds to compile.
const EMOJI_SEQUENCE =
  /^(?:\p{Regional_Indicator}{2}|\p{Emoji}\ufe0f|\p{Emoji_Modifier_Base}\p{Emoji_Modifier})/u;

// Text without these is one column per UTF-16 unit but the wide ones: no cluster holds two code
// points (marks, joiners, variation selectors, Thai and Lao AM, the Hangul jamo, halfwidth voicing
// marks, Malayalam's dot reph that goes before a letter),
// no code point draws nothing, and nothing is astral (emoji with modifiers, flags, the rarer CJK
// ideographs), so it needs no segmenting.
const NEEDS_CLUSTERS =
  /[\p{M}\p{Cc}\p{Cf}\p{Default_Ignorable_Code_Point}\u0d4e\u0e33\u0eb3\u1100-\u11ff\ua960-\ua97f\ud7b0-\ud7ff\uff9e\uff9f\p{Cs}\u{10000}-\u{10ffff}]/u;
const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;
// A cluster of these draws nothing; in front of a letter they do not decide its width.
const DRAWS_NOTHING = /^[\p{Default_Ignorable_Code_Point}\p{Cc}\p{M}\p{Cs}]+$/u;
const LEADING_INVISIBLE = /^[\p{Default_Ignorable_Code_Point}\p{Cc}\p{Cf}\p{M}\p{Cs}]+/u;
// Halfwidth and Fullwidth Forms after the first code point of a cluster (the halfwidth voicing
// marks of ｶﾞ) have a column of their own on a terminal.
const WIDTH_FORMS = /[\uff00-\uffef]/g;

let segmenter: Intl.Segmenter | undefined;

/** Columns `text` takes: ASCII, by far the most of it, is measured without looking at a character. */
export function columns(text: string): number {
  if (PRINTABLE_ASCII.test(text)) return text.length;
  if (!NEEDS_CLUSTERS.test(text)) return text.length + (text.match(WIDE)?.length ?? 0);
  let total = 0;
  for (const cluster of clusters(text)) total += clusterColumns(cluster);
  return total;
}

/**
 * The grapheme clusters of `text`, in order: what a line may be broken between (never inside one,
 * which would split a letter from its accent or an emoji sequence apart).
 */
export function clusters(text: string): string[] {
  if (!NEEDS_CLUSTERS.test(text)) return [...text];
  segmenter ??= new Intl.Segmenter("en", { granularity: "grapheme" });
  return Array.from(segmenter.segment(text), (piece) => piece.segment);
}

/** Columns of one grapheme cluster (as `clusters` returns them): 0, 1 or 2, or more for halfwidth forms. */
export function clusterColumns(cluster: string): number {
  if (cluster.length === 1) {
    const code = cluster.charCodeAt(0);
    if (code >= 0x20 && code < 0x7f) return 1;
  }
  if (DRAWS_NOTHING.test(cluster)) return 0;
  if (EMOJI_SEQUENCE.test(cluster)) return 2;
  const base = cluster.replace(LEADING_INVISIBLE, "");
  let width = STARTS_WIDE.test(base) ? 2 : 1;
  const first = base.codePointAt(0) ?? 0;
  for (const form of base.slice(first > 0xffff ? 2 : 1).match(WIDTH_FORMS) ?? []) {
    width += STARTS_WIDE.test(form) ? 2 : 1;
  }
  return width;
}
