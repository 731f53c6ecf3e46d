// One Parquet row → the normalised record. Parquet is not the JSONL data in columns: ids are UInt64,
// times are INT64 nanoseconds, NodeProcessed's last_phase sits in `phase`, defined_at_* in
// code_line/code_column, details and oneof members in the `json_payload` text (fusion-telemetry.md §5).
import { eventName } from "./enums.js";
import { RECORD_TYPES, type RecordType, type TelemetryRecord } from "./record.js";
import { isRecord, stripAnsi, toNanos, toNumber, toSpanId, toStr } from "./values.js";

/** The Rust variant tags serde writes inside json_payload, and their JSONL field names. */
const ONEOF_TAGS: Record<string, string> = {
  NodeCacheDetail: "node_cache_detail",
  NodeTestDetail: "node_test_detail",
  NodeFreshnessOutcome: "node_freshness_outcome",
  NodeSkipUpstreamDetail: "node_skip_upstream_detail",
  NodeEvaluationDetail: "node_evaluation_detail",
};

export class PayloadError extends Error {}

export function parquetRowToRecord(row: Record<string, unknown>): TelemetryRecord | null {
  const recordType = row.record_type;
  const traceId = row.trace_id;
  const eventType = row.event_type;
  if (typeof recordType !== "string" || !RECORD_TYPES.has(recordType)) return null;
  if (typeof traceId !== "string" || typeof eventType !== "string") return null;
  const statusCode = toNumber(row.status_code);
  return {
    recordType: recordType as RecordType,
    traceId: traceId.toLowerCase().replace(/-/g, ""),
    spanId: toSpanId(row.span_id),
    parentSpanId: toSpanId(row.parent_span_id),
    spanName: toStr(row.span_name),
    eventType,
    startNs: toNanos(row.start_time_unix_nano),
    endNs: toNanos(row.end_time_unix_nano),
    timeNs: toNanos(row.time_unix_nano),
    severity: typeof row.severity_text === "string" ? row.severity_text.toUpperCase() : "",
    body: typeof row.body === "string" ? stripAnsi(row.body) : null,
    statusCode,
    statusMessage: toStr(row.status_message),
    attributes: isRecord(row.attributes) ? toJsonlAttributes(eventName(eventType), row.attributes) : {},
  };
}

/** Rebuilds the JSONL attribute object from the Parquet struct, so the model sees one shape. */
export function toJsonlAttributes(event: string, struct: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(struct)) {
    if (key === "json_payload" || value === null || value === undefined || value === "") continue;
    out[key] = typeof value === "bigint" ? Number(value) : value;
  }
  return liftAttributes(event, out, struct.json_payload);
}

/**
 * The second half of `toJsonlAttributes`, shared with the column-wise decoder: `out` holds the
 * struct's non-empty children (bigints as numbers); renames them to their JSONL names and merges
 * the json_payload text in.
 */
const NODE_RENAMES: [string, string][] = [
  ["code_line", "defined_at_line"],
  ["code_column", "defined_at_col"],
  ["content_hash", "node_checksum"],
];
const PROCESSED_RENAMES: [string, string][] = [...NODE_RENAMES, ["phase", "last_phase"]];
const QUERY_RENAMES: [string, string][] = [["content_hash", "sql_hash"]];

/**
 * Parquet child names → JSONL names. Builds a new object instead of deleting keys (a `delete` turns
 * the object into a slow dictionary-mode one for every later read). A renamed key wins over a key
 * that already had the target name, as assigning and deleting in place would.
 */
function renamed(obj: Record<string, unknown>, renames: [string, string][]): Record<string, unknown> {
  if (!renames.some(([from]) => from in obj)) return obj;
  const out: Record<string, unknown> = {};
  for (const key in obj) if (!renames.some(([from]) => from === key)) out[key] = obj[key];
  for (const [key, to] of renames) if (key in obj) out[to] = obj[key];
  return out;
}

/** The JSONL name of a Parquet attributes child for this event (the column-wise decoder renames as it reads). */
export function jsonlName(event: string, child: string): string {
  const renames = renamesFor(event);
  for (const [from, to] of renames) if (from === child) return to;
  return child;
}

function renamesFor(event: string): [string, string][] {
  if (event === "NodeProcessed") return PROCESSED_RENAMES;
  if (event === "NodeEvaluated") return NODE_RENAMES;
  if (event === "QueryExecuted") return QUERY_RENAMES;
  return [];
}

export function liftAttributes(
  event: string,
  attributes: Record<string, unknown>,
  jsonPayload: unknown,
  alreadyRenamed = false,
): Record<string, unknown> {
  const out = alreadyRenamed ? attributes : renamed(attributes, renamesFor(event));
  const isNode = event === "NodeProcessed" || event === "NodeEvaluated";
  const payload = parsePayload(jsonPayload);
  if (payload) {
    if (isNode) liftNodePayload(payload, out);
    else {
      for (const key in payload) if (key !== "__proto__") out[key] = payload[key];
    }
  }
  return out;
}

function liftNodePayload(payload: Record<string, unknown>, out: Record<string, unknown>): void {
  // Legacy NodeEvaluated (≤ preview.177): the bare oneof `{"NodeTestDetail":{...}}`.
  // NodeProcessed and newer NodeEvaluated: `{"node_outcome_detail":{...}, "idle_time_ms":.., ...}`.
  for (const key in payload) {
    // The payload is untrusted JSON: its own "__proto__" key must not become out's prototype.
    if (key === "__proto__") continue;
    const value = payload[key];
    if (key === "node_outcome_detail") {
      if (isRecord(value)) liftOneof(value, out);
    } else if (Object.hasOwn(ONEOF_TAGS, key)) {
      liftOneof({ [key]: value }, out);
    } else {
      out[key] = value;
    }
  }
}

function liftOneof(tagged: Record<string, unknown>, out: Record<string, unknown>): void {
  for (const tag in tagged) {
    if (tag === "__proto__") continue;
    const inner = tagged[tag];
    const field = Object.hasOwn(ONEOF_TAGS, tag) ? ONEOF_TAGS[tag]! : tag;
    out[field] = isRecord(inner) ? inner : {};
  }
}

function parsePayload(value: unknown): Record<string, unknown> | null {
  if (typeof value !== "string" || value === "" || value === "null") return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch (error) {
    throw new PayloadError(`attributes.json_payload is not valid JSON (${(error as Error).message})`);
  }
  return isRecord(parsed) ? parsed : null;
}
