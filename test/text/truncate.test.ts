import { describe, expect, it } from "vitest";
import { firstLine, truncateBytes, truncateChars } from "../../src/text/truncate.js";

const EMOJI = "😀"; // two UTF-16 units, four UTF-8 bytes

describe("truncateChars", () => {
  it("keeps text within the limit and cuts longer text to the limit, ellipsis included", () => {
    expect(truncateChars("abc", 3)).toBe("abc");
    expect(truncateChars("abcdef", 4)).toBe("abc…");
    expect(truncateChars("abcdef", 4)).toHaveLength(4);
  });

  it("never leaves half a surrogate pair", () => {
    expect(truncateChars(`ab${EMOJI}cd`, 4)).toBe("ab…");
    expect(truncateChars(`ab${EMOJI}cd`, 5)).toBe(`ab${EMOJI}…`);
  });
});

describe("truncateBytes", () => {
  it("counts UTF-8 bytes, suffix included, and cuts on a code-point boundary", () => {
    expect(truncateBytes("abc", 3)).toBe("abc");
    expect(truncateBytes(`a${EMOJI}${EMOJI}`, 5, "~")).toBe("a~");
    expect(truncateBytes(`a${EMOJI}${EMOJI}`, 8, "~")).toBe(`a${EMOJI}~`);
    for (const max of [5, 6, 7, 8, 9, 10]) {
      expect(Buffer.byteLength(truncateBytes(`a${EMOJI}${EMOJI}bc`, max, "…"), "utf8")).toBeLessThanOrEqual(
        max,
      );
    }
  });
});

describe("truncateBytes against a Buffer.byteLength per character", () => {
  /** The first version: each character measured by Buffer.byteLength. */
  function reference(text: string, maxBytes: number, suffix: string): string {
    if (Buffer.byteLength(text, "utf8") <= maxBytes) return text;
    const budget = maxBytes - Buffer.byteLength(suffix, "utf8");
    let bytes = 0;
    let end = 0;
    for (const ch of text) {
      const size = Buffer.byteLength(ch, "utf8");
      if (bytes + size > budget) break;
      bytes += size;
      end += ch.length;
    }
    return text.slice(0, end) + suffix;
  }

  it("cuts at the same place on text of every UTF-8 width and lone surrogates", () => {
    const pieces = ["a", "é", "€", EMOJI, "\uD800", "\uDC00", "\n", "日本語"];
    let seed = 11;
    const random = (n: number): number => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed % n);
    for (let round = 0; round < 500; round++) {
      let text = "";
      for (let i = random(40); i > 0; i--) text += pieces[random(pieces.length)];
      const max = random(80);
      const suffix = ["", "…", "~"][random(3)]!;
      expect(truncateBytes(text, max, suffix), JSON.stringify({ text, max })).toBe(
        reference(text, max, suffix),
      );
    }
  });
});

describe("firstLine", () => {
  it("takes the first line with content, whatever terminates the lines", () => {
    expect(firstLine("\n  \r\nfirst\nsecond", 100)).toBe("first");
    for (const terminator of ["\r", "\u2028", "\u2029", "\u0085"]) {
      expect(firstLine(`one${terminator}two`, 100)).toBe("one");
    }
    expect(firstLine("", 10)).toBe("");
    expect(firstLine(" \n\t", 10)).toBe("");
  });

  it("keeps maxChars units of a long line and says it was cut, never splitting a surrogate pair", () => {
    expect(firstLine("abcdef\nx", 3)).toBe("abc…");
    expect(firstLine(`ab${EMOJI}`, 3)).toBe("ab…");
  });
});
