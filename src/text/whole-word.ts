// A word replaced only where it stands as a whole word: not preceded or followed by a letter, a
// digit (any script) or `_`. What `text.replace(/(?<![\p{L}\p{N}_])WORD(?![\p{L}\p{N}_])/gu, by)`
// does, without compiling a Unicode regular expression per word (a millisecond each, once per
// errored node of a build: a build where hundreds of nodes errored spent most of its error list
// compiling them).

const WORD_CHARACTER = /^[\p{L}\p{N}_]$/u;

/** `text` with every whole-word occurrence of `word` (not empty) replaced by `by`, left to right. */
export function replaceWholeWord(text: string, word: string, by: string): string {
  let out = "";
  let from = 0;
  const step = nextCandidate(word);
  for (let at = text.indexOf(word); at !== -1;) {
    const end = at + word.length;
    if (
      !insidePair(text, at) &&
      !insidePair(text, end) &&
      !isWordCharacter(codePointBefore(text, at)) &&
      !isWordCharacter(text.codePointAt(end))
    ) {
      out += text.slice(from, at) + by;
      from = end;
      at = text.indexOf(word, end);
    } else {
      at = text.indexOf(word, at + step);
    }
  }
  return from === 0 ? text : out + text.slice(from);
}

/**
 * How far past an occurrence of `word` the next one that may be whole can start: one that starts
 * inside it follows a character of `word`, so only after a character that is no word character.
 * Trying every position instead cost a message the length of the name per position: "aaa…" named
 * `aaa…` (an 8,000-character message, a 4,000-character name) took 30 ms per errored node.
 */
function nextCandidate(word: string): number {
  for (let k = 1; k < word.length; k++) {
    if (!insidePair(word, k) && !isWordCharacter(codePointBefore(word, k))) return k;
  }
  return word.length;
}

/** Whether `i` falls between the two halves of a surrogate pair (a Unicode pattern never matches there). */
function insidePair(text: string, i: number): boolean {
  return (
    i > 0 &&
    i < text.length &&
    (text.charCodeAt(i) & 0xfc00) === 0xdc00 &&
    (text.charCodeAt(i - 1) & 0xfc00) === 0xd800
  );
}

function codePointBefore(text: string, i: number): number | undefined {
  if (i === 0) return undefined;
  const low = text.charCodeAt(i - 1);
  if ((low & 0xfc00) === 0xdc00 && i >= 2 && (text.charCodeAt(i - 2) & 0xfc00) === 0xd800) {
    return text.codePointAt(i - 2);
  }
  return low;
}

function isWordCharacter(codePoint: number | undefined): boolean {
  if (codePoint === undefined) return false;
  // ASCII without the regular expression: nearly every character a message has next to a name.
  if (codePoint < 0x80) {
    return (
      (codePoint >= 0x30 && codePoint <= 0x39) ||
      (codePoint >= 0x41 && codePoint <= 0x5a) ||
      (codePoint >= 0x61 && codePoint <= 0x7a) ||
      codePoint === 0x5f
    );
  }
  return WORD_CHARACTER.test(String.fromCodePoint(codePoint));
}
