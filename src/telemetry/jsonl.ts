import { StringDecoder } from "node:string_decoder";
import { TelemetryInputError } from "./errors.js";
import { RECORD_TYPES, type RecordSink, type RecordType, type TelemetryRecord } from "./record.js";
import { isRecord, stripAnsi, toNanos, toNumber, toSpanId, toStr } from "./values.js";

/**
 * Decodes JSONL telemetry line by line from a byte stream and feeds each record to the sink.
 * Memory stays bounded by the longest line: records are never collected.
 *
 * A last line that does not parse is a crashed run's half-written record: warned about, not fatal.
 * An invalid line anywhere else means the file is not what it claims to be: an error with file:line.
 */
export async function decodeJsonl(
  chunks: AsyncIterable<Uint8Array | string>,
  file: string,
  sink: RecordSink,
): Promise<{ records: number }> {
  const decoder = new StringDecoder("utf8");
  let carry = "";
  let lineNo = 0;
  let records = 0;
  let sawContent = false;
  let pendingBad: { line: number; reason: string } | null = null;
  let skippedForeign = 0;

  const handle = (raw: string): void => {
    lineNo++;
    const line = raw.endsWith("\r") ? raw.slice(0, -1) : raw;
    if (line.trim() === "") return;
    sawContent = true;
    if (pendingBad) {
      throw new TelemetryInputError(file, `invalid JSON: ${pendingBad.reason}`, { line: pendingBad.line });
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(line);
    } catch (error) {
      pendingBad = { line: lineNo, reason: (error as Error).message };
      return;
    }
    const record = toRecord(parsed);
    if (!record) {
      // Valid JSON that is not a telemetry record. Tolerated after the file proved to be telemetry
      // (another tool may append); at the very start it means this is not a telemetry file.
      if (records === 0 && skippedForeign === 0 && lineNo <= 1) {
        throw new TelemetryInputError(
          file,
          "not dbt Fusion telemetry: expected a JSON object with record_type, trace_id and event_type",
          { line: lineNo },
        );
      }
      skippedForeign++;
      return;
    }
    records++;
    sink.add(record, { file, position: lineNo });
  };

  for await (const chunk of chunks) {
    carry += typeof chunk === "string" ? chunk : decoder.write(Buffer.from(chunk));
    let start = 0;
    let newline = carry.indexOf("\n", start);
    while (newline !== -1) {
      handle(carry.slice(start, newline));
      start = newline + 1;
      newline = carry.indexOf("\n", start);
    }
    carry = carry.slice(start);
  }
  carry += decoder.end();
  if (carry !== "") handle(carry);

  if (pendingBad) {
    const bad = pendingBad as { line: number; reason: string };
    sink.warn(
      `${file}:${bad.line}: last line is truncated or not valid JSON (a crashed or interrupted run); it was ignored`,
    );
  }
  if (!sawContent) throw new TelemetryInputError(file, "file is empty: no telemetry records");
  if (records === 0) throw new TelemetryInputError(file, "no telemetry records found");
  if (skippedForeign > 0) {
    sink.warn(`${file}: ${skippedForeign} line(s) were JSON but not telemetry records and were ignored`);
  }
  return { records };
}

/** One parsed JSONL object → normalised record; null when it is not a telemetry record. */
export function toRecord(value: unknown): TelemetryRecord | null {
  if (!isRecord(value)) return null;
  const recordType = value.record_type;
  const traceId = value.trace_id;
  const eventType = value.event_type;
  if (typeof recordType !== "string" || !RECORD_TYPES.has(recordType)) return null;
  if (typeof traceId !== "string" || typeof eventType !== "string") return null;
  const status = isRecord(value.status) ? value.status : null;
  const body = typeof value.body === "string" ? stripAnsi(value.body) : null;
  return {
    recordType: recordType as RecordType,
    traceId: traceId.toLowerCase().replace(/-/g, ""),
    spanId: toSpanId(value.span_id),
    parentSpanId: toSpanId(value.parent_span_id),
    spanName: toStr(value.span_name),
    eventType,
    startNs: toNanos(value.start_time_unix_nano),
    endNs: toNanos(value.end_time_unix_nano),
    timeNs: toNanos(value.time_unix_nano),
    severity: typeof value.severity_text === "string" ? value.severity_text.toUpperCase() : "",
    body,
    statusCode: status ? toNumber(status.code) : null,
    statusMessage: status ? toStr(status.message) : null,
    attributes: isRecord(value.attributes) ? value.attributes : {},
  };
}
