import type { Report } from "../model/types.js";
import { jsonPieces } from "./json-pieces.js";

/** The stable JSON report (schema/report.schema.json); two-space indented, newline-terminated. */
export function renderJsonReport(report: Report): string {
  return [...jsonReportPieces(report)].join("");
}

/** The JSON report's text in pieces, for writing it without making it one string (json-pieces.ts). */
export function* jsonReportPieces(report: Report): Generator<string> {
  yield* jsonPieces(report);
  yield "\n";
}
