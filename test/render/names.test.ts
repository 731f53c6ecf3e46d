// One readable name per node, its unique id in the tooltip, with break opportunities in long names.
import { describe, expect, it } from "vitest";
import { breakable, NodeNames } from "../../src/render/names.js";
import { escapeHtml, escapeText } from "../../src/render/escape.js";
import { markdownToHtml, parseHtml, textOf } from "../support/gfm-html.js";
import { HOSTILE_CORPUS } from "../support/hostile-corpus.js";

describe("NodeNames", () => {
  it("calls a node by its name, with the unique id as the tooltip", () => {
    const names = new NodeNames([[{ uniqueId: "model.shop.orders", name: "orders" }]]);
    expect(names.label({ uniqueId: "model.shop.orders", name: "orders" })).toBe(
      '<code title="model.shop.orders">orders</code>',
    );
  });

  it("falls back to the unique id (without the type) for a name two nodes of one run share", () => {
    const a = { uniqueId: "model.a.orders", name: "orders" };
    const b = { uniqueId: "model.b.orders", name: "orders" };
    expect(new NodeNames([[a, b]]).readable(a)).toBe("a.orders");
    // The same test in two runs has two ids (the hash differs) and is still one name.
    const v1 = { uniqueId: "test.shop.not_null_x.1111", name: "not_null_x" };
    const v2 = { uniqueId: "test.shop.not_null_x.2222", name: "not_null_x" };
    expect(new NodeNames([[v1], [v2]]).readable(v2)).toBe("not_null_x");
  });

  it("shows characters that draw nothing, so two nodes never look alike (rendered as GitHub would)", () => {
    const real = { uniqueId: "model.shop.stg_orders", name: "stg_orders" };
    const twin = { uniqueId: "model.shop.stg_orders\u200b", name: "stg_orders\u200b" };
    const tagged = { uniqueId: "model.shop.x\u{E0041}", name: "x\u{E0041}\u00ad" };
    const names = new NodeNames([[real, twin, tagged]]);
    const shown = (node: typeof real) =>
      parseHtml(markdownToHtml(names.label(node)))
        .map(textOf)
        .join("")
        .trim();
    expect(shown(real)).toBe("stg_orders");
    expect(shown(twin)).toBe("stg_orders\\u200B");
    expect(shown(tagged)).toBe("x\\u{E0041}\\u00AD");
    expect(names.label(twin)).toContain('title="model.shop.stg_orders\\u200B"');
    expect(names.htmlLabel(twin)).toBe('<code title="model.shop.stg_orders\\u200B">stg_orders\\u200B</code>');
  });

  it("keeps each label for the next rendering, unless told it renders once", () => {
    const nodes = [
      { uniqueId: "model.shop.orders", name: "orders" },
      { uniqueId: "model.shop.customers_with_a_long_enough_name", name: "customers_with_a_long_enough_name" },
    ];
    const kept = new NodeNames([nodes]);
    const once = new NodeNames([nodes], { remember: false });
    for (const names of [kept, once, kept, once]) {
      for (const node of nodes) expect(names.label(node)).toBe(new NodeNames([nodes]).label(node));
    }
    expect(kept.labelsKept).toBe(2);
    expect(once.labelsKept).toBe(0);
  });

  it("escapes for an HTML block (a <summary>) without Markdown escapes, `|` included", () => {
    const node = { uniqueId: 'model.x."a|b"', name: "a_b|c" };
    const names = new NodeNames([[node]]);
    expect(names.htmlLabel(node)).toBe('<code title="model.x.&quot;a&#124;b&quot;">a_b&#124;c</code>');
    expect(names.label(node)).toBe('<code title="model.x.&quot;a&#124;b&quot;">a\\_b\\|c</code>');
  });
});

describe("breakable", () => {
  const runs = (text: string): number[] =>
    text.split("<wbr>").map((chunk) => chunk.replace(/\\(.)|&[a-z#0-9]+;/g, "x").length);

  it("leaves short names alone and breaks long ones every 24 characters at most", () => {
    expect(breakable("stg_orders")).toBe("stg\\_orders");
    const long = breakable("dbt_utils_expression_is_true_s_fc9f3efa92425b23fb62ee5a96c17e3f");
    expect(long).toContain("<wbr>");
    for (const run of runs(long)) expect(run).toBeLessThanOrEqual(24);
    expect(long.replace(/<wbr>/g, "")).toBe(
      "dbt\\_utils\\_expression\\_is\\_true\\_s\\_fc9f3efa92425b23fb62ee5a96c17e3f",
    );
  });

  it("never splits an escape, an entity or a surrogate pair", () => {
    for (const text of ["a<b>&c_|".repeat(8), "😀".repeat(40), "\\_".repeat(30)]) {
      for (const escape of [escapeText, escapeHtml]) {
        const out = breakable(text, escape);
        expect(out).toContain("<wbr>");
        expect(out.replace(/<wbr>/g, "")).toBe(escape(text));
        expect(out).not.toMatch(/&[a-z#0-9]*<wbr>|\\<wbr>|[\uD800-\uDBFF]<wbr>/);
      }
    }
  });

  it("never leaves a combining mark at the start of the next line", () => {
    const texts = [
      "การสั่งซื้อสินค้าของลูกค้าทั้งหมดในเดือนนี้",
      "आदेशोंकीसूचीग्राहकोंकेलिएमासिकरिपोर्टतैयार".repeat(2),
      "nguyễnthịhồngnhungnguyễnvănthànhcôngtrầnquốctuấn".normalize("NFD"),
      `${"o\u0301\u0302\u0303\u0304".repeat(30)}`,
    ];
    for (const text of texts) {
      const out = breakable(text);
      expect(out).toContain("<wbr>");
      expect(out.replace(/<wbr>/g, "")).toBe(text);
      expect(out).not.toMatch(/<wbr>\p{M}/u);
    }
  });

  it("breaks where a displayed character at a time would (the way it was first written)", () => {
    const reference = (text: string, escape: (text: string) => string): string => {
      const escaped = escape(text);
      if (text.length <= 24) return escaped;
      const unitAt = (i: number): string => {
        if (escaped[i] === "\\" && i + 1 < escaped.length) return escaped.slice(i, i + 2);
        const end = escaped[i] === "&" ? escaped.indexOf(";", i) : -1;
        if (end > i && end - i <= 6) return escaped.slice(i, end + 1);
        const char = String.fromCodePoint(escaped.codePointAt(i)!);
        return char + (/^\p{M}+/u.exec(escaped.slice(i + char.length))?.[0] ?? "");
      };
      let out = "";
      let run = 0;
      for (let i = 0; i < escaped.length;) {
        const unit = unitAt(i);
        i += unit.length;
        out += unit;
        run++;
        const separator = run >= 10 && unit.length <= 2 && /[_./-]/.test(unit.at(-1)!);
        if ((separator || run >= 24) && i < escaped.length) {
          out += "<wbr>";
          run = 0;
        }
      }
      return out;
    };
    const texts = [
      ...HOSTILE_CORPUS.map((text) => `${text}_${"long_name.".repeat(4)}${text}`),
      "a&b;c&amp;d&#124;e&long-entity;f".repeat(3),
      "\\".repeat(31),
      `${"x".repeat(30)}\uD83D`,
      `\uDE00${"y".repeat(30)}`,
      "x".repeat(48),
      `${"x".repeat(30)}_`,
      `${"x".repeat(24)}\\`,
      ...nameLikeTexts(2_000),
    ];
    for (const text of texts) {
      for (const escape of [escapeText, escapeHtml, (t: string) => t]) {
        expect(breakable(text, escape)).toBe(reference(text, escape));
      }
    }
  });
});

/** Texts of names' characters, separators, escapes and backslashes, the same every run. */
function nameLikeTexts(count: number): string[] {
  const alphabet = ["a", "b", "7", "_", ".", "/", "-", "\\", "`", "*", " "];
  let seed = 13;
  const next = (below: number): number => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return seed % below;
  };
  return Array.from({ length: count }, () =>
    Array.from({ length: 20 + next(80) }, () => alphabet[next(alphabet.length)]).join(""),
  );
}
