// One Parquet row → the normalised record. Parquet is not the JSONL data in columns: ids are UInt64,
// times are INT64 nanoseconds, NodeProcessed's last_phase sits in `phase`, defined_at_* in
// code_line/code_column, details and oneof members in the `json_payload` text (fusion-telemetry.md §5).
import { eventName } from "./enums.js";
import type { RecordType, TelemetryRecord } from "./record.js";
import { isRecord, stripAnsi, toNanos, toNumber, toSpanId, toStr } from "./values.js";

/** The Rust variant tags serde writes inside json_payload, and their JSONL field names. */
const ONEOF_TAGS: Record<string, string> = {
  NodeCacheDetail: "node_cache_detail",
  NodeTestDetail: "node_test_detail",
  NodeFreshnessOutcome: "node_freshness_outcome",
  NodeSkipUpstreamDetail: "node_skip_upstream_detail",
  NodeEvaluationDetail: "node_evaluation_detail",
};

const RECORD_TYPES = new Set<string>(["SpanStart", "SpanEnd", "LogRecord"]);

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
    linkedSpanIds: Array.isArray(row.links)
      ? row.links.flatMap((link) => {
          const id = isRecord(link) ? toSpanId(link.span_id) : null;
          return id ? [id] : [];
        })
      : [],
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
  const isNode = event === "NodeProcessed" || event === "NodeEvaluated";
  if (isNode) {
    rename(out, "code_line", "defined_at_line");
    rename(out, "code_column", "defined_at_col");
    rename(out, "content_hash", "node_checksum");
    if (event === "NodeProcessed") rename(out, "phase", "last_phase");
  } else if (event === "QueryExecuted") {
    rename(out, "content_hash", "sql_hash");
  }
  const payload = parsePayload(struct.json_payload);
  if (payload) {
    if (isNode) liftNodePayload(payload, out);
    else Object.assign(out, payload);
  }
  return out;
}

function liftNodePayload(payload: Record<string, unknown>, out: Record<string, unknown>): void {
  // Legacy NodeEvaluated (≤ preview.177): the bare oneof `{"NodeTestDetail":{...}}`.
  // NodeProcessed and newer NodeEvaluated: `{"node_outcome_detail":{...}, "idle_time_ms":.., ...}`.
  for (const [key, value] of Object.entries(payload)) {
    if (key === "node_outcome_detail") {
      if (isRecord(value)) liftOneof(value, out);
    } else if (key in ONEOF_TAGS) {
      liftOneof({ [key]: value }, out);
    } else {
      out[key] = value;
    }
  }
}

function liftOneof(tagged: Record<string, unknown>, out: Record<string, unknown>): void {
  for (const [tag, inner] of Object.entries(tagged)) {
    const field = ONEOF_TAGS[tag] ?? tag;
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

function rename(obj: Record<string, unknown>, from: string, to: string): void {
  if (from in obj) {
    obj[to] = obj[from];
    delete obj[from];
  }
}
