// The terminal report's pieces: when there is colour, how a node is named, how text is made inert
// and packed to the width. The whole report is in the golden files (test/golden/terminal.test.ts).
import { describe, expect, it } from "vitest";
import type { Report } from "../../src/model/types.js";
import { warningsCount } from "../../src/render/format.js";
import { renderMarkdown } from "../../src/render/markdown.js";
import { renderTerminal } from "../../src/render/terminal.js";
import { OWN_SEQUENCES, terminalStyle, wantsColour } from "../../src/render/terminal-style.js";
import { columns } from "../../src/text/columns.js";
import {
  entry,
  excerptGutter,
  heading,
  inert,
  nodeName,
  packFacts,
  padStart,
  visibleLength,
  type Pen,
} from "../../src/render/terminal-text.js";
import { reportFor } from "../support/report.js";

const plain: Pen = { style: terminalStyle(false), width: 80 };
const coloured: Pen = { style: terminalStyle(true), width: 80 };

describe("wantsColour", () => {
  it.each([
    [{}, true, true],
    [{}, false, false],
    [{ NO_COLOR: "1" }, true, false],
    [{ NO_COLOR: "" }, true, true],
    [{ TERM: "dumb" }, true, false],
    [{ FORCE_COLOR: "1" }, false, true],
    [{ FORCE_COLOR: "" }, false, true],
    [{ FORCE_COLOR: "3", NO_COLOR: "1" }, false, true],
    [{ FORCE_COLOR: "true" }, false, true],
    [{ FORCE_COLOR: "0" }, true, false],
    [{ FORCE_COLOR: "false" }, true, false],
    [{ FORCE_COLOR: "yes" }, true, false],
  ])("%j with a TTY %s: %s", (env, tty, expected) => {
    expect(wantsColour(env, tty)).toBe(expected);
  });
});

describe("terminalStyle", () => {
  it("styles each line on its own, writes only its own sequences, and nothing without colour", () => {
    const text = coloured.style.red(coloured.style.bold("a\nb"));
    expect(text).toBe("\u001b[31m\u001b[1ma\u001b[22m\u001b[39m\n\u001b[31m\u001b[1mb\u001b[22m\u001b[39m");
    expect(text.replace(OWN_SEQUENCES, "")).toBe("a\nb");
    expect(plain.style.red("a")).toBe("a");
  });
});

describe("nodeName", () => {
  it("is the unique id, with the name in bold where the id holds it", () => {
    expect(nodeName(plain, { uniqueId: "model.shop.orders", name: "orders" })).toBe("model.shop.orders");
    expect(nodeName(coloured, { uniqueId: "test.shop.not_null_x.ab12", name: "not_null_x" })).toBe(
      "\u001b[2mtest.shop.\u001b[22m\u001b[1mnot_null_x\u001b[22m\u001b[2m.ab12\u001b[22m",
    );
  });

  it("shows the name, then the id, when the id does not hold the name (hashed generic tests)", () => {
    const node = { uniqueId: "test.shop.relationships_orders_0389c2.fc4e", name: "relationships_orders_id" };
    expect(nodeName(plain, node)).toBe(
      "relationships_orders_id (test.shop.relationships_orders_0389c2.fc4e)",
    );
    // A name that is only a prefix of a segment is not taken for the segment.
    expect(nodeName(plain, { uniqueId: "model.shop.orders_v2", name: "orders" })).toBe(
      "orders (model.shop.orders_v2)",
    );
  });

  it("shows characters that draw nothing, so a look-alike of another node is told apart", () => {
    expect(nodeName(plain, { uniqueId: "model.shop.stg_orders\u200b", name: "stg_orders\u200b" })).toBe(
      "model.shop.stg_orders\\u200B",
    );
    expect(nodeName(plain, { uniqueId: "model.shop.x\u{E0041}", name: "x" })).toBe(
      "x (model.shop.x\\u{E0041})",
    );
  });

  it("shows controls, bidi overrides and line breaks in ids and names as escapes", () => {
    const node = { uniqueId: "model.shop.a\u001b[2J\u202Eb\nc", name: "a\u001b[2J\u202Eb\nc" };
    expect(nodeName(plain, node)).toBe("model.shop.a\\x1b[2J\\u202Eb c");
  });
});

describe("inert text", () => {
  it("keeps nothing that acts on a terminal: C0, DEL, C1, bidi, BOM, tabs; line breaks (NEL, LS) are spaces", () => {
    const text = inert("a\u0000\u0007\u001b\u007f\u009b\u0085\u2028\u202E\u2066\ufeff\tb");
    expect(text).toBe("a\\x00\\x07\\x1b\\x7f\\x9b  \\u202E\\u2066\\uFEFF b");
    expect([...text].filter((ch) => ch < " " || (ch >= "\u007f" && ch <= "\u009f"))).toEqual([]);
  });

  it("names a node of a megabyte as the comment does, cut with an ellipsis, however often it is named", async () => {
    const report = await reportFor(["test/fixtures/generated/model-errors/telemetry.jsonl"]);
    const inv = report.invocations[0]!;
    const root = inv.skipChains[0]!.rootId;
    const huge = `model.shop.${"x".repeat(1_000_000)}`;
    for (const node of inv.nodes) {
      if (node.uniqueId === root) Object.assign(node, { uniqueId: huge, name: "", location: { path: huge } });
    }
    inv.skipChains[0]!.rootId = huge;
    for (const skipped of inv.skipChains[0]!.skipped) skipped.via = huge;
    const text = renderTerminal(report, {
      title: "dbt Fusion",
      width: 80,
      colour: false,
      fullReportHint: "x",
    });
    expect(text).toContain(`model.shop.${"x".repeat(500)}`);
    expect(text).toContain("x…");
    expect(text.length).toBeLessThan(100_000);
  });

  it("expands tabs in a message and wraps it in the gutter with ↪ continuation lines", () => {
    const gutter = excerptGutter(
      { ...plain, width: 40 },
      "select\t*\nfrom a_very_long_table and then some more words",
      {
        lines: 20,
        chars: 3000,
      },
    );
    expect(gutter).toBe(
      ["  │ select  *", "  │ from a_very_long_table and then", "  │ ↪ some more words"].join("\n"),
    );
  });
});

describe("packFacts", () => {
  it("breaks between facts, never inside one", () => {
    expect(packFacts(["aaaa", "bbbb", "cccc"], 11, "  ")).toBe("aaaa · bbbb\n  cccc");
  });
});

describe("renderTerminal", () => {
  it("names the nodes that failed, then passed on dbt retry, under the headline, and counts each once", async () => {
    const report = await reportFor(["test/fixtures/generated/retry/telemetry.jsonl"]);
    const text = renderTerminal(report, {
      title: "dbt Fusion",
      width: 80,
      colour: false,
      fullReportHint: "x",
    });
    const lines = text.split("\n");
    expect(lines.slice(0, 2)).toEqual([
      "✖ dbt Fusion: 1 failed test",
      "5 nodes: ✔ 4 passed · ✖ 1 failed test",
    ]);
    expect(lines[4]).toMatch(/^── 1 node failed, then passed on dbt retry ─+$/);
    expect(lines[5]).toBe("  model.shop.orders");
    expect(text).toContain("run again by dbt retry");
    const many = {
      ...report,
      passedOnRetry: Array.from({ length: 23 }, (_, i) => ({ ...report.passedOnRetry![0]!, name: `m${i}` })),
    };
    const listed = renderTerminal(many, {
      title: "dbt Fusion",
      width: 80,
      colour: false,
      fullReportHint: "x",
    });
    expect(listed).toContain("23 nodes failed, then passed on dbt retry");
    expect(listed).toContain("… and 3 more nodes, listed in x.");
  });

  it("marks every result a dbt retry ran again where a section lists it, not only among the errors", async () => {
    const report = await reportFor(["test/fixtures/generated/retry/telemetry.jsonl"]);
    const text = renderTerminal(report, {
      title: "dbt Fusion",
      width: 80,
      colour: false,
      fullReportHint: "x",
    });
    const build = text.slice(0, text.indexOf("══ 2. dbt retry"));
    const lineOf = (start: number, needle: string) =>
      build
        .slice(start)
        .split("\n")
        .find((line) => line.includes(needle));
    const failedTests = build.indexOf("── Failed tests");
    const skips = build.indexOf("── Skipped because");
    const slowest = build.indexOf("── Slowest nodes");
    expect(lineOf(failedTests, "failing rows")).toMatch(/· run again by dbt retry$/);
    expect(build.slice(skips, slowest)).toContain("  error · run again by dbt retry → 1 node skipped:");
    expect(lineOf(skips, "↷ test.shop.not_null_orders_order_id")).toMatch(/· run again by dbt retry$/);
    for (const id of [
      "model.shop.orders",
      "test.shop.unique_customers_customer_id",
      "test.shop.not_null_orders",
    ])
      expect(lineOf(slowest, id)).toMatch(/· run again by dbt retry$/);
    expect(lineOf(slowest, "model.shop.stg_orders")).not.toContain("retry");
    // The retry's own results are the latest: no mark.
    expect(text.slice(text.indexOf("══ 2. dbt retry")).match(/run again by dbt retry/g)).toBeNull();
  });

  it("keeps its width between 40 and 120 columns", async () => {
    const report: Report = await reportFor(["test/fixtures/real/preview120_build_success.otel.jsonl"]);
    const options = { title: "dbt Fusion", colour: false, fullReportHint: "the JSON report" };
    const rule = (text: string) =>
      [...(text.split("\n").find((l) => l.startsWith("── Errors")) ?? "")].length;
    expect(rule(renderTerminal(report, { ...options, width: 10 }))).toBe(40);
    expect(rule(renderTerminal(report, { ...options, width: 100 }))).toBe(100);
    expect(rule(renderTerminal(report, { ...options, width: 300 }))).toBe(120);
  });
});

describe("wide characters in the terminal", () => {
  const narrow: Pen = { ...plain, width: 40 };
  const sqlError =
    "SQLコンパイルエラー: 行 4 位置 8 の識別子 'AMOUNT_USD' が無効です。\nオブジェクト '売上_日次' が存在しないか、操作を実行する権限がありません。";

  it("measures columns: two for CJK and emoji, none for combining marks and our styles", () => {
    expect(visibleLength("model.shop.orders")).toBe(17);
    expect(visibleLength("売上_日次")).toBe(9);
    expect(visibleLength("Ｆｕｌｌ ｗｉｄｔｈ")).toBe(19);
    expect(visibleLength("cafe\u0301 ลูกค้า")).toBe(9);
    expect(visibleLength("👍🏽 👩‍💻 🇯🇵 ❤️ 1\ufe0f\u20e3")).toBe(14);
    expect(visibleLength("✔ ✖ ⚠ ↷ ♻ ⊘ – · … ─ │ ↪")).toBe(23);
    expect(visibleLength(coloured.style.bold("売上"))).toBe(4);
    expect(padStart("売上", 6)).toBe("  売上");
  });

  it("puts the facts on the next line when a wide name leaves no room for them", () => {
    const node = { uniqueId: "model.shop.売上_日次_集計_店舗", name: "売上_日次_集計_店舗" };
    const line = entry(narrow, "error", node, "model · 2.5s");
    expect(line).toBe("✖ model.shop.売上_日次_集計_店舗\n  model · 2.5s");
  });

  it("expands a tab after wide characters to the next stop in columns", () => {
    expect(excerptGutter(narrow, "売上\tx\nab\tx", { lines: 20, chars: 3000 })).toBe(
      "  │ 売上    x\n  │ ab      x",
    );
  });

  it("draws a heading's rule to the width after a wide title", () => {
    expect(columns(heading(narrow, "ステップ 1: 本番ビルド"))).toBe(40);
  });

  it("wraps a Japanese error to 40 columns and keeps the slowest table in line with a wide name", async () => {
    const report = await reportFor(["test/fixtures/generated/model-errors/telemetry.jsonl"]);
    const inv = report.invocations[0]!;
    const failed = inv.nodes.find((n) => n.uniqueId === "model.shop.stg_orders")!;
    failed.message = sqlError;
    failed.uniqueId = failed.uniqueId.replace("stg_orders", "売上_日次");
    failed.name = "売上_日次";
    const slow = inv.slowest.byProcessing.find((n) => n.uniqueId === "model.shop.stg_orders")!;
    slow.uniqueId = failed.uniqueId;
    slow.name = failed.name;
    const text = renderTerminal(report, {
      title: "dbt Fusion",
      width: 40,
      colour: false,
      fullReportHint: "x",
    });
    const lines = text.split("\n");
    const gutter = lines.filter((line) => line.startsWith("  │"));
    expect(gutter.join("")).toContain("売上_日次");
    for (const line of gutter) expect(columns(line), line).toBeLessThanOrEqual(40);
    expect(gutter.join("\n")).toContain("↪ ");
    const rows = lines.slice(lines.findIndex((line) => line.startsWith("processing")));
    const table = rows.slice(
      0,
      rows.findIndex((line) => line === ""),
    );
    expect(table.some((line) => line.includes("✖ model.shop.売上_日次"))).toBe(true);
    // Durations are right-aligned ahead of the node, so a wide name cannot push a column.
    const nodeColumn = (line: string) => columns(line.slice(0, line.search(/ {2}(?:node$|[✔✖↷?] )/)));
    expect(table.map(nodeColumn)).toEqual(table.map(() => nodeColumn(table[0]!)));
  });
});

describe("long lists in the terminal", () => {
  it("counts what it left out with thousands separators", async () => {
    const report = await reportFor(["test/fixtures/real/preview120_build_success.otel.jsonl"]);
    const inv = report.invocations[0]!;
    const template = inv.nodes.find((n) => n.status === "success")!;
    for (let i = 0; i < 1_100; i++) {
      inv.nodes.push({
        ...template,
        uniqueId: `model.shop.late_${i}`,
        name: `late_${i}`,
        status: "canceled",
      });
    }
    const text = renderTerminal(report, {
      title: "dbt Fusion",
      width: 100,
      colour: false,
      fullReportHint: "x",
    });
    expect(text).toContain("Not run to completion (1,100)");
    expect(text).toContain("… and 1,050 more nodes, listed in x.");
  });
});

describe("the Warnings section's count", () => {
  it("names warned nodes and warning lines apart when both are listed, in Markdown and the terminal", async () => {
    const report = await reportFor(["test/fixtures/generated/tests/telemetry.jsonl"]);
    const inv = report.invocations[0]!;
    const passed = inv.nodes.find((n) => n.status === "success" || n.status === "pass")!;
    passed.logs = [
      { severity: "WARN", text: "Deprecation: one" },
      { severity: "WARN", text: "Deprecation: two" },
    ];
    const options = { title: "dbt Fusion", fullReportHint: "x" };
    const markdown = renderMarkdown(report, { ...options, maxBytes: Infinity });
    const terminal = renderTerminal(report, { ...options, width: 100, colour: false });
    // The headline says "1 warned": the section says what its 3 are.
    expect(markdown).toContain("⚠️&nbsp;1&nbsp;warned");
    expect(markdown).toContain("#### ⚠️ Warnings (1 node warned, 2 warning lines)");
    expect(terminal).toContain("── Warnings (1 node warned, 2 warning lines)");
  });

  it("is one number when the section lists one kind", () => {
    expect(warningsCount(3, 0)).toBe("3");
    expect(warningsCount(0, 1_200)).toBe("1,200");
    expect(warningsCount(167, 21)).toBe("167 nodes warned, 21 warning lines");
  });
});
