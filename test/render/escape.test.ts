import { describe, expect, it } from "vitest";
import {
  code,
  codeBlock,
  escapeHtml,
  escapeText,
  excerpt,
  linkDestination,
  MAX_INLINE_CHARS,
  plainText,
} from "../../src/render/escape.js";
import { renderMarkdown } from "../../src/render/markdown.js";
import { renderTerminal } from "../../src/render/terminal.js";
import { markdownToHtml, parseHtml, textOf } from "../support/gfm-html.js";
import { reportFor } from "../support/report.js";

const BREAKS = ["\n", "\r", "\r\n", "\u0085", "\u2028", "\u2029"];
const ALL = (text: string) => [escapeText(text), code(text), escapeHtml(text), plainText(text, "space")];

describe("untrusted text", () => {
  it("cannot inject Markdown, HTML or mentions as plain text", () => {
    const text = escapeText("**bold** [link](http://x) <img src=x onerror=alert(1)> @octocat | #12 `tick`");
    expect(text).not.toMatch(/<img/);
    expect(text).toContain("&lt;img");
    expect(text).toContain("\\*\\*bold\\*\\*");
    expect(text).toContain("\\[link\\]");
    expect(text).toContain("@\u200boctocat");
    expect(text).toContain("#\u200b12");
    expect(text).toContain("\\|");
    expect(text).not.toContain("\n");
  });

  it("writes no $ GitHub could take for math (it ignores a backslash before $)", () => {
    const hostile = "$\\huge\\color{red}{\\text{MERGE NOW}}$ and $$x$$";
    for (const shown of [escapeText(hostile), escapeHtml(hostile)]) {
      expect(shown).not.toContain("$");
      expect(shown).toContain("&#36;\\");
    }
  });

  it("escapes block syntax at the start of the text only", () => {
    expect(escapeText("# heading")).toBe("\\# heading");
    expect(escapeText("1. item")).toBe("1\\. item");
    expect(escapeText("dbt 2.0.0-preview.120")).toBe("dbt 2.0.0-preview.120");
  });

  it("keeps inline code closed whatever backticks the value holds", () => {
    expect(code("a`b")).toBe("``a`b``");
    expect(code("`x`")).toBe("`` `x` ``");
    expect(code("@team")).toBe("`@\u200bteam`");
    expect(code("a|b")).not.toContain("|");
  });

  it("fences code blocks longer than any backtick run inside", () => {
    const block = codeBlock("```\n</details>\n```");
    expect(block.startsWith("````text\n")).toBe(true);
    expect(block.endsWith("\n````")).toBe(true);
  });

  it("escapes HTML for summaries and attributes", () => {
    expect(escapeHtml('<script>"x"&</script>')).toBe("&lt;script&gt;&quot;x&quot;&amp;&lt;/script&gt;");
  });

  it("leaves no link, image or code span in HTML text, should it ever stand outside its tag", () => {
    const escaped = escapeHtml("[click](//evil.example/x) ![i](//evil.example/p.png) `tick`");
    expect(escaped).toBe(
      "&#91;click&#93;(//evil.example/x) !&#91;i&#93;(//evil.example/p.png) &#96;tick&#96;",
    );
    expect(markdownToHtml(escaped)).not.toMatch(/<a |<img |<code>/);
  });

  it("shows at most MAX_INLINE_CHARS of one value inline, with an ellipsis", () => {
    const long = `${"x".repeat(MAX_INLINE_CHARS - 2)}😀${"y".repeat(5_000)}`;
    for (const shown of [escapeText(long), code(long), escapeHtml(long)]) {
      expect(shown.length, shown.slice(0, 20)).toBeLessThanOrEqual(MAX_INLINE_CHARS + 4);
      expect(shown).toContain("x…");
      expect(shown).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/);
    }
    const fits = "z".repeat(MAX_INLINE_CHARS);
    expect(escapeText(fits)).toBe(fits);
  });

  it("collapses repeated backtrace frames and says how much it cut", () => {
    const trace = ["boom", ...Array.from({ length: 20 }, (_, i) => `  ${i}: frame`), "  20: last"].join("\n");
    expect(excerpt(trace, 10, 1000)).toBe("boom\n  0: frame\n  … (19 similar lines)\n  20: last");
    expect(excerpt("a\nb\nc\nd", 2, 100)).toBe("a\nb\n… (2 more lines)");
    expect(excerpt("x".repeat(50), 5, 10)).toBe(`${"x".repeat(10)}\n… (truncated)`);
  });

  it.each(BREAKS.map((b) => [JSON.stringify(b), b]))(
    "treats %s like any line break: never a new line in inline text, one in a code block",
    (_, lineBreak) => {
      const text = `a${lineBreak}# [x](https://evil.example) <img src=x>${lineBreak}b`;
      for (const out of ALL(text)) expect(out).not.toMatch(/[\n\r\u0085\u2028\u2029]/);
      expect(codeBlock(text).split("\n")).toHaveLength(5);
      expect(codeBlock(text)).not.toMatch(/[\r\u0085\u2028\u2029]/);
      expect(excerpt(text, 1, 100)).toBe("a\n… (2 more lines)");
    },
  );

  it("never lets untrusted text open or close an HTML comment, so it cannot spell our marker", () => {
    const marker = "<!-- fusion-report:lint -->";
    const text = `x ${marker} --!> y`;
    for (const out of [...ALL(text), codeBlock(text), plainText(text, "keep")]) {
      expect(out).not.toContain("<!--");
      expect(out).not.toMatch(/--!?>/);
    }
  });

  it("shows control characters and bidi overrides as escapes", () => {
    const text = "id\u001b]0;title\u0007\u001b[2J\u0000\u202Eevil\u2066";
    for (const out of [...ALL(text), codeBlock(text)]) {
      // eslint-disable-next-line no-control-regex -- no control character may remain
      expect(out).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/);
    }
    expect(code(text)).toBe("`id\\x1b]0;title\\x07\\x1b[2J\\x00\\u202Eevil\\u2066`");
  });

  it("keeps bare URLs, www. hosts, emails and GH- references from linking", () => {
    const text = "see https://evil.example/phish, HTTP://x.y WWW.evil.example me@evil.example GH-12 gh-3 #4";
    for (const out of [escapeText(text), escapeHtml(text)]) {
      expect(out).not.toMatch(/:\/\/|www\.|@e|GH-1|gh-3|#4/i);
      expect(out.replace(/\u200b/g, "")).toContain("https://evil.example/phish");
    }
  });

  it("keeps commit SHAs and ranges from linking, and numbers, words and unique_id hashes whole", () => {
    const sha = "3f1c2e9a7b6d5c4e3f2a1b0c9d8e7f6a5b4c3d2e";
    const text = `see ${sha}, fixed in 0a1b2c3d4e5f and 1a2b3c4...5d6e7f8 (ABCDEF1)`;
    for (const out of [escapeText(text), escapeHtml(text)]) {
      // No run of 7 hex characters is left standing alone.
      expect(out).not.toMatch(/(?<![\w./-])[0-9a-f]{7,}/i);
      expect(out.replace(/\u200b/g, "")).toContain(sha);
    }
    expect(escapeText(sha)).not.toBe(sha);
    expect(escapeText("abc1234")).toBe("abc123\u200b4");
    for (const whole of [
      "12345678 rows",
      "defaced accede",
      "test.jaffle_shop.not_null_orders_id.d12f0947c8",
      "models/3f1c2e9a7b6d.sql",
    ]) {
      expect(escapeText(whole).replace(/\\_/g, "_"), whole).toBe(whole);
    }
  });

  it("shows entities as written instead of decoding them", () => {
    expect(escapeText("&lt;img src=x&gt; &#x202E; &amp;")).toBe(
      "&amp;lt;img src=x&amp;gt; &amp;#x202E; &amp;amp;",
    );
  });

  it("percent-encodes what could end a link destination early", () => {
    expect(linkDestination("https://github.com/a/b/blob/s/models/x.sql#L3")).toBe(
      "https://github.com/a/b/blob/s/models/x.sql#L3",
    );
    expect(linkDestination("https://x/a) [y](https://evil.example <b>\n")).toBe(
      "https://x/a%29%20%5By%5D%28https://evil.example%20%3Cb%3E%0A",
    );
  });

  it("escapes | in HTML text and attributes (it would end a table cell), keeping the entity whole", () => {
    expect(escapeHtml("a|b #1")).toBe("a&#124;b #\u200b1");
  });
});

describe("piles of combining marks (zalgo) in a report", () => {
  it("are cut to eight marks per character in the comment and the terminal", async () => {
    const pile = "\u0300\u0316\u0301\u0317\u0342\u0353\u0346\u0354\u034a\u0359".repeat(3);
    const zalgo = (text: string): string => [...text].map((ch) => ch + pile).join("");
    const report = await reportFor(["test/fixtures/generated/model-errors/telemetry.jsonl"]);
    const failed = report.invocations[0]!.nodes.find((n) => n.status === "error")!;
    failed.name = zalgo("stg_orders");
    failed.message = zalgo("Database Error");
    const longestPile = (text: string): number =>
      Math.max(0, ...[...text.matchAll(/[\p{Mn}\p{Me}]+/gu)].map((m) => [...m[0]].length));
    const markdown = renderMarkdown(report, { maxBytes: 65_536, title: "dbt Fusion", fullReportHint: "x" });
    const text = parseHtml(markdownToHtml(markdown)).map(textOf).join("");
    expect(text.replace(/\p{M}/gu, "")).toContain("Database Error");
    expect(longestPile(text)).toBe(8);
    const terminal = renderTerminal(report, {
      title: "dbt Fusion",
      width: 100,
      colour: false,
      fullReportHint: "x",
    });
    expect(terminal.replace(/\p{M}/gu, "")).toContain("Database Error");
    expect(longestPile(terminal)).toBe(8);
  });
});
