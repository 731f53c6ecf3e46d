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
  return [...tableLines(columns, rows, width)].join("");
}

/**
 * The same table a line at a time, for rows no wider than the columns (the cells past them are
 * left out): the table of every node in a big build is megabytes, and is written a row at a time.
 * Every line but the first starts with its line break.
 */
export function* tableLines(
  columns: readonly Column[],
  rows: Iterable<readonly string[]>,
  width = columns.length,
): Generator<string> {
  yield tableRow(
    columns.map((c) => c.heading),
    width,
    "",
  );
  yield tableRow(
    Array.from({ length: width }, (_, i) => (columns[i]?.numeric ? "-:" : "-")),
    width,
    "\n",
  );
  for (const row of rows) yield tableRow(row, width, "\n");
}

function tableRow(cells: readonly string[], width: number, lead: string): string {
  let line = `${lead}|`;
  for (let i = 0; i < width; i++) {
    const cell = cells[i] ?? "";
    line += cell === "" ? " |" : ` ${cell} |`;
  }
  return line;
}
