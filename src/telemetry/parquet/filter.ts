// The early filter of the Parquet reader: which rows are records, and which of those can become an
// event. It runs on every row of the file, so it works on dictionary indices (what the engine's
// low-cardinality envelope columns hold) and decides each distinct combination only once.
import { isRelevant } from "../events.js";
import { isNodeSpan } from "../read-plan.js";
import { RECORD_TYPES } from "../record.js";
import type { LeafCursor } from "./leaf-cursor.js";
import { Scratch } from "./scratch.js";

export interface FilterCursors {
  recordType: LeafCursor | undefined;
  traceId: LeafCursor | undefined;
  eventType: LeafCursor | undefined;
  severity: LeafCursor | undefined;
}

const UNDECIDED = -1;
const NOT_A_RECORD = 0;
const IRRELEVANT = 1;
const RELEVANT = 2;
const MAX_TABLE_CELLS = 1 << 20;

/** One per row group: dictionary indices belong to a column chunk. */
export class RowFilter {
  /** Rows classified so far that are telemetry records (relevant or not). */
  records = 0;
  /** Decisions by (event, severity, record type) dictionary indices; see classifyByIds. */
  private table: Int8Array | undefined;
  /** Index buffers reused from slice to slice (idsInto overwrites them). */
  private readonly scratch = new Scratch();

  constructor(
    private readonly cursors: FilterCursors,
    private readonly relevance: RelevanceCache,
  ) {}

  /** 1 for each row of [from, to) that may become an event; counts the records among them. */
  classify(from: number, to: number): Uint8Array {
    const flags = new Uint8Array(to - from);
    if (!this.classifyByIds(from, to, flags)) {
      for (let row = from; row < to; row++) flags[row - from] = this.classifyRow(row);
    }
    return flags;
  }

  // A row is a record by its record_type and event_type, whatever its trace_id: one that is not a
  // trace id (null too) is left out with a warning when the row is read (RowReader), as in JSONL.
  private classifyRow(row: number): number {
    const { recordType, eventType, severity } = this.cursors;
    const type = recordType?.get(row);
    const event = eventType?.get(row);
    if (typeof type !== "string" || typeof event !== "string") return 0;
    if (!RECORD_TYPES.has(type)) return 0;
    this.records++;
    const sev = severity?.get(row);
    return this.relevance.get(type, event, typeof sev === "string" ? sev : "") ? 1 : 0;
  }

  /** The same decision from dictionary indices; false when a page is not dictionary-encoded. */
  private classifyByIds(from: number, to: number, flags: Uint8Array): boolean {
    const { recordType, eventType, severity } = this.cursors;
    if (!recordType || !eventType) return false;
    const n = to - from;
    const types = this.scratch.ints(0, n).subarray(0, n);
    const events = this.scratch.ints(2, n).subarray(0, n);
    const severities = this.scratch.ints(3, n).subarray(0, n).fill(-1);
    if (
      !recordType.idsInto(from, to, types) ||
      !eventType.idsInto(from, to, events) ||
      (severity && !severity.idsInto(from, to, severities))
    ) {
      return false;
    }
    // The three dictionaries hold a handful to a few hundred entries: one table cell per combination.
    const typeCount = recordType.dictionarySize;
    const eventCount = eventType.dictionarySize;
    const severityCount = (severity?.dictionarySize ?? 0) + 1;
    const cells = typeCount * eventCount * severityCount;
    if (cells === 0 || cells > MAX_TABLE_CELLS) return false;
    if (!this.table || this.table.length !== cells) this.table = new Int8Array(cells).fill(UNDECIDED);
    const table = this.table;
    let records = 0;
    for (let i = 0; i < n; i++) {
      const type = types[i]!;
      const event = events[i]!;
      if (type < 0 || event < 0) continue;
      const sev = severities[i]!;
      let code: number;
      if (type < typeCount && event < eventCount && sev < severityCount - 1) {
        const cell = (event * severityCount + sev + 1) * typeCount + type;
        code = table[cell]!;
        if (code === UNDECIDED) table[cell] = code = this.decide(type, event, sev);
      } else {
        code = this.decide(type, event, sev); // an index past the dictionary: decide() reports it
      }
      if (code !== NOT_A_RECORD) records++;
      if (code === RELEVANT) flags[i] = 1;
    }
    this.records += records;
    return true;
  }

  private decide(typeId: number, eventId: number, severityId: number): number {
    const type = this.cursors.recordType!.dictionaryValue(typeId);
    const event = this.cursors.eventType!.dictionaryValue(eventId);
    const sev = severityId < 0 ? "" : this.cursors.severity!.dictionaryValue(severityId);
    if (typeof type !== "string" || typeof event !== "string" || !RECORD_TYPES.has(type)) return NOT_A_RECORD;
    return this.relevance.get(type, event, typeof sev === "string" ? sev : "") ? RELEVANT : IRRELEVANT;
  }
}

/**
 * `isRelevant`, memoised: the three inputs are dictionary strings with a handful of values.
 *
 * Node span starts are dropped here. The engine writes the Parquet footer only when it shuts down,
 * so a readable file is a finished run whose every node span also has its end — which carries the
 * final attributes. Span starts only matter for telling unfinished nodes of a crashed run, and a
 * crashed run's Parquet cannot be read at all (JSONL keeps them). They are a third of the rows.
 */
export class RelevanceCache {
  private readonly cache = new Map<string, Map<string, Map<string, boolean>>>();

  get(recordType: string, eventType: string, severity: string): boolean {
    let byEvent = this.cache.get(recordType);
    if (!byEvent) this.cache.set(recordType, (byEvent = new Map()));
    let bySeverity = byEvent.get(eventType);
    if (!bySeverity) byEvent.set(eventType, (bySeverity = new Map()));
    let relevant = bySeverity.get(severity);
    if (relevant === undefined) {
      relevant =
        isRelevant(eventType, recordType, severity) && !(recordType === "SpanStart" && isNodeSpan(eventType));
      bySeverity.set(severity, relevant);
    }
    return relevant;
  }
}
