// Which fields each kind of event reads (events.ts), and where a Parquet file keeps them. A JSONL
// record carries all of its attributes; the Parquet reader decodes only the columns named here. So an
// attribute that events.ts reads must be listed here too, or it would work from JSONL and silently be
// null from Parquet: test/telemetry/read-plan.test.ts runs toEvent, records what it reads, and fails
// on anything this plan does not provide.
//
// Parquet is not the JSONL data in columns (fusion-telemetry.md §5): NodeProcessed's last_phase sits in
// `phase`, a node's defined_at_* in code_line/code_column, and details, oneof members and many
// scalars inside the `json_payload` JSON text.

/** Envelope columns, read only for rows that passed the early filter. */
export const ENVELOPE_COLUMNS = [
  "span_id",
  "parent_span_id",
  "start_time_unix_nano",
  "end_time_unix_nano",
  "time_unix_nano",
  "body",
  "status_code",
  "status_message",
] as const;
export type EnvelopeColumn = (typeof ENVELOPE_COLUMNS)[number];

/**
 * `attributes` children the events read (directly, or under their JSONL names after the renames
 * below). Everything else in the struct (content, content_hash, dev_name, query_id, …) is never
 * decoded. Names that are not columns in the engine's schema are listed too, so a file that does
 * carry them is read the same way as its JSONL.
 */
export const ATTRIBUTE_COLUMNS = [
  "json_payload",
  "name",
  "phase",
  "unique_id",
  "materialization",
  "node_type",
  "node_outcome",
  "node_error_type",
  "node_skip_reason",
  "relative_path",
  "code_line",
  "code_column",
  "code",
  "query_outcome",
  "duration_ms",
  "rows_affected",
  // Not engine columns (json_payload carries them); read if a file has them as columns.
  "last_phase",
  "defined_at_line",
  "defined_at_col",
  "test_outcome",
  "failing_rows",
  "idle_time_ms",
  "in_selection",
  "node_count_total",
  "node_count_skipped",
  "node_count_error",
  "invocation_id",
  "raw_command",
  "version",
  "query_error_adapter_message",
] as const;
export type AttributeColumn = (typeof ATTRIBUTE_COLUMNS)[number];

/** The kinds of row that read differently. */
export type PlanKind = "node" | "query" | "log" | "other" | "phaseOfProcessedNode";

export interface PlanSpec {
  envelope: readonly EnvelopeColumn[];
  /** Attribute columns (Parquet names, json_payload aside); null: every one. */
  attributes: readonly AttributeColumn[] | null;
  /** The json_payload text. "on-error": only with an error status (a query's payload is its SQL). */
  payload: "always" | "on-error" | "never";
  statusMessage: "always" | "on-error" | "never";
}

const NODE_ATTRIBUTES = ATTRIBUTE_COLUMNS.filter(
  (name) => !["code", "query_outcome", "query_error_adapter_message", "json_payload"].includes(name),
);

/** What each kind of row reads beyond the filter columns (record_type, trace_id, event_type, severity_text). */
export const READ_PLAN: Readonly<Record<PlanKind, PlanSpec>> = {
  node: {
    envelope: ["span_id", "start_time_unix_nano", "end_time_unix_nano", "status_code"],
    attributes: NODE_ATTRIBUTES,
    payload: "always",
    statusMessage: "on-error",
  },
  query: {
    envelope: ["parent_span_id", "start_time_unix_nano", "end_time_unix_nano", "status_code"],
    attributes: ["unique_id", "query_outcome", "query_error_adapter_message"],
    payload: "on-error",
    statusMessage: "on-error",
  },
  log: {
    envelope: ["span_id", "body"],
    attributes: ["unique_id", "phase", "code", "relative_path", "code_line", "code_column"],
    payload: "always",
    statusMessage: "on-error",
  },
  /** Phases, the invocation, the process: a handful of rows per file, read in full. */
  other: { envelope: ENVELOPE_COLUMNS, attributes: null, payload: "always", statusMessage: "always" },
  /**
   * A NodeEvaluated span end of a node that also has a NodeProcessed span end: the model uses only
   * its span (to join queries and logs) and node, and its times only where the NodeProcessed end
   * lacks the node's, which the model checks (telemetry/parquet.ts).
   */
  phaseOfProcessedNode: {
    envelope: ["span_id"],
    attributes: ["unique_id"],
    payload: "never",
    statusMessage: "never",
  },
};

/** Which plan a row reads, from its record type, event type and event name (`eventName(eventType)`). */
export function planKindOf(
  recordType: string,
  eventType: string,
  event: string,
): Exclude<PlanKind, "phaseOfProcessedNode"> {
  if (recordType === "LogRecord") return "log";
  if (event === "QueryExecuted") return "query";
  if (isNodeSpan(eventType) || event === "Node") return "node";
  return "other";
}

/** A NodeEvaluated or NodeProcessed span (full event type). */
export function isNodeSpan(eventType: string): boolean {
  return eventType.endsWith(".NodeEvaluated") || eventType.endsWith(".NodeProcessed");
}

/** Where parquet/payload.ts keeps a node_outcome_detail that is not an object, for events.ts to report. */
export const PAYLOAD_DETAIL = "json_payload.node_outcome_detail";

/**
 * The attributes (JSONL names) each kind of event finds in its json_payload rather than in a column
 * (fusion-telemetry.md §5.5). A node's oneof detail arrives tagged (`{"NodeTestDetail": …}`) and is
 * lifted to its JSONL name (parquet/payload.ts).
 */
export const PAYLOAD_FIELDS: Readonly<Record<Exclude<PlanKind, "phaseOfProcessedNode">, readonly string[]>> =
  {
    node: [
      "node_cache_detail",
      "node_test_detail",
      "node_freshness_outcome",
      "node_skip_upstream_detail",
      "node_evaluation_detail",
      "idle_time_ms",
      "in_selection",
      "state_decision_id",
      "source_name",
      PAYLOAD_DETAIL,
    ],
    query: ["sql", "query_description", "query_error_adapter_message"],
    log: ["expanded_relative_path", "expanded_line", "expanded_column"],
    other: [
      // PhaseExecuted
      "node_count_total",
      "node_count_skipped",
      "node_count_error",
      // Invocation
      "invocation_id",
      "raw_command",
      "eval_args",
      "process_info",
      "metrics",
      // Process
      "package",
      "version",
    ],
  };

/**
 * Attributes events.ts reads that no Parquet row has, on purpose: the flattened spelling of the
 * simplified docs format (JSONL only), and NodeProcessed's `phase`, which Parquet holds as its
 * `last_phase` (the rename below).
 */
export const JSONL_ONLY_ATTRIBUTES: Readonly<{ any: readonly string[]; NodeProcessed: readonly string[] }> = {
  any: ["node_skip_upstream_detail.upstream_unique_id"],
  NodeProcessed: ["phase"],
};

/** Parquet attribute children whose JSONL name differs, per event. */
const NODE_RENAMES: readonly [string, string][] = [
  ["code_line", "defined_at_line"],
  ["code_column", "defined_at_col"],
  ["content_hash", "node_checksum"],
];
const PROCESSED_RENAMES: readonly [string, string][] = [...NODE_RENAMES, ["phase", "last_phase"]];
const QUERY_RENAMES: readonly [string, string][] = [["content_hash", "sql_hash"]];

export function renamesFor(event: string): readonly [string, string][] {
  if (event === "NodeProcessed") return PROCESSED_RENAMES;
  if (event === "NodeEvaluated") return NODE_RENAMES;
  if (event === "QueryExecuted") return QUERY_RENAMES;
  return [];
}

/** The JSONL name of a Parquet attributes child for this event. */
export function jsonlName(event: string, child: string): string {
  for (const [from, to] of renamesFor(event)) if (from === child) return to;
  return child;
}
