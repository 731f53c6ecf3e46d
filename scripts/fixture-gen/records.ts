// Envelope builders: key order follows the engine's JSONL writer (§3), attribute keys are sorted (§4).
import { SEVERITY, type SeverityText } from "./enums.js";
import { PARQUET_HINTS, type FusionRecord, type JsonlLink, type ParquetHints } from "./types.js";

/** An open span as the emitter tracks it. */
export interface OpenSpan {
  traceId: string;
  spanId: string;
  name: string;
  parentSpanId: string | null;
  start: bigint;
  severity: SeverityText;
  eventType: string;
  attributes: Record<string, unknown>;
}

/** Recursively sort object keys: pbjson output passes through a serde_json map, which is ordered. */
export function sortKeys<T>(value: T): T {
  if (Array.isArray(value)) return value.map((v: unknown) => sortKeys(v)) as T;
  if (value === null || typeof value !== "object") return value;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value).sort()) {
    const v = (value as Record<string, unknown>)[key];
    if (v !== undefined) out[key] = sortKeys(v);
  }
  return out as T;
}

// Built from a string so the source holds no control character (eslint no-control-regex).
const ANSI_PATTERN = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*[A-Za-z]`, "g");

/** The JSONL writer strips ANSI colour codes from LogMessage bodies; Parquet keeps them. */
export function stripAnsi(text: string): string {
  return text.replace(ANSI_PATTERN, "");
}

function withHints(record: FusionRecord, hints: ParquetHints | undefined): FusionRecord {
  if (hints) Object.defineProperty(record, PARQUET_HINTS, { value: hints, enumerable: false });
  return record;
}

export function makeSpanStart(span: OpenSpan, hints?: ParquetHints): FusionRecord {
  return withHints(
    {
      record_type: "SpanStart",
      trace_id: span.traceId,
      span_id: span.spanId,
      span_name: span.name,
      parent_span_id: span.parentSpanId,
      links: null,
      start_time_unix_nano: span.start.toString(),
      severity_number: SEVERITY[span.severity],
      severity_text: span.severity,
      event_type: span.eventType,
      attributes: sortKeys(span.attributes),
    },
    hints,
  );
}

export interface SpanEndOptions {
  end: bigint;
  attributes: Record<string, unknown>;
  status: { message: string | null; code: number } | null;
  links?: JsonlLink[] | null;
  hints?: ParquetHints;
}

export function makeSpanEnd(span: OpenSpan, options: SpanEndOptions): FusionRecord {
  return withHints(
    {
      record_type: "SpanEnd",
      trace_id: span.traceId,
      span_id: span.spanId,
      span_name: span.name,
      parent_span_id: span.parentSpanId,
      links: options.links ?? null,
      start_time_unix_nano: span.start.toString(),
      end_time_unix_nano: options.end.toString(),
      severity_number: SEVERITY[span.severity],
      severity_text: span.severity,
      status: options.status,
      event_type: span.eventType,
      attributes: sortKeys(options.attributes),
    },
    options.hints,
  );
}

export interface LogOptions {
  span: OpenSpan | null;
  eventId: string;
  time: bigint;
  severity: SeverityText;
  body: string;
  eventType: string;
  attributes: Record<string, unknown>;
}

export function makeLogRecord(options: LogOptions): FusionRecord {
  const stripped = stripAnsi(options.body);
  return withHints(
    {
      record_type: "LogRecord",
      trace_id: options.span?.traceId ?? "",
      span_id: options.span?.spanId ?? null,
      span_name: options.span?.name ?? null,
      event_id: options.eventId,
      time_unix_nano: options.time.toString(),
      severity_number: SEVERITY[options.severity],
      severity_text: options.severity,
      body: stripped,
      event_type: options.eventType,
      attributes: sortKeys(options.attributes),
    },
    stripped === options.body ? undefined : { rawBody: options.body },
  );
}

/** Parse `2.0.0-preview.186` → 186; `beta`/GA versions count as newer than any preview. */
export function parsePreviewNumber(version: string): number {
  const m = /preview\.(\d+)/.exec(version);
  return m?.[1] ? Number(m[1]) : 10_000;
}
