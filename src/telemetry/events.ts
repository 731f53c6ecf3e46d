// Normalised records → the few typed events the model needs. This is the last place that knows
// wire spellings (proto enum names, oneof field names, string-encoded integers); `model/` consumes
// only these events. Records that no report needs (debug logs, call traces, assets) become null here,
// which is what keeps memory proportional to nodes rather than records.
import {
  eventName,
  normalizeErrorType,
  normalizeFreshnessOutcome,
  normalizeMaterialization,
  normalizeNodeOutcome,
  normalizeNodeType,
  normalizePhase,
  normalizeQueryOutcome,
  normalizeSkipReason,
  normalizeTestOutcome,
  normalizeWarningOutcome,
} from "./enums.js";
import { showControls } from "../text/controls.js";
import { shownFileName } from "./errors.js";
import { PAYLOAD_DETAIL } from "./read-plan.js";
import type { PhaseEnd } from "./jsonl-phase-ends.js";
import type { RecordOrigin, RecordSink, TelemetryRecord } from "./record.js";
import { isRecord, toBool, toFilePath, toNumber, toStr, toWholeNumber } from "./values.js";

/** What every span event carries. Each event has only the fields the model reads, so a decoder can
 * skip the columns no event of its kind uses. */
export interface SpanFields {
  traceId: string;
  /** true for SpanEnd (final attributes), false for SpanStart. */
  ended: boolean;
  startNs: bigint | null;
  endNs: bigint | null;
}

export interface NodeFacts {
  uniqueId: string;
  name: string | null;
  nodeType: string | null;
  materialization: string | null;
  /** NodeEvaluated: its phase. NodeProcessed: the last phase. */
  phase: string | null;
  outcome: "success" | "error" | "canceled" | "skipped" | null;
  skipReason: "upstream" | "cached" | "phase_disabled" | "no_op" | "phase_skipped" | null;
  errorType: "user" | "external" | "internal" | null;
  upstreamId: string | null;
  test: {
    outcome: "passed" | "warned" | "failed";
    failingRows: number;
    diffTable?: string;
    storeFailures?: boolean;
  } | null;
  freshness: { outcome: "pass" | "warn" | "error"; ageSeconds?: number } | null;
  cacheReason: string | null;
  withWarnings: boolean;
  durationMs: number | null;
  idleMs: number | null;
  rowsAffected: number | null;
  inSelection: boolean | null;
  path: string | null;
  line: number | null;
  /** 0-based, as on the wire. */
  column: number | null;
  /**
   * Attributes that decide the node's status but could not be understood (a test outcome of `7`, a
   * detail that is not an object), said in words, with the record's file and line or row. Such a
   * node is `unknown`, never given a default outcome (a pass), and the reader warns.
   */
  unreadable: string | null;
}

export type TelemetryEvent =
  | { kind: "process"; traceId: string; version: string | null }
  | (SpanFields & {
      kind: "invocation";
      statusCode: number | null;
      statusMessage: string | null;
      invocationId: string | null;
      command: string | null;
      rawCommand: string | null;
      target: string | null;
      version: string | null;
    })
  | (SpanFields & {
      kind: "phase";
      spanId: string | null;
      phase: string | null;
      nodeCountTotal: number | null;
      nodeCountSkipped: number | null;
      nodeCountError: number | null;
    })
  | (SpanFields & {
      kind: "node";
      spanId: string | null;
      span: "processed" | "evaluated";
      facts: NodeFacts;
    })
  | {
      /**
       * A NodeEvaluated span end of a node whose NodeProcessed span end decides it: the model uses
       * only its span (to join queries and logs) and its times (model/finish-invocation.ts), these
       * only where the NodeProcessed end lacks the node's. The Parquet reader reads only its span
       * and node when the file's event types name NodeProcessed, the JSONL reader reads them from
       * their text (with times) or bytes (without); each then checks at the end of the file that
       * every node so read had such an end, holding the times a phase end's were left to, and reads
       * the file again in full when one did not (parquet.ts, jsonl-phase-ends.ts).
       */
      kind: "phaseTimes";
      traceId: string;
      spanId: string | null;
      uniqueId: string;
      startNs: bigint | null;
      endNs: bigint | null;
      /**
       * Read from a JSONL phase end's text in place of its facts (jsonl-phase-ends.ts): the report's
       * limits count it as the facts it stands for, and the model copies its node id before keeping
       * it (a slice of the line, which it would keep alive).
       */
      inPlaceOfFacts?: true;
      /**
       * Read without its times, which its node's NodeProcessed end must hold (the model checks it:
       * keepsPhasePromise): the Parquet reader's slim phase ends, and the JSONL reader's from bytes.
       */
      timesFromProcessed?: true;
    }
  | {
      kind: "query";
      traceId: string;
      /** The span the query ran in (a node's), which joins it to the node when it names none. */
      parentSpanId: string | null;
      startNs: bigint | null;
      endNs: bigint | null;
      uniqueId: string | null;
      outcome: "success" | "error" | "canceled" | null;
      errorMessage: string | null;
    }
  | {
      kind: "log";
      traceId: string;
      spanId: string | null;
      severity: "ERROR" | "WARN";
      text: string;
      uniqueId: string | null;
      phase: string | null;
      code: number | null;
      path: string | null;
      line: number | null;
      column: number | null;
    };

/**
 * Whether a record can become an event, judged from three cheap envelope fields before anything else
 * is decoded. A superset of what `toEvent` keeps (node spans without a unique_id still pass), so a
 * decoder may drop every record for which this is false without changing the events.
 */
export function isRelevant(eventType: string, recordType: string, severity: string): boolean {
  const event = eventName(eventType);
  if (recordType === "LogRecord") {
    if (event !== "LogMessage" && event !== "Log") return false;
    const upper = severity.toUpperCase();
    return upper === "ERROR" || upper === "WARN" || upper === "WARNING";
  }
  switch (event) {
    case "NodeProcessed":
    case "NodeEvaluated":
    case "Node":
    case "PhaseExecuted":
    case "Phase":
    case "Invocation":
    case "Process":
      return true;
    case "QueryExecuted":
      return recordType === "SpanEnd";
    default:
      return false;
  }
}

export function toEvent(record: TelemetryRecord): TelemetryEvent | null {
  const event = eventName(record.eventType);
  const attrs = record.attributes;
  if (record.recordType === "LogRecord") return toLogEvent(record, event);
  const { traceId, startNs, endNs } = record;
  const ended = record.recordType === "SpanEnd";
  switch (event) {
    case "NodeProcessed":
    case "NodeEvaluated":
    case "Node":
      return nodeEvent(event === "NodeProcessed", traceId, record.spanId, ended, startNs, endNs, attrs);
    case "QueryExecuted":
      // Only the end carries the outcome and the wall time.
      if (!ended) return null;
      return queryEvent(
        traceId,
        record.parentSpanId,
        startNs,
        endNs,
        record.statusCode,
        record.statusMessage,
        attrs,
      );
    case "PhaseExecuted":
    case "Phase":
      return {
        kind: "phase",
        traceId,
        spanId: record.spanId,
        ended,
        startNs,
        endNs,
        phase: normalizePhase(attrs.phase),
        // Counts of nodes (uint64 on the wire): a negative or fractional one is no count.
        nodeCountTotal: toWholeNumber(attrs.node_count_total, 0),
        nodeCountSkipped: toWholeNumber(attrs.node_count_skipped, 0),
        nodeCountError: toWholeNumber(attrs.node_count_error, 0),
      };
    case "Invocation": {
      const evalArgs = isRecord(attrs.eval_args) ? attrs.eval_args : {};
      const processInfo = isRecord(attrs.process_info) ? attrs.process_info : {};
      return {
        kind: "invocation",
        traceId,
        ended,
        startNs,
        endNs,
        statusCode: record.statusCode,
        statusMessage: record.statusMessage,
        invocationId: toStr(attrs.invocation_id),
        command: toStr(evalArgs.command),
        rawCommand: toStr(attrs.raw_command),
        target: toStr(evalArgs.target),
        version: toStr(processInfo.version),
      };
    }
    case "Process":
      return { kind: "process", traceId, version: toStr(attrs.version) };
    default:
      return null;
  }
}

/**
 * A node span's event (NodeProcessed when `processed`, else NodeEvaluated or the docs' Node) from
 * its attributes under their JSONL names; null without a unique_id. toEvent's, and the Parquet
 * reader's, which builds node events straight from its columns.
 */
export function nodeEvent(
  processed: boolean,
  traceId: string,
  spanId: string | null,
  ended: boolean,
  startNs: bigint | null,
  endNs: bigint | null,
  attrs: Record<string, unknown>,
): TelemetryEvent | null {
  const facts = toNodeFacts(attrs, processed);
  if (!facts) return null;
  const span = processed ? "processed" : "evaluated";
  return { kind: "node", traceId, spanId, ended, startNs, endNs, span, facts };
}

/** A QueryExecuted span end's event (toEvent's, and the Parquet reader's straight from its columns). */
export function queryEvent(
  traceId: string,
  parentSpanId: string | null,
  startNs: bigint | null,
  endNs: bigint | null,
  statusCode: number | null,
  statusMessage: string | null,
  attrs: Record<string, unknown>,
): TelemetryEvent {
  return {
    kind: "query",
    traceId,
    parentSpanId,
    startNs,
    endNs,
    uniqueId: toStr(attrs.unique_id),
    outcome: normalizeQueryOutcome(attrs.query_outcome),
    errorMessage: toStr(attrs.query_error_adapter_message) ?? (statusCode === 2 ? statusMessage : null),
  };
}

function toLogEvent(record: TelemetryRecord, event: string): TelemetryEvent | null {
  // Only LogMessage carries engine errors and warnings; user `log()` calls and progress lines don't.
  if (event !== "LogMessage" && event !== "Log") return null;
  const severity = record.severity === "WARNING" ? "WARN" : record.severity;
  if (severity !== "ERROR" && severity !== "WARN") return null;
  const attrs = record.attributes;
  return {
    kind: "log",
    traceId: record.traceId,
    spanId: record.spanId,
    severity,
    text: record.body ?? "",
    uniqueId: toStr(attrs.unique_id),
    phase: normalizePhase(attrs.phase),
    code: toWholeNumber(attrs.code),
    path: toFilePath(attrs.relative_path),
    line: toWholeNumber(attrs.code_line, 1),
    column: toWholeNumber(attrs.code_column, 0),
  };
}

function toNodeFacts(attrs: Record<string, unknown>, processed: boolean): NodeFacts | null {
  const uniqueId = toStr(attrs.unique_id);
  if (!uniqueId) return null;
  const problems: string[] = [];
  const detail = (key: string): Record<string, unknown> | null => {
    const value = attrs[key];
    if (value === undefined || value === null) return null;
    if (isRecord(value)) return value;
    problems.push(`attributes.${key} is ${describeValue(value)}, not an object`);
    return null;
  };
  const testDetail = detail("node_test_detail");
  const freshnessDetail = detail("node_freshness_outcome");
  const upstreamDetail = detail("node_skip_upstream_detail");
  const cacheDetail = detail("node_cache_detail");
  const evaluationDetail = detail("node_evaluation_detail");
  // A Parquet payload whose node_outcome_detail is not an object (parquet/payload.ts keeps it here).
  if (attrs[PAYLOAD_DETAIL] !== undefined) {
    problems.push(
      `attributes.json_payload node_outcome_detail is ${describeValue(attrs[PAYLOAD_DETAIL])}, not an object`,
    );
  }
  // The simplified docs format carries test_outcome as a direct attribute.
  const directTestOutcome = attrs.test_outcome;
  const test = testDetail
    ? toTest(testDetail, "attributes.node_test_detail.", problems)
    : directTestOutcome !== undefined
      ? toTest({ test_outcome: directTestOutcome, failing_rows: attrs.failing_rows }, "attributes.", problems)
      : null;
  const freshnessOutcome = freshnessDetail
    ? understood(
        normalizeFreshnessOutcome(freshnessDetail.node_freshness_outcome),
        freshnessDetail.node_freshness_outcome,
        "attributes.node_freshness_outcome.node_freshness_outcome",
        problems,
      )
    : null;
  const ageSeconds = freshnessDetail
    ? understood(
        toNumber(freshnessDetail.age_seconds),
        freshnessDetail.age_seconds,
        "attributes.node_freshness_outcome.age_seconds",
        problems,
      )
    : null;
  const upstreamId = upstreamDetail
    ? understood(
        toStr(upstreamDetail.upstream_unique_id),
        upstreamDetail.upstream_unique_id,
        "attributes.node_skip_upstream_detail.upstream_unique_id",
        problems,
      )
    : toStr(attrs["node_skip_upstream_detail.upstream_unique_id"]);
  // Shown as given (proto JSON may also spell an enum as its number); it decides no status.
  const rawCacheReason = cacheDetail?.node_cache_reason;
  const cacheReason = cacheDetail
    ? (understood(
        typeof rawCacheReason === "number" ? String(rawCacheReason) : toStr(rawCacheReason),
        rawCacheReason,
        "attributes.node_cache_detail.node_cache_reason",
        problems,
      ) ?? "NODE_CACHE_REASON_NO_CHANGES")
    : null;
  const warningOutcome = evaluationDetail
    ? understood(
        normalizeWarningOutcome(evaluationDetail.node_warning_outcome),
        evaluationDetail.node_warning_outcome,
        "attributes.node_evaluation_detail.node_warning_outcome",
        problems,
        "NODE_WARNING_OUTCOME_",
      )
    : null;
  const skipReason = understood(
    normalizeSkipReason(attrs.node_skip_reason),
    attrs.node_skip_reason,
    "attributes.node_skip_reason",
    problems,
    "NODE_SKIP_REASON_",
  );
  let inSelection = toBool(attrs.in_selection);
  if (inSelection === null && attrs.in_selection !== undefined && attrs.in_selection !== null) {
    problems.push(`attributes.in_selection is ${describeValue(attrs.in_selection)}, not true or false`);
    inSelection = true; // shown (as unknown) rather than silently left out of the report
  }
  const phase = processed ? (attrs.last_phase ?? attrs.phase) : attrs.phase;
  // An outcome this reader does not know is said, not shown as a node that did not finish.
  const outcome = understood(
    normalizeNodeOutcome(attrs.node_outcome),
    attrs.node_outcome,
    "attributes.node_outcome",
    problems,
    "NODE_OUTCOME_",
  );
  return {
    uniqueId,
    name: toStr(attrs.name),
    nodeType: normalizeNodeType(attrs.node_type),
    materialization: normalizeMaterialization(attrs.materialization),
    phase: normalizePhase(phase),
    outcome,
    skipReason,
    errorType: normalizeErrorType(attrs.node_error_type),
    upstreamId,
    test,
    freshness: freshnessOutcome
      ? { outcome: freshnessOutcome, ...(ageSeconds !== null ? { ageSeconds } : {}) }
      : null,
    cacheReason,
    withWarnings: warningOutcome === "with_warnings",
    // uint64 milliseconds on the wire: a negative or fractional one is no time at all (absent, not -5 ms).
    durationMs: toWholeNumber(attrs.duration_ms, 0),
    idleMs: toWholeNumber(attrs.idle_time_ms, 0),
    // uint64 on the wire, and run_results.json's rows_affected a count: -5 or 1.5 rows is none.
    rowsAffected: toWholeNumber(attrs.rows_affected, 0),
    inSelection,
    path: toFilePath(attrs.relative_path),
    line: toWholeNumber(attrs.defined_at_line, 1),
    column: toWholeNumber(attrs.defined_at_col, 0),
    unreadable: problems.length > 0 ? problems.join("; ") : null,
  };
}

/**
 * A passed test with no failing rows and nothing else said: most of a build's tests. They share
 * this one (never changed), rather than each keeping an object of its own to the end of the run.
 */
const PASSED_TEST: NodeFacts["test"] = Object.freeze({ outcome: "passed", failingRows: 0 });

function toTest(detail: Record<string, unknown>, prefix: string, problems: string[]): NodeFacts["test"] {
  const outcome = understood(
    normalizeTestOutcome(detail.test_outcome),
    detail.test_outcome,
    `${prefix}test_outcome`,
    problems,
  );
  const failingRows =
    detail.failing_rows === undefined || detail.failing_rows === null
      ? 0
      : understood(
          toWholeNumber(detail.failing_rows, 0),
          detail.failing_rows,
          `${prefix}failing_rows`,
          problems,
        );
  const diffTable =
    detail.diff_table === undefined
      ? null
      : understood(
          typeof detail.diff_table === "string" ? detail.diff_table : null,
          detail.diff_table,
          `${prefix}diff_table`,
          problems,
        );
  const storeFailures =
    detail.store_failures === undefined
      ? null
      : understood(toBool(detail.store_failures), detail.store_failures, `${prefix}store_failures`, problems);
  if (!outcome) return null;
  if (outcome === "passed" && failingRows === 0 && !diffTable && storeFailures === null) return PASSED_TEST;
  return {
    outcome,
    failingRows: failingRows ?? 0,
    ...(diffTable ? { diffTable } : {}),
    ...(storeFailures !== null ? { storeFailures } : {}),
  };
}

/**
 * `normalized` when the wire value was understood; otherwise notes the field as unreadable and
 * gives null. Absent values and proto's "unspecified" (`<prefix>UNSPECIFIED`, `""`) are understood.
 */
function understood<T>(
  normalized: T | null,
  raw: unknown,
  field: string,
  problems: string[],
  prefix?: string,
): T | null {
  if (normalized !== null || raw === undefined || raw === null || raw === "") return normalized;
  if (prefix && (raw === `${prefix}UNSPECIFIED` || raw === 0)) return null;
  problems.push(`${field} is ${describeValue(raw)}, which this reader does not understand`);
  return null;
}

/** A wire value for a message: JSON-ish, short, control characters shown as escapes. */
export function describeValue(value: unknown): string {
  let text: string;
  try {
    text = typeof value === "bigint" ? String(value) : (JSON.stringify(value) ?? String(value));
  } catch {
    text = String(value);
  }
  const shown = showControls(text.length > 80 ? `${text.slice(0, 79)}…` : text, "escape");
  return shown;
}

/**
 * Why a record's `trace_id` (that toTraceId turned down) is not one: the record has no invocation to
 * be put in. Both decoders say it so.
 */
export function whyNotATraceId(value: unknown): string {
  return value === undefined
    ? "the record has no trace_id"
    : `trace_id is ${describeValue(value)}, not a trace id (32 hex digits)`;
}

/** What the model offers to receive events. */
export interface EventSink {
  add(event: TelemetryEvent): void;
  warn(message: string): void;
  /** A warning about a whole file (one skipped beside this one): never left out, listed first. */
  warnFile?(message: string): void;
  /**
   * A node span record was left out or read slim (jsonl-start-ledger.ts, jsonl-phase-ends.ts): what
   * it would have held is counted.
   */
  recordLeftOut?(): void;
  /**
   * Present when the sink can say, once a file is read, how many of its nodes had a phase span end
   * read as its times alone (a `phaseTimes` event) and no NodeProcessed span end, or one without
   * the node's times and duration where a phase end's times were not read: the Parquet and JSONL
   * decoders then read phase span ends so, and throw ReadAgainInFull when any node is left
   * undecided.
   */
  undecidedPhaseNodes?(): number;
}

/** Events with where each was read (a 1-based line or row): what decoders feed. */
export interface LocatedEventSink {
  add(event: TelemetryEvent, position: number): void;
  warn(message: string): void;
  /** A warning about the record at `position`, said with the file and the line or row. */
  warnAt(position: number, message: string): void;
  /** A warning about a whole file, kept whatever else was warned about. */
  warnFile(message: string): void;
  recordLeftOut?(): void;
  /** See EventSink.undecidedPhaseNodes. */
  undecidedPhaseNodes?(): number;
}

/**
 * The model's sink, for the decoders of one file (Parquet feeds it events; JSONL records, through
 * recordsToEvents): a node attribute that could not be understood is said with the file and the
 * line or row it was read from.
 */
export function locatedEvents(sink: EventSink, file: string, unit: RecordOrigin["unit"]): LocatedEventSink {
  // `file:line` for JSONL, `file (row n)` for Parquet (as TelemetryInputError writes them).
  const name = shownFileName(file);
  const where = (position: number): string =>
    unit === "row" ? `${name} (row ${position})` : `${name}:${position}`;
  return {
    add(event, position) {
      if (event.kind === "node" && event.facts.unreadable) {
        event.facts.unreadable = `${where(position)}: ${event.facts.unreadable}`;
      }
      sink.add(event);
    },
    warn(message) {
      sink.warn(message);
    },
    warnAt(position, message) {
      sink.warn(`${where(position)}: ${message}`);
    },
    warnFile(message) {
      if (sink.warnFile) sink.warnFile(message);
      else sink.warn(message);
    },
    recordLeftOut() {
      sink.recordLeftOut?.();
    },
    ...(sink.undecidedPhaseNodes ? { undecidedPhaseNodes: () => sink.undecidedPhaseNodes!() } : {}),
  };
}

/**
 * Records → events, for a decoder that produces records (JSONL). With `dropNodeStarts` the decoder
 * may leave out node span starts whose ends follow (the model uses a node's starts only while none
 * of its spans ended) and throws UnpairedStarts when they do not all: the caller then reads the
 * file again without it (pipeline/read-telemetry.ts). With `readWhole` the records of those
 * invocations are left out (RecordSink.readWhole).
 */
export function recordsToEvents(
  sink: LocatedEventSink,
  {
    dropNodeStarts = false,
    readWhole,
  }: { dropNodeStarts?: boolean; readWhole?: RecordSink["readWhole"] } = {},
): RecordSink {
  return {
    relevantOnly: true,
    ...(readWhole ? { readWhole } : {}),
    ...(dropNodeStarts
      ? {
          recordLeftOut: () => sink.recordLeftOut?.(),
          phaseEnd: (end: PhaseEnd, origin: RecordOrigin) =>
            sink.add({ kind: "phaseTimes", ...end, inPlaceOfFacts: true }, origin.position),
          ...(sink.undecidedPhaseNodes ? { undecidedPhaseNodes: () => sink.undecidedPhaseNodes!() } : {}),
        }
      : {}),
    eventRead: (event, origin) => sink.add(event, origin.position),
    add(record, origin) {
      const event = toEvent(record);
      if (event) sink.add(event, origin.position);
      else {
        const problem = unnamedNodeEnd(record);
        if (problem) sink.warnAt(origin.position, problem);
      }
    },
    warn(message) {
      sink.warn(message);
    },
  };
}

/**
 * Why a node span's end names no node (its unique_id missing, empty or not text), or null. Such an
 * end cannot decide its node: without this warning its start alone would read as a run that
 * stopped before the node finished. (Parquet's unique_id column holds text or nothing.)
 */
function unnamedNodeEnd(record: TelemetryRecord): string | null {
  if (record.recordType !== "SpanEnd") return null;
  const event = eventName(record.eventType);
  if (event !== "NodeProcessed" && event !== "NodeEvaluated" && event !== "Node") return null;
  const id = record.attributes.unique_id;
  if (typeof id === "string" && id !== "") return null;
  const what =
    id === undefined ? "has no attributes.unique_id" : `has attributes.unique_id ${describeValue(id)}`;
  return `a ${event} span end ${what}, so it names no node; the record was ignored`;
}
