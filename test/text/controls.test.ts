import { describe, expect, it } from "vitest";
import { oneLine, showControls, showInvisible, splitLines } from "../../src/text/controls.js";

const TERMINATORS = ["\r\n", "\r", "\n", "\u0085", "\u2028", "\u2029"];

describe("line terminators", () => {
  it.each(TERMINATORS.map((t) => [JSON.stringify(t), t]))("%s ends a line", (_name, terminator) => {
    expect(splitLines(`a${terminator}b`)).toEqual(["a", "b"]);
    expect(oneLine(`a${terminator}b`)).toBe("a b");
    expect(showControls(`a${terminator}b`, "keep")).toBe("a\nb");
    expect(showControls(`a${terminator}b`, "space")).toBe("a b");
    expect(showControls(`a${terminator}b`, "escape")).not.toMatch(/[\n\r\u0085\u2028\u2029]/);
  });
});

describe("showControls", () => {
  it("leaves ordinary text, tabs and non-Latin scripts alone (and returns the same string)", () => {
    const text = "model.shop.orders\tמודל 模型 ✅ @user";
    expect(showControls(text)).toBe(text);
  });

  it("shows every C0 and C1 control but tab and line feed as \\xNN", () => {
    for (let code = 0; code < 0xa0; code++) {
      if (code >= 0x20 && code < 0x7f) continue;
      const ch = String.fromCharCode(code);
      const shown = showControls(`a${ch}b`, "escape");
      if (code === 0x09) expect(shown).toBe("a\tb");
      else if (code === 0x0a) expect(shown).toBe("a\\nb");
      else expect(shown).toBe(`a\\x${code.toString(16).padStart(2, "0")}b`);
    }
  });

  it("shows terminal escape sequences instead of letting them act", () => {
    expect(showControls("\u001b]0;title\u0007\u001b[2J")).toBe("\\x1b]0;title\\x07\\x1b[2J");
  });

  it("shows bidi marks, overrides and isolates, and the BOM, as \\uNNNN", () => {
    for (const code of [
      0x061c, 0x200e, 0x200f, 0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2066, 0x2067, 0x2068, 0x2069, 0xfeff,
    ]) {
      const hex = code.toString(16).toUpperCase().padStart(4, "0");
      expect(showControls(`a${String.fromCharCode(code)}b`)).toBe(`a\\u${hex}b`);
    }
  });

  it("shows a lone surrogate as \\uNNNN and keeps a pair whole", () => {
    for (const mode of ["keep", "space", "escape"] as const) {
      expect(showControls("a\ud800b\udc00c😀", mode)).toBe("a\\uD800b\\uDC00c😀");
      expect(showControls("end\ud83d", mode)).toBe("end\\uD83D");
    }
    expect(showControls("😀 model.shop.orders")).toBe("😀 model.shop.orders");
  });
});

describe("piles of combining marks", () => {
  // "zalgo": each letter with 12 to 20 marks above and below it.
  const zalgo = [..."orders"]
    .map(
      (ch, i) =>
        ch + "\u0300\u0316\u0301\u0317\u0342\u0353\u0346\u0354\u034a\u0359\u0310\u0320".repeat(1 + (i % 2)),
    )
    .join("");
  const longestPile = (text: string): number =>
    Math.max(0, ...[...text.matchAll(/[\p{Mn}\p{Me}]+/gu)].map((m) => [...m[0]].length));

  it("keeps at most eight marks on a character, and the character", () => {
    for (const mode of ["keep", "space", "escape"] as const) {
      const shown = showControls(zalgo, mode);
      expect(longestPile(shown), mode).toBe(8);
      expect(shown.replace(/\p{M}/gu, "")).toBe("orders");
      expect(shown.startsWith("o\u0300\u0316\u0301\u0317\u0342\u0353\u0346\u0354r"), mode).toBe(true);
    }
  });

  it("leaves real words of scripts that stack marks alone", () => {
    const words = [
      // Vietnamese, composed and decomposed (ệ is e + dot below + circumflex: two marks).
      "Nguyễn Thị Việt Nam tiếng Việt",
      "Nguyễn Thị Việt Nam tiếng Việt".normalize("NFD"),
      // Hindi, Thai (a vowel and a tone mark on one consonant), Tibetan, Hebrew with points, emoji.
      "हिन्दी क्षत्रिय स्त्री",
      "ภาษาไทย น้ำ ที่นี่ กี่",
      "བོད་སྐད་ བསྒྲུབས་",
      "שָׁלוֹם",
      // Biblical Hebrew (shin with dagesh, shin dot, qamats, meteg and munah: five marks) and Sanskrit
      // in Tibetan script (ha with three subjoined letters, a long vowel and an anusvara: six).
      "\u05e9\u05bc\u05c1\u05b8\u05bd\u05a3\u05de\u05b4\u05d9\u05dd",
      "\u0f67\u0f90\u0fb5\u0fa8\u0fb1\u0f71\u0f7e",
      "1\ufe0f\u20e3 👍🏽 👩‍💻",
    ];
    for (const word of words) expect(showControls(word, "space"), word).toBe(word);
  });
});

describe("showInvisible", () => {
  it("shows each character that draws nothing as an escape, and leaves the rest", () => {
    const invisible = [
      "\u00ad",
      "\u034f",
      "\u115f",
      "\u1160",
      "\u180e",
      "\u200b",
      "\u200c",
      "\u200d",
      "\u2060",
      "\u2064",
      "\u3164",
      "\ufe00",
      "\ufe0f",
      "\uffa0",
    ];
    for (const ch of invisible) {
      const code = ch.charCodeAt(0).toString(16).toUpperCase().padStart(4, "0");
      expect(showInvisible(`a${ch}b`)).toBe(`a\\u${code}b`);
    }
    expect(showInvisible("tag\u{E0041}\u{E007F}\u{E0100}\u{E01EF}")).toBe(
      "tag\\u{E0041}\\u{E007F}\\u{E0100}\\u{E01EF}",
    );
    // Visible text, other astral characters and bidi marks (showControls' own) are left as they are.
    expect(showInvisible("orders 😀 \u202e ✅")).toBe("orders 😀 \u202e ✅");
  });
});
