import type { Report } from "../model/types.js";

/** The stable JSON report (schema/report.schema.json); two-space indented, newline-terminated. */
export function renderJsonReport(report: Report): string {
  return `${JSON.stringify(report, null, 2)}\n`;
}
