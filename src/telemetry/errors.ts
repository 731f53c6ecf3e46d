/**
 * The input cannot be used as telemetry (corrupt, truncated, not telemetry at all).
 * The message always starts with the file and, where known, the line or row.
 */
export class TelemetryInputError extends Error {
  override name = "TelemetryInputError";
  constructor(
    readonly file: string,
    message: string,
    readonly position?: { line?: number; row?: number },
  ) {
    const where = position?.line ? `:${position.line}` : position?.row ? ` (row ${position.row})` : "";
    super(`${file}${where}: ${message}`);
  }
}
