// Relevant Parquet rows → events, a batch of rows at a time and a column at a time: each leaf
// column is read in one pass over the rows that need it, and a row reads only the columns its kind
// of event uses (READ_PLAN in ../read-plan.ts). Node spans and queries — nearly every relevant row
// of a big build — become events straight from the column values (events.ts' nodeEvent and
// queryEvent); the few other rows become a record first, for toEvent. The events equal what toEvent
// makes of the whole-row reference's records (test/support/parquet-reference.ts), except that phase
// span ends become `phaseTimes` events where NodeProcessed ends decide the nodes (slimPhases;
// test/telemetry/parquet-stream.test.ts).
import { eventName } from "../enums.js";
import { nodeEvent, queryEvent, toEvent, whyNotATraceId, type TelemetryEvent } from "../events.js";
import {
  ATTRIBUTE_COLUMNS,
  ENVELOPE_COLUMNS,
  PAYLOAD_FIELDS,
  READ_PLAN,
  jsonlName,
  planKindOf,
  type EnvelopeColumn,
  type PlanKind,
  type PlanSpec,
} from "../read-plan.js";
import type { RecordType } from "../record.js";
import { stripAnsi, toNanos, toNumber, toSpanId, toStr, toTraceId } from "../values.js";
import type { FilterCursors } from "./filter.js";
import type { FileMetaData } from "./hyparquet.js";
import { RowDecodeError } from "./errors.js";
import { openLeafCursors, type CursorContext, type LeafCursor } from "./leaf-cursor.js";
import { PayloadError, liftAttributes } from "./payload.js";
import { Scratch } from "./scratch.js";

/** Read for every row: decide whether the row is a record and whether any event can come of it. */
const FILTER_COLUMNS = ["record_type", "trace_id", "event_type", "severity_text"] as const;

interface RowPlan {
  recordType: RecordType;
  eventType: string;
  event: string;
  kind: PlanKind;
  isQuery: boolean;
  /** Per column index (see RowReader.columns): read unconditionally. */
  reads: Uint8Array;
  /** The same, as a list of the column indices read. */
  columns: Int32Array;
  /** Attribute columns, with their JSONL names for this event. */
  attributes: { index: number; name: string }[];
  /**
   * What a row's attributes object starts as: those names, each null, and the fields its payload
   * may add, each undefined (read as absent). See rowTemplate.
   */
  template: Record<string, null | undefined>;
  payload: PlanSpec["payload"];
  statusMessage: PlanSpec["statusMessage"];
  /** NodeEvaluated span ends: the plan to use when phase spans are read slim (RowReader.slimPhases). */
  slim?: RowPlan;
}

/**
 * Trace ids as the record holds them (lower case, no dashes), computed and checked once per distinct
 * id; null for a value that is not one (toTraceId), as the JSONL reader reads it.
 */
class TraceIds {
  private readonly cache = new Map<unknown, string | null>();

  get(raw: unknown): string | null {
    let id = this.cache.get(raw);
    if (id === undefined) {
      id = toTraceId(raw);
      if (this.cache.size < 1024) this.cache.set(raw, id);
    }
    return id;
  }
}

export interface RowSink {
  event(event: TelemetryEvent, row: number): void;
  /** A row that cannot become a record (its payload is not JSON): warned about and skipped. */
  skip(row: number, message: string): void;
}

/** Reads the relevant rows of one row group. */
export class RowReader {
  readonly filter: FilterCursors;
  /** Envelope then attribute columns present in the file (undefined where absent). */
  private readonly columns: (LeafCursor | undefined)[];
  private readonly plans = new Map<RecordType, Map<string, RowPlan>>();
  private readonly scratch = new Scratch();
  private readonly payloadIndex: number;
  private readonly statusMessageIndex: number;
  private readonly statusCodeIndex: number;
  private readonly queryOutcomeIndex: number;
  private readonly uniqueIdIndex: number;
  /**
   * Phase span ends (NodeEvaluated) are read for their span and node only, as `phaseTimes` events
   * whose times are left to the NodeProcessed end: set when the file's nodes are decided by their
   * NodeProcessed span ends (parquet.ts).
   */
  slimPhases = false;

  constructor(
    context: CursorContext,
    chunks: FileMetaData["row_groups"][number]["columns"],
    private readonly traceIds = new TraceIds(),
  ) {
    const byPath = openLeafCursors(context, chunks, [
      ...FILTER_COLUMNS,
      ...ENVELOPE_COLUMNS,
      ...ATTRIBUTE_COLUMNS.map((child) => `attributes.${child}`),
    ]);
    this.filter = {
      recordType: byPath.get("record_type"),
      traceId: byPath.get("trace_id"),
      eventType: byPath.get("event_type"),
      severity: byPath.get("severity_text"),
    };
    byPath.get("span_id")?.convertToSpanIds();
    byPath.get("parent_span_id")?.convertToSpanIds();
    // One entry per span or log record, each read about once: caching them would only hold memory.
    for (const column of [
      "span_id",
      "parent_span_id",
      "start_time_unix_nano",
      "end_time_unix_nano",
      "time_unix_nano",
    ]) {
      const cursor = byPath.get(column);
      if (cursor) cursor.cacheValues = false;
    }
    this.columns = [
      ...ENVELOPE_COLUMNS.map((column) => byPath.get(column)),
      ...ATTRIBUTE_COLUMNS.map((child) => byPath.get(`attributes.${child}`)),
    ];
    this.payloadIndex = attributeIndex("json_payload");
    this.statusMessageIndex = ENVELOPE_COLUMNS.indexOf("status_message");
    this.statusCodeIndex = ENVELOPE_COLUMNS.indexOf("status_code");
    this.queryOutcomeIndex = attributeIndex("query_outcome");
    this.uniqueIdIndex = attributeIndex("unique_id");
  }

  /** The cursors other than the filter's. */
  get valueCursors(): LeafCursor[] {
    return this.columns.filter((cursor) => cursor !== undefined);
  }

  /** Reads `rows[0..count)` (ascending, relevant) and hands each record to the sink. */
  read(rows: Int32Array, count: number, sink: RowSink): void {
    const { recordType, traceId, eventType, severity } = this.filter;
    // Rows are relevant only when record_type and event_type gave them a value; trace_id is a
    // required column (footer.ts), its value checked row by row below.
    if (count === 0 || !recordType || !traceId || !eventType) return;
    const all = this.scratch.identity(count);
    const types = this.scratch.values(TYPES, count);
    const traces = this.scratch.values(TRACES, count);
    const events = this.scratch.values(EVENTS, count);
    const severities = this.scratch.values(SEVERITIES, count);
    recordType.gather(rows, all, count, types);
    traceId.gather(rows, all, count, traces);
    eventType.gather(rows, all, count, events);
    severity?.gather(rows, all, count, severities);
    const plans = new Array<RowPlan>(count);
    let plan: RowPlan | undefined;
    let rowPlan: RowPlan | undefined;
    for (let i = 0; i < count; i++) {
      // Dictionary values are the same string objects row after row: most rows reuse the last plan.
      if (!plan || plan.recordType !== types[i] || plan.eventType !== events[i]) {
        plan = this.planFor(types[i] as RecordType, events[i] as string);
        rowPlan = (this.slimPhases && plan.slim) || plan;
      }
      plans[i] = rowPlan!;
    }

    // Every column in one pass over the rows whose plan reads it; then the conditional ones, which
    // depend on the status read in the first pass. A column no row reads keeps the empty array.
    const values: (readonly unknown[])[] = this.columns.map(() => NONE);
    this.gatherPlanned(rows, count, plans, values);
    const statusCodes = values[this.statusCodeIndex]!;
    const queryOutcomes = values[this.queryOutcomeIndex]!;
    const isError = (i: number): boolean =>
      toNumber(statusCodes[i]) === 2 || (plans[i]!.isQuery && queryOutcomes[i] === "QUERY_OUTCOME_ERROR");
    this.gatherWhere(this.statusMessageIndex, rows, count, values, (i) => {
      const mode = plans[i]!.statusMessage;
      return mode === "always" || (mode === "on-error" && toNumber(statusCodes[i]) === 2);
    });

    const envelope = (column: EnvelopeColumn): readonly unknown[] =>
      values[ENVELOPE_COLUMNS.indexOf(column)]!;
    const spanIds = envelope("span_id");
    const parentIds = envelope("parent_span_id");
    const starts = envelope("start_time_unix_nano");
    const ends = envelope("end_time_unix_nano");
    const times = envelope("time_unix_nano");
    const bodies = envelope("body");
    const statusMessages = envelope("status_message");
    const uniqueIds = values[this.uniqueIdIndex]!;
    for (let i = 0; i < count; i++) {
      const plan = plans[i]!;
      const row = rows[i]!;
      const traceId = this.traceIds.get(traces[i]);
      if (traceId === null) {
        // A record in all but its trace: no invocation to put it in (the JSONL reader says the same).
        sink.skip(row, whyNotATraceId(traces[i]));
        continue;
      }
      if (plan.kind === "phaseOfProcessedNode") {
        const uniqueId = toStr(uniqueIds[i]);
        if (!uniqueId) continue;
        const spanId = toSpanId(spanIds[i]);
        const event: TelemetryEvent = {
          kind: "phaseTimes",
          traceId,
          spanId,
          uniqueId,
          startNs: null,
          endNs: null,
          timesFromProcessed: true,
        };
        sink.event(event, row);
        continue;
      }
      // Every attribute of the plan, null when unset (events read null as absent): copying the
      // plan's template gives one object shape per kind of row, which keeps building and reading
      // them fast. Two columns may share a JSONL name (phase and last_phase): the set one wins.
      const attributes: Record<string, unknown> = { ...plan.template };
      const planAttributes = plan.attributes;
      for (let k = 0; k < planAttributes.length; k++) {
        const { index, name } = planAttributes[k]!;
        const value = values[index]![i];
        if (value !== undefined && value !== null && value !== "") {
          attributes[name] = typeof value === "bigint" ? Number(value) : value;
        }
      }
      // The payload (JSON text, the largest value of a row) is read row by row, just before it is
      // parsed, rather than for the whole batch: so it is garbage at once, not kept with the batch
      // long enough for V8 to move it to the old generation.
      const mode = plan.payload;
      const payload = mode === "always" || (mode === "on-error" && isError(i)) ? this.payloadAt(row) : null;
      let lifted;
      try {
        lifted = liftAttributes(plan.event, attributes, payload);
      } catch (error) {
        if (!(error instanceof PayloadError)) throw error;
        sink.skip(row, error.message);
        continue;
      }
      const ended = plan.recordType === "SpanEnd";
      let event: TelemetryEvent | null;
      if (plan.kind === "node") {
        const processed = plan.event === "NodeProcessed";
        const spanId = toSpanId(spanIds[i]);
        event = nodeEvent(processed, traceId, spanId, ended, toNanos(starts[i]), toNanos(ends[i]), lifted);
      } else if (plan.kind === "query") {
        event = ended
          ? queryEvent(
              traceId,
              toSpanId(parentIds[i]),
              toNanos(starts[i]),
              toNanos(ends[i]),
              toNumber(statusCodes[i]),
              toStr(statusMessages[i]),
              lifted,
            )
          : null;
      } else {
        const body = bodies[i];
        const sev = severities[i];
        event = toEvent({
          recordType: plan.recordType,
          traceId,
          spanId: toSpanId(spanIds[i]),
          parentSpanId: toSpanId(parentIds[i]),
          spanName: null,
          eventType: events[i] as string,
          startNs: toNanos(starts[i]),
          endNs: toNanos(ends[i]),
          timeNs: toNanos(times[i]),
          severity: typeof sev === "string" ? sev.toUpperCase() : "",
          body: typeof body === "string" ? stripAnsi(body) : null,
          statusCode: toNumber(statusCodes[i]),
          statusMessage: toStr(statusMessages[i]),
          attributes: lifted,
        });
      }
      if (event) sink.event(event, row);
    }
    // The batch's values are dropped now, not when the next batch overwrites them (see above).
    this.scratch.clearValues(count);
  }

  private payloadAt(row: number): unknown {
    const cursor = this.columns[this.payloadIndex];
    try {
      return cursor ? cursor.get(row) : null;
    } catch (error) {
      throw RowDecodeError.wrap(error, row);
    }
  }

  /**
   * Each column the rows' plans read, for exactly those rows: the rows are sorted into per-column
   * lists in one pass over the rows and their plans' column lists.
   */
  private gatherPlanned(
    rows: Int32Array,
    count: number,
    plans: RowPlan[],
    values: (readonly unknown[])[],
  ): void {
    const columns = this.columns.length;
    const filled = this.scratch.ints(FILLED, columns).fill(0, 0, columns);
    const subRows: Int32Array[] = [];
    const slots: Int32Array[] = [];
    for (let c = 0; c < columns; c++) {
      subRows.push(this.scratch.ints(PER_COLUMN + 2 * c, count));
      slots.push(this.scratch.ints(PER_COLUMN + 2 * c + 1, count));
    }
    let plan: RowPlan | undefined;
    let reads: Int32Array = new Int32Array(0);
    for (let i = 0; i < count; i++) {
      if (plans[i] !== plan) reads = (plan = plans[i]!).columns;
      const row = rows[i]!;
      for (let k = 0; k < reads.length; k++) {
        const c = reads[k]!;
        const n = filled[c]!;
        subRows[c]![n] = row;
        slots[c]![n] = i;
        filled[c] = n + 1;
      }
    }
    for (let c = 0; c < columns; c++) {
      const n = filled[c]!;
      const cursor = this.columns[c];
      if (n > 0 && cursor) {
        cursor.gather(subRows[c]!, slots[c]!, n, (values[c] = this.scratch.values(c, count)));
      }
    }
  }

  private gatherWhere(
    column: number,
    rows: Int32Array,
    count: number,
    values: (readonly unknown[])[],
    wanted: (i: number) => boolean,
  ): void {
    const cursor = this.columns[column];
    if (!cursor) return;
    const subRows = this.scratch.ints(SUB_ROWS, count);
    const slots = this.scratch.ints(SUB_SLOTS, count);
    let n = 0;
    for (let i = 0; i < count; i++) {
      if (wanted(i)) {
        subRows[n] = rows[i]!;
        slots[n++] = i;
      }
    }
    if (n > 0) cursor.gather(subRows, slots, n, (values[column] = this.scratch.values(column, count)));
  }

  private planFor(recordType: RecordType, eventType: string): RowPlan {
    let byEvent = this.plans.get(recordType);
    if (!byEvent) this.plans.set(recordType, (byEvent = new Map()));
    let plan = byEvent.get(eventType);
    if (plan) return plan;
    const event = eventName(eventType);
    const kind = planKindOf(recordType, eventType, event);
    plan = this.buildPlan(recordType, eventType, event, kind);
    if (kind === "node" && recordType === "SpanEnd" && event === "NodeEvaluated") {
      plan.slim = this.buildPlan(recordType, eventType, event, "phaseOfProcessedNode");
    }
    byEvent.set(eventType, plan);
    return plan;
  }

  private buildPlan(recordType: RecordType, eventType: string, event: string, kind: PlanKind): RowPlan {
    const spec: PlanSpec = READ_PLAN[kind];
    const reads = new Uint8Array(this.columns.length);
    for (const column of spec.envelope) reads[ENVELOPE_COLUMNS.indexOf(column)] = 1;
    const attributes: RowPlan["attributes"] = [];
    ATTRIBUTE_COLUMNS.forEach((child, k) => {
      const index = ENVELOPE_COLUMNS.length + k;
      if (child === "json_payload" || !this.columns[index]) return;
      if (spec.attributes && !spec.attributes.includes(child)) return;
      reads[index] = 1;
      attributes.push({ index, name: jsonlName(event, child) });
    });
    // The conditional columns are read in a second pass.
    reads[this.payloadIndex] = 0;
    reads[this.statusMessageIndex] = 0;
    return {
      recordType,
      eventType,
      event,
      kind,
      isQuery: kind === "query",
      reads,
      columns: Int32Array.from(
        [...reads.keys()].filter((c) => reads[c] === 1 && this.columns[c] !== undefined),
      ),
      attributes,
      template: rowTemplate(kind, attributes),
      payload: spec.payload,
      statusMessage: spec.statusMessage,
    };
  }
}

/**
 * The payload's fields are in the template (undefined until set, which reads as absent) so that
 * lifting them writes fields the object already has: adding fields to a copy made by spreading
 * (`{ ...template }`) allocated ~800 bytes a node row, 35 of the 143 MB a 20,000-node build made
 * (docs/performance.md). Only for the kinds whose events read attributes by name, never by listing
 * them (`other` rows are few and kept as they come).
 */
function rowTemplate(kind: PlanKind, attributes: RowPlan["attributes"]): RowPlan["template"] {
  const payloadFields = kind === "node" || kind === "query" || kind === "log" ? PAYLOAD_FIELDS[kind] : [];
  return Object.fromEntries([
    ...payloadFields.map((name) => [name, undefined] as const),
    ...attributes.map(({ name }) => [name, null] as const),
  ]);
}

function attributeIndex(child: (typeof ATTRIBUTE_COLUMNS)[number]): number {
  return ENVELOPE_COLUMNS.length + ATTRIBUTE_COLUMNS.indexOf(child);
}

/** Read as `undefined` at every index: the values of a column no row of the batch reads. */
const NONE: readonly unknown[] = Object.freeze([]);
/** Scratch keys of the filter columns' values (column indices are 0 and up). */
const TYPES = -1;
const TRACES = -2;
const EVENTS = -3;
const SEVERITIES = -4;
const SUB_ROWS = 0;
const SUB_SLOTS = 1;
const FILLED = 2;
/** Per-column row lists: keys PER_COLUMN + 2c and PER_COLUMN + 2c + 1. */
const PER_COLUMN = 16;
