// Compact durations and percentages that never wrap inside a number (issue 14).
import { describe, expect, it } from "vitest";
import { formatCount, formatDelta, formatDuration, formatPercent, plural } from "../../src/render/format.js";
import { wrapLines } from "../../src/render/markdown.js";

describe("formatDuration", () => {
  it.each([
    [null, "–"],
    [0, "0ms"],
    [185, "185ms"],
    [999.4, "999ms"],
    [999.6, "1.00s"],
    [5_420, "5.42s"],
    [9_996, "10.0s"],
    [16_800, "16.8s"],
    [59_960, "1m00s"],
    [66_000, "1m06s"],
    [85_000, "1m25s"],
    [3_599_600, "1h00m"],
    [7_500_000, "2h05m"],
    [273_600_000, "3d04h"],
  ])("%s ms → %s", (ms, text) => {
    expect(formatDuration(ms)).toBe(text);
    expect(text).not.toMatch(/\s/);
  });

  it("signs slowdowns and percentages", () => {
    expect(formatDelta(66_000)).toBe("+1m06s");
    expect(formatPercent(350.2)).toBe("+350%");
    expect(formatPercent(52.35)).toBe("+52.4%");
    expect(formatPercent(-4)).toBe("-4%");
    expect(formatCount(18_282)).toBe("18,282");
  });

  it("counts things with thousands separators", () => {
    expect(plural(1, "node")).toBe("1 node");
    expect(plural(3_300, "node")).toBe("3,300 nodes");
    expect(plural(20_834, "slowest node")).toBe("20,834 slowest nodes");
  });

  it("groups counts as toLocaleString('en-US') does", () => {
    const counts = [0, 7, 42, 999, 1_000, 12_345, 123_456, 1_234_567, -1, -1_000, -98_765_432];
    for (const n of [...counts, Number.MAX_SAFE_INTEGER, 2 ** 53 + 2, 1.5, 1234.5678, NaN, Infinity, -0]) {
      expect(formatCount(n), String(n)).toBe(n.toLocaleString("en-US"));
    }
  });
});

/** A line's characters: each code point with the combining marks after it. */
const characters = (text: string): string[] => text.match(/[^\p{M}]?\p{M}*/gsu)?.filter(Boolean) ?? [];

/** wrapLines as first written (quadratic in a line's length): the reference the linear one must equal. */
function wrapLinesReference(text: string, width: number): string {
  const out: string[] = [];
  for (const line of text.split("\n")) {
    let rest = line;
    let prefix = "";
    while (characters(rest).length + prefix.length > width) {
      const room = width - prefix.length;
      const head = characters(rest).slice(0, room).join("");
      const space = head.lastIndexOf(" ");
      const cut = space > room / 3 ? space + characters(head.slice(space))[0]!.length : head.length;
      out.push(prefix + rest.slice(0, cut).trimEnd());
      rest = rest.slice(cut);
      prefix = "↪ ";
    }
    out.push(prefix + rest);
  }
  return out.join("\n");
}

describe("wrapLines", () => {
  it("equals the reference on random text of spaces, astral characters, lone surrogates and long words", () => {
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
    ];
    let seed = 7;
    const random = (n: number): number => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed % n);
    for (let round = 0; round < 400; round++) {
      let text = "";
      for (let i = random(60); i > 0; i--) text += pieces[random(pieces.length)];
      const width = 5 + random(80);
      expect(wrapLines(text, width), JSON.stringify({ text, width })).toBe(wrapLinesReference(text, width));
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
});
