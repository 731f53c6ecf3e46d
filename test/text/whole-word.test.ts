import { describe, expect, it } from "vitest";
import { replaceWholeWord } from "../../src/text/whole-word.js";
import { random } from "../support/jsonl-layouts.js";

/** What replaceWholeWord stands in for: a Unicode regular expression compiled per word. */
function byRegExp(text: string, word: string, by: string): string {
  const escaped = word.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return text.replace(new RegExp(`(?<![\\p{L}\\p{N}_])${escaped}(?![\\p{L}\\p{N}_])`, "gu"), () => by);
}

// Letters, digits and `_` of several scripts, separators, a pair (𝐀 is a letter, 😀 is not), and
// both halves of a pair alone.
const ALPHABET = ["a", "b", "_", "1", " ", ".", "-", "é", "ж", "٣", "𝐀", "😀", "\ud835", "\udc00", "\u0000"];

describe("replaceWholeWord", () => {
  it("replaces a name only where no letter, digit or _ of any script touches it", () => {
    expect(replaceWholeWord("internal error in int", "int", "#")).toBe("internal error in #");
    expect(replaceWholeWord("orders_v2 and orders.", "orders", "#")).toBe("orders_v2 and #.");
    expect(replaceWholeWord("éorders ordersж (orders)", "orders", "#")).toBe("éorders ordersж (#)");
    expect(replaceWholeWord("𝐀orders 😀orders😀", "orders", "#")).toBe("𝐀orders 😀#😀");
    expect(replaceWholeWord("aaaa", "aa", "#")).toBe("aaaa");
    expect(replaceWholeWord("a.b a.b", "a.b", "$&")).toBe("$& $&");
  });

  it("agrees with the Unicode regular expression on 5,000 random texts and words", () => {
    const next = random(20261128);
    const pick = (n: number): string =>
      Array.from({ length: n }, () => ALPHABET[Math.floor(next() * ALPHABET.length)]).join("");
    for (let i = 0; i < 5_000; i++) {
      const word = pick(1 + Math.floor(next() * 3));
      // Texts made mostly of the word, so that it meets every neighbour.
      const text = Array.from({ length: 1 + Math.floor(next() * 6) }, () =>
        next() < 0.6 ? word : pick(1),
      ).join("");
      expect(replaceWholeWord(text, word, "#"), JSON.stringify({ text, word })).toBe(
        byRegExp(text, word, "#"),
      );
    }
  });

  it("does not try every position inside an occurrence that is not whole", () => {
    // Each of these occurrences touches another. Trying the next one a character later read the
    // word again at every position: two minutes here, far past the test's timeout (30 ms for an
    // errored node's 8,000-character message). A word of word characters is tried a word later.
    const text = "a".repeat(600_000);
    expect(replaceWholeWord(`${text} x`, "a".repeat(300_000), "#")).toBe(`${text} x`);
    expect(replaceWholeWord(`${text}-${text}`, text, "#")).toBe("#-#");
  });
});
