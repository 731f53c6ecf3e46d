// Markdown tables: written out by hand for speed, byte for byte what markdown-table (the library
// that made them before, now a test-only oracle) makes with `alignDelimiters: false`.
import { markdownTable } from "markdown-table";
import { describe, expect, it } from "vitest";
import { nowrap, renderTable, type Column } from "../../src/render/table.js";

const oracle = (columns: readonly Column[], rows: readonly (readonly string[])[]): string =>
  markdownTable([columns.map((c) => c.heading), ...rows], {
    align: columns.map((c) => (c.numeric ? "r" : "")),
    alignDelimiters: false,
  });

describe("renderTable", () => {
  it("writes GFM rows, `-:` under numeric columns", () => {
    const columns = [{ heading: "Node" }, { heading: "Rows", numeric: true }];
    expect(renderTable(columns, [["`a`", "1"]])).toBe("| Node | Rows |\n| - | -: |\n| `a` | 1 |");
  });

  it("makes the same bytes as markdown-table: empty cells, short and long rows, no rows", () => {
    const columns: Column[] = [{ heading: "A" }, { heading: "B", numeric: true }, { heading: "" }];
    const tables: (readonly string[])[][] = [
      [],
      [["x", "1", "y"]],
      [["", "", ""]],
      [["only one"]],
      [["a", "2", "b", "an extra cell"], ["c"]],
      [["✅&nbsp;success", "–", '<code title="t">n\\_a<wbr>b</code>']],
    ];
    for (const rows of tables) expect(renderTable(columns, rows)).toBe(oracle(columns, rows));
    expect(renderTable([], [["x"]])).toBe(oracle([], [["x"]]));
  });
});

describe("nowrap", () => {
  it("makes every space non-breaking", () => {
    expect(nowrap("unit test")).toBe("unit&nbsp;test");
    expect(nowrap("✅ a b")).toBe("✅&nbsp;a&nbsp;b");
    expect(nowrap("model")).toBe("model");
  });
});
