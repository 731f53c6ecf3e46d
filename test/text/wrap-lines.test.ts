import { describe, expect, it } from "vitest";
import { columns } from "../../src/text/columns.js";
import { wrapLines } from "../../src/text/wrap-lines.js";

const segmenter = new Intl.Segmenter("en", { granularity: "grapheme" });
/** A line's grapheme clusters, by the engine's segmenter (the module segments only what needs it). */
const graphemes = (text: string): string[] => Array.from(segmenter.segment(text), (piece) => piece.segment);
const width = (pieces: readonly string[]): number => pieces.reduce((sum, piece) => sum + columns(piece), 0);

/** wrapLines written plainly (quadratic in a line's length): the reference the linear one must equal. */
function wrapLinesReference(text: string, room: number): string {
  const out: string[] = [];
  for (const line of text.split("\n")) {
    let rest = graphemes(line);
    let prefix = "";
    while (width(rest) + prefix.length > room) {
      const fits = room - prefix.length;
      let n = 1;
      while (n < rest.length && width(rest.slice(0, n + 1)) <= fits) n++;
      const head = rest.slice(0, n);
      const space = head.findLastIndex((piece) => piece.startsWith(" "));
      const cut = space > 0 && width(head.slice(0, space)) > fits / 3 ? space + 1 : n;
      out.push(prefix + rest.slice(0, cut).join("").trimEnd());
      rest = rest.slice(cut);
      prefix = "↪ ";
    }
    out.push(prefix + rest.join(""));
  }
  return out.join("\n");
}

describe("wrapLines", () => {
  it("equals the reference on random text of spaces, wide and astral characters, lone surrogates and long words", () => {
    const pieces = [
      " ",
      "  ",
      "a",
      "word",
      "x".repeat(37),
      "😀",
      "日本",
      "\uD800",
      "\uDC00",
      "\n",
      "↪",
      "\u0301",
      "ค้",
      "👩‍💻",
      "🇯🇵",
      "ｶﾞ",
    ];
    let seed = 7;
    const random = (n: number): number => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed % n);
    for (let round = 0; round < 400; round++) {
      let text = "";
      for (let i = random(60); i > 0; i--) text += pieces[random(pieces.length)];
      const room = 5 + random(80);
      expect(wrapLines(text, room), JSON.stringify({ text, room })).toBe(wrapLinesReference(text, room));
    }
  });

  it("counts a letter and its combining marks as one column, and never starts a line with a mark", () => {
    const thai = "ลูกค้าทั้งหมด".repeat(10);
    const wrapped = wrapLines(thai, 40).split("\n");
    expect(wrapped).toHaveLength(3);
    for (const line of wrapped) expect(line).not.toMatch(/^(↪ )?\p{M}/u);
    expect(wrapped.join("").replace(/↪ /g, "")).toBe(thai);
    const accents = "e\u0301".repeat(40);
    expect(wrapLines(accents, 40)).toBe(accents);
  });

  it("breaks long lines at a space, marks continuations and keeps short lines", () => {
    const text = `short\n${"word ".repeat(30).trim()}\n${"x".repeat(50)}`;
    const wrapped = wrapLines(text, 40).split("\n");
    expect(wrapped[0]).toBe("short");
    for (const line of wrapped) expect([...line].length).toBeLessThanOrEqual(40);
    expect(wrapped.slice(2).every((line) => line.startsWith("↪ ") || line.startsWith("x"))).toBe(true);
    expect(wrapped.join("").replace(/↪ /g, "").replace(/\s/g, "")).toBe(text.replace(/\s/g, ""));
  });

  it("wraps a Japanese SQL error to 40 columns, two to each character, none cut in half", () => {
    const message =
      "SQLコンパイルエラー: 行 3 位置 14 の識別子 '売上_日次' が無効です。オブジェクトが存在しないか、操作を実行する権限がありません。";
    const wrapped = wrapLines(message, 40).split("\n");
    for (const line of wrapped) expect(columns(line), line).toBeLessThanOrEqual(40);
    expect(wrapped.length).toBeGreaterThanOrEqual(Math.ceil(columns(message) / 40));
    expect(wrapped.join("").replace(/↪ /g, "").replace(/\s/g, "")).toBe(message.replace(/\s/g, ""));
    // An odd width leaves a column a wide character does not fit in: it goes to the next line.
    for (const line of wrapLines("日".repeat(30), 21).split("\n"))
      expect(columns(line)).toBeLessThanOrEqual(21);
  });

  it("never splits an emoji sequence, a flag or a letter from its accents", () => {
    const text = "👩‍💻🇯🇵e\u0301".repeat(12);
    const wrapped = wrapLines(text, 11).split("\n");
    for (const line of wrapped) {
      expect(columns(line), line).toBeLessThanOrEqual(11);
      expect(line.replace(/^↪ /, "")).toMatch(/^(?:👩‍💻|🇯🇵|e\u0301)+$/u);
    }
  });
});
