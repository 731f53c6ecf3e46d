import { describe, expect, it } from "vitest";
import { clusterColumns, clusters, columns } from "../../src/text/columns.js";

describe("columns", () => {
  it("measures each BMP code point as its grapheme cluster measures it (astral ones are always segmented)", () => {
    for (let code = 0; code < 0x10000; code++) {
      if (code >= 0xd800 && code <= 0xdfff) continue;
      const ch = String.fromCodePoint(code);
      if (columns(ch) !== clusterColumns(ch)) expect(columns(ch), code.toString(16)).toBe(clusterColumns(ch));
    }
  });

  it("segments only text whose code points may join: the rest is one cluster per code point", () => {
    const segmenter = new Intl.Segmenter("en", { granularity: "grapheme" });
    for (const text of ["売上_日次 · ─ …", "น้ำ", "ᄀ가", "ｶﾞ", "👩‍💻🇯🇵", "e\u0301", "\u0d4eക"]) {
      expect(clusters(text), text).toEqual(Array.from(segmenter.segment(text), (piece) => piece.segment));
    }
  });
});
