// JSONL record → Parquet row, following the engine's Arrow mapping (reference §5).
import { EVENT } from "./enums.js";
import { PARQUET_HINTS, type FusionRecord } from "./types.js";

export interface ParquetLink {
  trace_id: string;
  span_id: bigint;
  json_payload: string | null;
}

export interface ParquetRow {
  record_type: string;
  trace_id: string;
  span_id: bigint | null;
  event_id: string | null;
  span_name: string | null;
  parent_span_id: bigint | null;
  links: ParquetLink[] | null;
  start_time_unix_nano: bigint | null;
  end_time_unix_nano: bigint | null;
  time_unix_nano: bigint | null;
  severity_number: number;
  severity_text: string;
  body: string | null;
  status_code: number | null;
  status_message: string | null;
  event_type: string;
  attributes: Record<string, unknown>;
}

/** JSONL oneof key → Rust variant name used as the external tag inside json_payload. */
export const ONEOF_TAGS: Readonly<Record<string, string>> = {
  node_cache_detail: "NodeCacheDetail",
  node_test_detail: "NodeTestDetail",
  node_freshness_outcome: "NodeFreshnessOutcome",
  node_skip_upstream_detail: "NodeSkipUpstreamDetail",
  node_evaluation_detail: "NodeEvaluationDetail",
};

/** pbjson writes detail messages in proto field order, not alphabetically. */
const PROTO_FIELD_ORDER: Readonly<Record<string, readonly string[]>> = {
  node_cache_detail: ["node_cache_reason", "build_after_seconds", "last_updated_seconds", "message"],
  node_test_detail: ["test_outcome", "failing_rows", "diff_table", "store_failures"],
  node_freshness_outcome: ["node_freshness_outcome", "age_seconds"],
  node_skip_upstream_detail: ["upstream_unique_id"],
  node_evaluation_detail: ["node_warning_outcome"],
};

/** Attributes that map 1:1 onto a same-named `attributes` child. */
const DIRECT_COLUMNS = [
  "name",
  "database",
  "schema",
  "identifier",
  "dbt_core_event_code",
  "phase",
  "unique_id",
  "materialization",
  "custom_materialization",
  "node_type",
  "node_outcome",
  "node_error_type",
  "node_cancel_reason",
  "node_skip_reason",
  "sao_enabled",
  "dev_name",
  "file",
  "line",
  "code",
  "code_name",
  "original_severity_number",
  "original_severity_text",
  "package_name",
  "relative_path",
  "code_line",
  "code_column",
  "artifact_type",
  "query_id",
  "query_outcome",
  "adapter_type",
  "query_error_vendor_code",
  "output_format",
  "group",
] as const;

function hexToU64(hex: string | null | undefined): bigint | null {
  return hex ? BigInt(`0x${hex}`) : null;
}

function toNs(value: string | undefined): bigint | null {
  return value === undefined ? null : BigInt(value);
}

function toU64(value: unknown): bigint | undefined {
  return value === undefined ? undefined : BigInt(value as string);
}

function pick(attrs: Record<string, unknown>, keys: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of keys) if (attrs[key] !== undefined) out[key] = attrs[key];
  return out;
}

/** Find the flattened oneof member and re-tag it: `{NodeTestDetail: {...}}`. */
function makeOneofPayload(attrs: Record<string, unknown>): Record<string, unknown> | undefined {
  for (const [key, tag] of Object.entries(ONEOF_TAGS)) {
    const inner = attrs[key] as Record<string, unknown> | undefined;
    if (inner) return { [tag]: pick(inner, PROTO_FIELD_ORDER[key] ?? Object.keys(inner)) };
  }
  return undefined;
}

function makeNodeColumns(attrs: Record<string, unknown>, out: Record<string, unknown>): void {
  // Always non-null on node rows (§5.4), even when JSONL leaves them out.
  out.name = attrs.name ?? "";
  out.unique_id = attrs.unique_id ?? "";
  out.relative_path = attrs.relative_path ?? "";
  out.node_type = attrs.node_type ?? "NODE_TYPE_UNSPECIFIED";
  out.node_outcome = attrs.node_outcome ?? "NODE_OUTCOME_UNSPECIFIED";
  out.sao_enabled = attrs.sao_enabled ?? false;
  out.content_hash = attrs.node_checksum ?? "";
  out.code_line = attrs.defined_at_line;
  out.code_column = attrs.defined_at_col;
  out.rows_affected = toU64(attrs.rows_affected);
}

function makeAttributes(record: FusionRecord): Record<string, unknown> {
  const attrs = record.attributes;
  const out: Record<string, unknown> = {};
  for (const key of DIRECT_COLUMNS) if (attrs[key] !== undefined) out[key] = attrs[key];
  const json = (value: unknown) => (value === undefined ? null : JSON.stringify(value));

  switch (record.event_type) {
    case EVENT.nodeEvaluated: {
      makeNodeColumns(attrs, out);
      out.phase = attrs.phase ?? "EXECUTION_PHASE_UNSPECIFIED";
      const detail = makeOneofPayload(attrs);
      if (record[PARQUET_HINTS]?.layout === "wrapped") {
        const wrapped: Record<string, unknown> = {};
        if (detail) wrapped.node_outcome_detail = detail;
        if (attrs.idle_time_ms !== undefined) wrapped.idle_time_ms = Number(attrs.idle_time_ms);
        if (attrs.state_decision_id !== undefined) wrapped.state_decision_id = attrs.state_decision_id;
        out.json_payload = Object.keys(wrapped).length ? json(wrapped) : null;
      } else {
        out.json_payload = json(detail);
      }
      break;
    }
    case EVENT.nodeProcessed: {
      makeNodeColumns(attrs, out);
      out.phase = attrs.last_phase ?? "EXECUTION_PHASE_UNSPECIFIED";
      out.duration_ms = toU64(attrs.duration_ms);
      const payload: Record<string, unknown> = { in_selection: attrs.in_selection ?? false };
      const detail = makeOneofPayload(attrs);
      if (detail) payload.node_outcome_detail = detail;
      if (attrs.idle_time_ms !== undefined) payload.idle_time_ms = Number(attrs.idle_time_ms);
      if (attrs.source_name !== undefined) payload.source_name = attrs.source_name;
      out.json_payload = json(payload);
      break;
    }
    case EVENT.query:
      out.content_hash = attrs.sql_hash;
      out.query_outcome = attrs.query_outcome ?? "QUERY_OUTCOME_UNSPECIFIED";
      out.json_payload = json(pick(attrs, ["sql", "query_description", "query_error_adapter_message"]));
      break;
    case EVENT.logMessage: {
      const expanded = pick(attrs, ["expanded_relative_path", "expanded_line", "expanded_column"]);
      out.json_payload = Object.keys(expanded).length ? json(expanded) : null;
      break;
    }
    case EVENT.userLogMessage:
      out.code_line = attrs.line;
      out.code_column = attrs.column;
      delete out.line;
      out.json_payload = json({ is_print: attrs.is_print ?? false });
      break;
    case EVENT.progressMessage:
      out.json_payload = json(pick(attrs, ["action", "target", "description"]));
      break;
    case EVENT.phase:
      out.json_payload = json(
        Object.fromEntries(
          ["node_count_total", "node_count_skipped", "node_count_error"]
            .filter((k) => attrs[k] !== undefined)
            .map((k) => [k, Number(attrs[k])]),
        ),
      );
      break;
    case EVENT.compiledCode:
      out.name = attrs.node_name;
      out.content = attrs.sql;
      break;
    case EVENT.callTrace:
      out.json_payload = json(attrs.extra);
      break;
    case EVENT.artifact:
      break;
    default:
      // Process, Invocation, GenericOp*, ConnectionLimitWait, ...: the whole message as JSON.
      out.json_payload = json(attrs);
  }
  const payload = record[PARQUET_HINTS]?.payload;
  if (payload !== undefined) out.json_payload = payload;
  return out;
}

export function toParquetRow(record: FusionRecord): ParquetRow {
  const isLog = record.record_type === "LogRecord";
  return {
    record_type: record.record_type,
    trace_id: record.trace_id,
    span_id: hexToU64(record.span_id),
    event_id: record.event_id ?? null,
    span_name: record.span_name,
    parent_span_id: isLog ? null : hexToU64(record.parent_span_id),
    links:
      record.links?.map((l) => ({
        trace_id: l.trace_id,
        span_id: BigInt(`0x${l.span_id}`),
        json_payload: JSON.stringify(l.attributes),
      })) ?? null,
    start_time_unix_nano: toNs(record.start_time_unix_nano),
    end_time_unix_nano: toNs(record.end_time_unix_nano),
    time_unix_nano: toNs(record.time_unix_nano),
    severity_number: record.severity_number,
    severity_text: record.severity_text,
    // The Parquet writer keeps ANSI codes that the JSONL writer strips.
    body: isLog ? (record[PARQUET_HINTS]?.rawBody ?? record.body ?? null) : null,
    status_code: record.status ? record.status.code : null,
    status_message: record.status?.message ?? null,
    event_type: record.event_type,
    attributes: makeAttributes(record),
  };
}
