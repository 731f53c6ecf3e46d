import { showControls } from "../text/controls.js";

/**
 * The input cannot be used as telemetry (corrupt, truncated, not telemetry at all).
 * The message always starts with the file and, where known, the line or row: the file's name on
 * one line, with any line break or control character in it shown as an escape.
 */
export class TelemetryInputError extends Error {
  override name = "TelemetryInputError";
  constructor(
    readonly file: string,
    message: string,
    readonly position?: { line?: number; row?: number },
    /**
     * The file is not telemetry at all (another tool's JSON Lines, binary data, a dbt artifact), as
     * its first record showed, rather than telemetry damaged somewhere.
     */
    readonly notTelemetry = false,
  ) {
    const where = position?.line ? `:${position.line}` : position?.row ? ` (row ${position.row})` : "";
    super(`${shownFileName(file)}${where}: ${message}`);
  }
}

/** A file's name as messages show it: on one line, its line breaks and controls shown as escapes. */
export function shownFileName(file: string): string {
  return showControls(file, "escape");
}

/** The advice after a missing Parquet footer; left out where the JSONL is already what the report is read from. */
export const USE_JSONL = ". Use the JSONL telemetry (--otel-file-name) for interrupted runs";

/**
 * A decoder read node span records slim (starts left out, phase ends as their times alone) on the
 * promise that the records that decide their nodes follow, and not all did (a crashed run, a file
 * from before NodeProcessed spans): the caller reads the file again, every such record in full.
 */
export class ReadAgainInFull extends Error {
  override name = "ReadAgainInFull";
}
