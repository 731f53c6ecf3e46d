// Markdown tables. Cells must already be escaped for a table cell (no `|`, no line break: escapeText
// and code do that). Columns are not padded to a common width: a 20,000-row table would only grow,
// and GitHub does not care.
//
// Written out here rather than with markdown-table (which made these tables before, with
// `alignDelimiters: false`): it measures and copies every cell several times, a third of the time
// of a 20,000-node Markdown report. test/render/table.test.ts checks the bytes against it.

/** A column: its heading, and whether its values (numbers, durations) are right-aligned. */
export interface Column {
  heading: string;
  numeric?: boolean;
}

/** Words that must stay on one line in a cell ("✅ success", "unit test"): spaces made non-breaking. */
export function nowrap(text: string): string {
  return text.includes(" ") ? text.replaceAll(" ", "&nbsp;") : text;
}

/** A GFM table: `| a | b |` rows, `-` or `-:` (numeric) delimiters, short rows filled with empty cells. */
export function renderTable(columns: readonly Column[], rows: readonly (readonly string[])[]): string {
  let width = columns.length;
  for (const row of rows) width = Math.max(width, row.length);
  const delimiters = Array.from({ length: width }, (_, i) => (columns[i]?.numeric ? "-:" : "-"));
  const lines = [
    tableRow(
      columns.map((c) => c.heading),
      width,
    ),
    tableRow(delimiters, width),
  ];
  for (const row of rows) lines.push(tableRow(row, width));
  return lines.join("\n");
}

function tableRow(cells: readonly string[], width: number): string {
  let line = "|";
  for (let i = 0; i < width; i++) {
    const cell = cells[i] ?? "";
    line += cell === "" ? " |" : ` ${cell} |`;
  }
  return line;
}
