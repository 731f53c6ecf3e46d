// Markdown tables, built with markdown-table. Cells must already be escaped for a table cell (no
// `|`, no line break: escapeText and code do that). Columns are not padded to a common width: a
// 20,000-row table would only grow, and GitHub does not care.
import { markdownTable } from "markdown-table";

/** A column: its heading, and whether its values (numbers, durations) are right-aligned. */
export interface Column {
  heading: string;
  numeric?: boolean;
}

/** Words that must stay on one line in a cell ("✅ success", "unit test"): spaces made non-breaking. */
export function nowrap(text: string): string {
  return text.replace(/ /g, "&nbsp;");
}

export function renderTable(columns: readonly Column[], rows: readonly (readonly string[])[]): string {
  return markdownTable([columns.map((c) => c.heading), ...rows], {
    align: columns.map((c) => (c.numeric ? "r" : "")),
    alignDelimiters: false,
  });
}
