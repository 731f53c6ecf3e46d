import { describe, expect, it } from "vitest";
import { code, codeBlock, escapeHtml, escapeText, excerpt } from "../../src/render/escape.js";

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

  it("collapses repeated backtrace frames and says how much it cut", () => {
    const trace = ["boom", ...Array.from({ length: 20 }, (_, i) => `  ${i}: frame`), "  20: last"].join("\n");
    expect(excerpt(trace, 10, 1000)).toBe("boom\n  0: frame\n  … (19 similar lines)\n  20: last");
    expect(excerpt("a\nb\nc\nd", 2, 100)).toBe("a\nb\n… (2 more lines)");
    expect(excerpt("x".repeat(50), 5, 10)).toBe(`${"x".repeat(10)}\n… (truncated)`);
  });
});
