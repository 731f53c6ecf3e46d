// What a file that is not JSON Lines is, in words a user can act on: dbt's own artifacts
// (run_results.json, manifest.json: whole-file JSON documents, often passed by mistake), a JSON
// document spread over lines, gzip-compressed Parquet, binary data. Untrusted bytes are never
// echoed: excerpts show control characters as escapes.
import { showControls } from "../text/controls.js";
import { isRecord } from "./values.js";

const TELEMETRY_HINT =
  "pass the Fusion telemetry instead: the JSONL the engine writes with --otel-file-name (in logs/) " +
  "or the Parquet it writes with --otel-parquet-file-name (in target/metadata/)";

/** dbt artifact schemas (`https://schemas.getdbt.com/dbt/run-results/v6.json`) → the file dbt writes. */
const DBT_ARTIFACTS: Record<string, string> = {
  "run-results": "run_results.json",
  manifest: "manifest.json",
  catalog: "catalog.json",
  sources: "sources.json",
  "semantic-manifest": "semantic_manifest.json",
};
const DBT_SCHEMA =
  /"dbt_schema_version"\s*:\s*"https?:\/\/schemas\.getdbt\.com\/dbt\/([a-z-]+)\/v(\d+)\.json"/;

/** A dbt artifact named by its `metadata.dbt_schema_version`, or null. */
function dbtArtifact(text: string): string | null {
  const match = DBT_SCHEMA.exec(text);
  if (!match) return null;
  const file = DBT_ARTIFACTS[match[1]!] ?? `a dbt ${match[1]} artifact`;
  return `this is dbt's ${file} (schema ${match[1]} v${match[2]}), not telemetry`;
}

/** Why a file whose first line is valid JSON but not a record is not telemetry, or null if nothing specific. */
export function describeForeignJson(value: unknown, firstLine: string): string | null {
  if (isRecord(value) && isRecord(value.metadata) && typeof value.metadata.dbt_schema_version === "string") {
    return `${dbtArtifact(firstLine.slice(0, 4096)) ?? "this is a dbt artifact, not telemetry"}: ${TELEMETRY_HINT}`;
  }
  if (Array.isArray(value)) {
    return `this is a JSON array, not JSON Lines (one telemetry record per line): ${TELEMETRY_HINT}`;
  }
  return null;
}

/** A first line that opens a pretty-printed JSON document: `{`, `[`, or `{"metadata": {`. */
const OPENS_DOCUMENT = /^\s*[[{]\s*(?:"[^"]*"\s*:\s*[[{]\s*)?$/;

/**
 * Whether a first line that is not JSON is worth reading on for (up to a few KiB) to say what the
 * file is; otherwise it is reported as invalid JSON right away.
 */
export function isWorthSniffing(firstLine: string): boolean {
  return OPENS_DOCUMENT.test(firstLine) || firstLine.startsWith("PAR1") || looksBinary(firstLine);
}

/**
 * What a file whose first content line is not JSON is instead, from the first lines of the file
 * (`head`, up to a few KiB); null when nothing says it is anything but JSON Lines with an invalid
 * line (describeInvalidLine says that, with the parser's complaint).
 */
export function describeNotJson(
  head: readonly string[],
  /** The bytes were gzip-compressed (else they came as a stream: a pipe, `/dev/stdin`). */
  gzip = false,
): string | null {
  const first = head[0] ?? "";
  if (first.startsWith("PAR1")) {
    return gzip
      ? "this is gzip-compressed Parquet: decompress it first (gunzip), Parquet is read where it lies"
      : "this is Parquet from a pipe: Parquet is read where it lies (its index is at its end), so pass the file itself";
  }
  if (looksBinary(first))
    return `this is binary data, not JSON Lines (it starts with "${excerpt(first, 24)}"): ${TELEMETRY_HINT}`;
  const artifact = dbtArtifact(head.join("\n"));
  if (artifact) return `${artifact}: ${TELEMETRY_HINT}`;
  if (OPENS_DOCUMENT.test(first)) {
    return `this is a JSON document spread over several lines, not JSON Lines (one telemetry record per line): ${TELEMETRY_HINT}`;
  }
  return null;
}

/** Invalid JSON: the parser's complaint, escaped and short. */
export function describeInvalidLine(parseError: string): string {
  return `invalid JSON (${excerpt(parseError, 160)})`;
}

/** The advice after a damaged line; left out where the Parquet file is already what the report is read from. */
export const USE_PARQUET = ", or read the run's Parquet file instead";

/** Invalid JSON on a line that other lines follow: a crash cuts only the last line, so the file was damaged. */
export function describeDamagedLine(parseError: string): string {
  return (
    `${describeInvalidLine(parseError)}; lines follow it, and a crash cuts only the last line, so the file was ` +
    `damaged after it was written: check that one dbt run wrote it and that it was copied whole${USE_PARQUET}`
  );
}

function looksBinary(text: string): boolean {
  const sample = text.slice(0, 256);
  if (sample.length === 0) return false;
  let odd = 0;
  for (let i = 0; i < sample.length; i++) {
    const code = sample.charCodeAt(i);
    if ((code < 0x20 && code !== 0x09) || code === 0x7f || code === 0xfffd) odd++;
  }
  return odd / sample.length > 0.1;
}

/** At most `max` characters, controls shown as escapes, cut with an ellipsis. */
function excerpt(text: string, max: number): string {
  const shown = showControls(text.length > max * 2 ? text.slice(0, max * 2) : text, "escape");
  return shown.length > max ? `${shown.slice(0, max - 1)}…` : shown;
}
