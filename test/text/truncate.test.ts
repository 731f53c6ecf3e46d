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
