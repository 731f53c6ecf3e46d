// The normalised telemetry record: what every decoder (JSONL, Parquet) emits and what events.ts
// turns into the model's events. Attribute names follow the JSONL (proto3 JSON) form; Parquet rows
// are lifted into it (read-plan.ts names the columns, parquet/payload.ts merges json_payload), so
// nothing after the decoders knows which format a record came from.
import type { PhaseEnd } from "./jsonl-phase-ends.js";
import type { TelemetryEvent } from "./events.js";

export type RecordType = "SpanStart" | "SpanEnd" | "LogRecord";

/** The record types every format carries; rows of any other type are not telemetry records. */
export const RECORD_TYPES: ReadonlySet<string> = new Set<RecordType>(["SpanStart", "SpanEnd", "LogRecord"]);

export interface TelemetryRecord {
  recordType: RecordType;
  /** 32 lowercase hex characters; equals the invocation id without dashes. */
  traceId: string;
  /** 16 lowercase hex characters, or null (a LogRecord outside any span). */
  spanId: string | null;
  parentSpanId: string | null;
  /** Null from Parquet, which never reads the column: no event uses it (read-plan.ts). */
  spanName: string | null;
  /** Full event type, e.g. `v1.public.events.fusion.node.NodeProcessed`. */
  eventType: string;
  /** Epoch nanoseconds, exact (never rounded through Date). */
  startNs: bigint | null;
  endNs: bigint | null;
  timeNs: bigint | null;
  severity: string;
  /** LogRecord text, ANSI codes removed. */
  body: string | null;
  /** OTel span status: 0 unset, 1 ok, 2 error. */
  statusCode: number | null;
  statusMessage: string | null;
  attributes: Record<string, unknown>;
}

/** Where a record came from, for error messages and provenance. */
export interface RecordOrigin {
  file: string;
  /** 1-based line (JSONL) or row (Parquet). */
  position: number;
  unit: "line" | "row";
}

export const EVENT = {
  invocation: "v1.public.events.fusion.invocation.Invocation",
  process: "v1.public.events.fusion.process.Process",
  phase: "v1.public.events.fusion.phase.PhaseExecuted",
  nodeProcessed: "v1.public.events.fusion.node.NodeProcessed",
  nodeEvaluated: "v1.public.events.fusion.node.NodeEvaluated",
  query: "v1.public.events.fusion.query.QueryExecuted",
  logMessage: "v1.public.events.fusion.log.LogMessage",
} as const;

/** A receiver of records, fed as they are decoded (never a full array). */
export interface RecordSink {
  add(record: TelemetryRecord, origin: RecordOrigin): void;
  /** A recoverable problem in the input (truncated last line, unknown shape). */
  warn(message: string): void;
  /**
   * The sink uses only records `isRelevant` (events.ts) accepts: a decoder may then count other
   * records without handing them on, and the JSONL decoder need not parse them (jsonl-skip.ts).
   */
  readonly relevantOnly?: boolean;
  /**
   * Present when the sink uses a node span's start only while its span has not ended (a crashed
   * run's nodes): a decoder may then leave out the starts of spans whose ends it hands on, telling
   * the sink of each (the JSONL decoder does, and throws UnpairedStarts when the ends do not all
   * come: jsonl-start-ledger.ts).
   */
  readonly recordLeftOut?: () => void;
  /**
   * Present when the sink takes a phase span end as its times alone for a node that a NodeProcessed
   * end decides: the JSONL decoder then reads such ends from their text or bytes
   * (jsonl-phase-ends.ts), and throws UnpairedStarts when a node so read has no NodeProcessed end,
   * or one without the times a phase end's were left to (undecidedPhaseNodes). The ids of such an
   * end may be slices of its line: the sink copies one before it keeps it.
   */
  readonly phaseEnd?: (end: PhaseEnd, origin: RecordOrigin) => void;
  /**
   * With `phaseEnd`: how many nodes of the file read so far had a phase span end handed on that way
   * and no NodeProcessed span end, or one without the times it was left (EventSink.undecidedPhaseNodes).
   * A decoder reads phase ends so only when the sink can say so.
   */
  readonly undecidedPhaseNodes?: () => number;
  /**
   * Present when the sink takes the model's events straight: the JSONL decoder then reads the
   * engine's own query span ends from their bytes into them (jsonl-query-ends.ts), and its
   * NodeProcessed span ends with only their attributes parsed (jsonl-node-ends.ts).
   */
  readonly eventRead?: (event: TelemetryEvent, origin: RecordOrigin) => void;
  /**
   * Invocations (trace ids) already read whole from another file: the sink takes none of their
   * records. A decoder counts them without handing them on (the JSONL decoder leaves their lines
   * unparsed) and tells `seen` of each, so that the invocation names this file too.
   */
  readonly readWhole?: { traces: ReadonlySet<string>; seen(traceId: string): void };
}
