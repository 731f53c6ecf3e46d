// The whole-row reference for the streamed Parquet reader: one row as hyparquet's object reader
// returns it (every column) → the normalised record, written plainly. test/telemetry/parquet-stream
// checks that the column-wise reader (src/telemetry/parquet/row-reader.ts) gives the same events.
import { eventName } from "../../src/telemetry/enums.js";
import { liftAttributes } from "../../src/telemetry/parquet/payload.js";
import { renamesFor } from "../../src/telemetry/read-plan.js";
import { RECORD_TYPES, type RecordType, type TelemetryRecord } from "../../src/telemetry/record.js";
import { isRecord, stripAnsi, toNanos, toNumber, toSpanId, toStr } from "../../src/telemetry/values.js";

export function parquetRowToRecord(row: Record<string, unknown>): TelemetryRecord | null {
  const recordType = row.record_type;
  const traceId = row.trace_id;
  const eventType = row.event_type;
  if (typeof recordType !== "string" || !RECORD_TYPES.has(recordType)) return null;
  if (typeof traceId !== "string" || typeof eventType !== "string") return null;
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
    statusCode: toNumber(row.status_code),
    statusMessage: toStr(row.status_message),
    attributes: isRecord(row.attributes) ? toJsonlAttributes(eventName(eventType), row.attributes) : {},
  };
}

/** The struct's non-empty children (bigints as numbers) under their JSONL names, with the payload merged in. */
function toJsonlAttributes(event: string, struct: Record<string, unknown>): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(struct)) {
    if (key === "json_payload" || value === null || value === undefined || value === "") continue;
    values[key] = typeof value === "bigint" ? Number(value) : value;
  }
  // A renamed child wins over a child that already has its JSONL name.
  const renames = renamesFor(event);
  const out: Record<string, unknown> = {};
  for (const key in values) if (!renames.some(([from]) => from === key)) out[key] = values[key];
  for (const [from, to] of renames) if (from in values) out[to] = values[from];
  return liftAttributes(event, out, struct.json_payload);
}
