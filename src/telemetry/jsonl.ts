import { TelemetryInputError } from "./errors.js";
import { TracesWithProcessed, phaseEndIdAt, readPhaseEnd, type PhaseEnd } from "./jsonl-phase-ends.js";
import { bytesHoldText, END_HEAD, START_HEAD } from "./jsonl-span-head.js";
import { describeValue, nodeEvent, whyNotATraceId } from "./events.js";
import { readProcessedEnd } from "./jsonl-node-ends.js";
import { normalizeStatusCode } from "./enums.js";
import { readQueryEnd } from "./jsonl-query-ends.js";
import { StartLedger, UnpairedStarts } from "./jsonl-start-ledger.js";
import { GzipError, inputBytes } from "./jsonl-input.js";
import { LineSplitter, LineTooLongError } from "./jsonl-lines.js";
import {
  holdsAppendedRecord,
  isEngineQueryStart,
  isUnusableRecordLine,
  RECORD_HEAD,
  traceOfRecordLine,
} from "./jsonl-skip.js";
import {
  describeDamagedLine,
  describeForeignJson,
  describeInvalidLine,
  describeNotJson,
  isWorthSniffing,
} from "./jsonl-sniff.js";
import { MAX_JSONL_LINE_BYTES } from "./limits.js";
import {
  RECORD_TYPES,
  type RecordOrigin,
  type RecordSink,
  type RecordType,
  type TelemetryRecord,
} from "./record.js";
import { isRecord, stripAnsi, toNanos, toSpanId, toStr, toTraceId } from "./values.js";
import { latin1Text } from "../text/byte-text.js";

/** How much of the file's start is kept to tell what a file that is not JSON Lines is. */
const SNIFF_CHARS = 16 * 1024;

/**
 * Whether another line begins right after the line that ends at `end`, in the same bytes. A line is
 * taken from its bytes only then: the last content line is always parsed, and a line whose next
 * one lies in a later read may be that last one.
 */
function nextLineFollows(bytes: Buffer, end: number): boolean {
  return bytes[end + 1] === 0x7b; // {
}

/**
 * Decodes JSONL telemetry line by line from a byte stream and feeds each record to the sink.
 * Memory stays bounded by the longest line (at most MAX_JSONL_LINE_BYTES): records are never
 * collected. Gzip-compressed input is decompressed as it streams; a UTF-8 BOM is skipped.
 *
 * A last line that does not parse is a crashed run's half-written record: warned about, not fatal.
 * An invalid line anywhere else means the file is not what it claims to be: an error with file:line,
 * which says what the file is when it can tell (a dbt artifact, a JSON document, binary data).
 */
export async function decodeJsonl(
  chunks: AsyncIterable<Uint8Array | string>,
  file: string,
  sink: RecordSink,
  stats: { scanned: number; copied: number; decoded?: number } = { scanned: 0, copied: 0 },
): Promise<{ records: number }> {
  let records = 0;
  let sawContent = false;
  /** Whether the bytes were gzip-compressed (inputBytes says so once it has seen them). */
  const format = { gzip: false };
  /** A line that did not parse; `head` is kept for the first content line, to say what the file is. */
  let pendingBad: { line: number; reason: string; head?: string } | null = null;
  let skippedForeign = 0;
  /** The first of them: where it is and why it is not a record. */
  let firstForeign: { line: number; why: string } | null = null;
  /** The first content line did not parse: the next lines are kept to say what the file is. */
  let sniff: { lines: string[]; chars: number; reason: string } | null = null;

  /** What the first content line says the file is; not telemetry unless it is only invalid JSON. */
  const firstLineError = (head: readonly string[], reason: string, line: number): TelemetryInputError => {
    const what = describeNotJson(head, format.gzip);
    return new TelemetryInputError(file, what ?? describeInvalidLine(reason), { line }, what !== null);
  };
  const notJsonl = (): TelemetryInputError => firstLineError(sniff!.lines, sniff!.reason, pendingBad!.line);

  const invalidLine = (
    bad: { line: number; reason: string; head?: string },
    linesFollow: boolean,
  ): TelemetryInputError =>
    bad.head !== undefined
      ? firstLineError([bad.head], bad.reason, bad.line)
      : new TelemetryInputError(
          file,
          linesFollow ? describeDamagedLine(bad.reason) : describeInvalidLine(bad.reason),
          { line: bad.line },
        );

  /**
   * A line left unparsed (jsonl-skip.ts) is held until the next content line: the last line of a
   * crashed run may be cut anywhere, also just after a `}`, so the last content line is always
   * parsed, and its truncation reported as before. (A node span start dropped as the last line
   * cannot have its end after it: the ledger fails, and the file is read again with it parsed.)
   */
  let held: { line: string; lineNo: number } | null = null;
  /** Invocations read whole from another file, whose lines are left out (RecordSink.readWhole). */
  const readWhole = sink.readWhole?.traces.size ? sink.readWhole : null;
  /** Node span starts dropped unparsed, each to be closed by its end (jsonl-start-ledger.ts). */
  const starts = sink.recordLeftOut ? new StartLedger() : null;
  /**
   * The invocations whose phase ends are read from their text or bytes: each node so read must be
   * decided by a NodeProcessed end (holding its times, where a phase end's were not read), which
   * the sink counts when the file is read (undecidedPhaseNodes).
   */
  const withProcessed =
    starts && sink.phaseEnd && sink.undecidedPhaseNodes ? new TracesWithProcessed() : null;
  /** A phase end read from its text, held like `held`: the last content line is parsed instead. */
  let heldPhase: { line: string; lineNo: number; end: PhaseEnd } | null = null;
  const handPhaseOn = ({ line, lineNo, end }: { line: string; lineNo: number; end: PhaseEnd }): void => {
    records++;
    starts!.phaseEndRead(line);
    sink.phaseEnd!(end, { file, position: lineNo, unit: "line" });
  };

  /** A content line other than the first has come: what the lines before it left is settled. */
  const settleBefore = (): void => {
    if (pendingBad) throw invalidLine(pendingBad, true);
    // The held line was not the last: a record no event comes of, counted and dropped.
    if (held) {
      records++;
      held = null;
    }
    // The phase end read from text was not the last line: handed on now, before this line's record.
    if (heldPhase) {
      handPhaseOn(heldPhase);
      heldPhase = null;
    }
  };

  /** A node span start the ledger took (jsonl-start-ledger.ts): counted as read, never parsed. */
  const leaveOutStart = (): void => {
    records++;
    sink.recordLeftOut!();
  };

  /**
   * The engine's own node and query span starts and its phase, query and NodeProcessed span ends,
   * taken from the line's bytes: nearly all of a big build's bytes are such lines, and none of them
   * is made a string. Only past the first content line, and while no other file's invocations are
   * being left out (their lines are told apart as text).
   */
  const takeLineBytes = (bytes: Buffer, start: number, end: number): boolean => {
    if (!sawContent || sniff || readWhole) return false;
    return (
      takeNodeStart(bytes, start, end) ||
      takePhaseEnd(bytes, start, end) ||
      leaveOutQueryStart(bytes, start, end) ||
      takeQueryEnd(bytes, start, end) ||
      takeProcessedEnd(bytes, start, end)
    );
  };

  /**
   * The trace id in `bytes` at `at`, as text: the last one a line taken from its bytes named, kept
   * (a file has a trace or a few).
   */
  let lastTrace = "";
  const traceText = (bytes: Buffer, at: number): string => {
    if (lastTrace.length !== 32 || !bytesHoldText(bytes, at, lastTrace))
      lastTrace = latin1Text(bytes, at, at + 32);
    return lastTrace;
  };

  /** Where a line taken from its bytes was read: the splitter counts the line once it is taken. */
  const takenLine = (): RecordOrigin => ({ file, position: lines.lines + 1, unit: "line" });

  /**
   * The engine's own query span end, read from its bytes into the model's event
   * (jsonl-query-ends.ts).
   */
  const takeQueryEnd = (bytes: Buffer, start: number, end: number): boolean => {
    if (!sink.eventRead || !nextLineFollows(bytes, end)) return false;
    const event = readQueryEnd(bytes, start, end, traceText);
    if (event === null) return false;
    settleBefore();
    records++;
    sink.eventRead(event, takenLine());
    return true;
  };

  /**
   * The engine's own NodeProcessed span end, its envelope read from its bytes and only its
   * attributes parsed (jsonl-node-ends.ts), into the model's event. One that names no node is parsed
   * whole, for the warning a parsed one gets.
   */
  const takeProcessedEnd = (bytes: Buffer, start: number, end: number): boolean => {
    if (!sink.eventRead || !nextLineFollows(bytes, end)) return false;
    const read = readProcessedEnd(bytes, start, end);
    if (read === null) return false;
    const spanId = END_HEAD.spanIdText(bytes, start);
    const traceId = traceText(bytes, start + END_HEAD.traceAt);
    // Null when the attributes name no node.
    const event = nodeEvent(true, traceId, spanId, true, read.startNs, read.endNs, read.attributes);
    if (event === null) return false;
    settleBefore();
    // As a parsed end does (StartLedger.settle): it takes its start out of the ledger.
    starts?.endBytes(bytes, start, "processed");
    records++;
    sink.eventRead(event, takenLine());
    return true;
  };

  /**
   * The engine's own phase span end, read from its bytes for its ids and node (phaseEndIdAt), its
   * times left to its node's NodeProcessed end, which the sink checks has them
   * (undecidedPhaseNodes).
   */
  const takePhaseEnd = (bytes: Buffer, start: number, end: number): boolean => {
    if (!withProcessed || !nextLineFollows(bytes, end)) return false;
    const idAt = phaseEndIdAt(bytes, start, end);
    if (idAt === -1) return false;
    const traceId = withProcessed.processedTrace(bytes, start + END_HEAD.traceAt);
    if (traceId === null) return false;
    settleBefore();
    records++;
    starts!.endBytes(bytes, start, "evaluated");
    const phaseEnd: PhaseEnd = {
      traceId,
      spanId: END_HEAD.spanIdText(bytes, start),
      uniqueId: latin1Text(bytes, idAt, end - 3),
      startNs: null,
      endNs: null,
      timesFromProcessed: true,
    };
    sink.phaseEnd!(phaseEnd, takenLine());
    return true;
  };

  const takeNodeStart = (bytes: Buffer, start: number, end: number): boolean => {
    const dropped = starts?.dropBytes(bytes, start, end) ?? null;
    if (dropped === null) return false;
    settleBefore();
    if (dropped === "processed" && withProcessed) {
      withProcessed.processedStart(traceText(bytes, start + START_HEAD.traceAt), 0);
    }
    leaveOutStart();
    return true;
  };

  /**
   * A query span start, a record no report uses, counted and dropped as a line jsonl-skip.ts leaves
   * unparsed. Such a line is held as text until the next content line, as the last one is always
   * parsed.
   *
   * A start cut where its run was killed, with the next run's first record appended on its line,
   * looks the same from its head and last byte: read in full (no `starts`), the line is searched for
   * that record, and parsed (for the warning and the record) when it holds one. A file read with the
   * shortcuts is read again in full when that can be: the killed run never ended (an open node span,
   * jsonl-start-ledger.ts; else pipeline/read-telemetry.ts), so well-formed lines cost nothing more.
   */
  const leaveOutQueryStart = (bytes: Buffer, start: number, end: number): boolean => {
    if (!sink.relevantOnly || !nextLineFollows(bytes, end) || !isEngineQueryStart(bytes, start, end)) {
      return false;
    }
    if (!starts && holdsAppendedRecord(bytes, start, end)) return false;
    settleBefore();
    records++;
    return true;
  };

  const handle = (raw: string, lineNo: number): void => {
    let line = raw.endsWith("\r") ? raw.slice(0, -1) : raw;
    if (lineNo === 1 && line.charCodeAt(0) === 0xfeff) line = line.slice(1); // UTF-8 byte order mark
    if (sniff) {
      sniff.lines.push(line.slice(0, SNIFF_CHARS));
      sniff.chars += Math.min(line.length, SNIFF_CHARS);
      if (sniff.chars >= SNIFF_CHARS) throw notJsonl();
      return;
    }
    if (line.trim() === "") return;
    const first = !sawContent;
    sawContent = true;
    settleBefore();
    // A line of an invocation read whole from another file: counted, never parsed, and held as an
    // unusable line is (below), so that the last content line is still parsed.
    const whole = readWhole && !first ? traceOfRecordLine(line, readWhole.traces) : null;
    if (whole !== null) {
      readWhole!.seen(whole);
      held = { line, lineNo };
      return;
    }
    if (!first && sink.relevantOnly && isUnusableRecordLine(line)) {
      held = { line, lineNo };
      return;
    }
    if (!first && withProcessed?.hasProcessed(line, END_HEAD.traceAt)) {
      const end = readPhaseEnd(line);
      if (end) {
        heldPhase = { line, lineNo, end };
        return;
      }
    }
    const dropped = first ? null : (starts?.drop(line) ?? null);
    if (dropped !== null) {
      if (dropped === "processed") withProcessed?.processedStart(line, START_HEAD.traceAt);
      leaveOutStart();
      return;
    }
    parseLine(line, lineNo, first);
  };

  const parseLine = (line: string, lineNo: number, first: boolean): void => {
    let parsed: unknown;
    try {
      parsed = JSON.parse(line);
    } catch (error) {
      const appendedAt = appendedRecordAt(line);
      if (appendedAt !== -1) {
        sink.warn(
          `${file}:${lineNo}: a record cut off where its run stopped (killed or crashed while writing it), ` +
            "with the next run's first record appended to it on the same line; the cut record was ignored",
        );
        parseLine(line.slice(appendedAt), lineNo, first);
        return;
      }
      pendingBad = { line: lineNo, reason: (error as Error).message };
      if (first && isWorthSniffing(line)) {
        sniff = { lines: [line.slice(0, SNIFF_CHARS)], chars: 0, reason: pendingBad.reason };
      } else if (first) {
        pendingBad.head = line.slice(0, SNIFF_CHARS);
      }
      return;
    }
    const record = toRecord(parsed);
    const untraced = record ? null : unusableTraceOf(parsed);
    if (untraced) {
      // A record in all but its trace: no invocation to put it in, said where it is.
      sink.warn(`${file}:${lineNo}: ${untraced}; the record was ignored`);
      records++;
      return;
    }
    if (!record) {
      // Valid JSON that is not a telemetry record. Tolerated after the file proved to be telemetry
      // (another tool may append); at the very start it means this is not a telemetry file.
      if (records === 0 && skippedForeign === 0 && first) {
        throw new TelemetryInputError(
          file,
          describeForeignJson(parsed, line) ??
            "not dbt Fusion telemetry: expected a JSON object with record_type, trace_id and event_type",
          { line: lineNo },
          true,
        );
      }
      skippedForeign++;
      firstForeign ??= { line: lineNo, why: whyNotARecord(parsed) };
      return;
    }
    // The first and last lines are parsed whatever they hold; their records too are left out.
    if (readWhole?.traces.has(record.traceId)) {
      readWhole.seen(record.traceId);
      records++;
      return;
    }
    const kind = starts?.settle(record) ?? null;
    if (withProcessed && kind === "processed" && record.recordType === "SpanStart") {
      withProcessed.processedStart(record.traceId, 0);
    }
    records++;
    sink.add(record, { file, position: lineNo, unit: "line" });
  };

  const lines = new LineSplitter(MAX_JSONL_LINE_BYTES, handle, takeLineBytes);
  /** Why gzip data ended early, when it did. */
  let gzipCut: string | null = null;
  try {
    for await (const chunk of inputBytes(chunks, format)) lines.push(chunk);
    lines.end();
  } catch (error) {
    if (error instanceof LineTooLongError) {
      throw new TelemetryInputError(
        file,
        `${error.message}: a telemetry record is one line, so this is not telemetry or the file is damaged`,
        { line: error.line },
      );
    }
    if (!(error instanceof GzipError)) throw error;
    if (!error.truncated) throw new TelemetryInputError(file, error.message);
    gzipCut = error.message;
    sink.warn(`${file}: ${error.message}; the lines before that point were read`);
    // Where the data ends is the last line, cut as a crashed run's is: settled as one.
    lines.end();
  } finally {
    stats.scanned = lines.scanned;
    stats.copied = lines.copied;
    stats.decoded = lines.decoded;
  }

  // Cut inside its first record: the cut, not the half line it left, is what to say.
  if (gzipCut !== null && records === 0) {
    throw new TelemetryInputError(
      file,
      `${gzipCut} before the end of its first line: no telemetry record could be read`,
    );
  }
  // The first line did not parse and fewer than SNIFF_CHARS followed it.
  if (sniff) throw notJsonl();
  // Narrowed to null by TypeScript, which does not see the closure assign it.
  const last = (held ?? heldPhase) as { line: string; lineNo: number } | null;
  if (last) parseLine(last.line, last.lineNo, false);
  starts?.finish();
  const undecided = withProcessed ? sink.undecidedPhaseNodes!() : 0;
  if (undecided > 0)
    throw new UnpairedStarts(
      `${undecided} node(s) read from phase ends have no NodeProcessed end, or one without their times`,
    );
  if (pendingBad) {
    const bad = pendingBad as { line: number; reason: string; head?: string };
    // The file's only content line: not the half-written end of a run that wrote records before it.
    if (records === 0) throw invalidLine(bad, false);
    sink.warn(
      `${file}:${bad.line}: last line is truncated or not valid JSON (a crashed or interrupted run); it was ignored`,
    );
  }
  if (!sawContent) throw new TelemetryInputError(file, "file is empty: no telemetry records");
  if (records === 0) throw new TelemetryInputError(file, "no telemetry records found");
  // Set in parseLine, which TypeScript does not follow.
  const foreign = firstForeign as { line: number; why: string } | null;
  if (foreign) {
    sink.warn(
      `${file}:${foreign.line}: ${skippedForeign} line(s) were JSON but not telemetry records and were ` +
        `ignored; the first, on this line, ${foreign.why}`,
    );
  }
  return { records };
}

/** The trace id a record's text names first (in a cut record: if the cut left it). */
const TRACE_ID_TEXT = /"trace_id":"([^"]*)"/;

/**
 * Where the record of a run appended to the file begins, in a line that is not JSON, else -1. The
 * engine opens its JSONL for append, and a run killed while writing leaves its last record cut,
 * with no line break: the next run's first record then starts on the same line. Only a whole
 * record of another invocation than the cut one's counts; anything else is damage, as before.
 */
function appendedRecordAt(line: string): number {
  const at = line.lastIndexOf(RECORD_HEAD);
  if (at <= 0) return -1;
  let appended: TelemetryRecord | null;
  try {
    appended = toRecord(JSON.parse(line.slice(at)));
  } catch {
    return -1;
  }
  const cutTrace = TRACE_ID_TEXT.exec(line.slice(0, at))?.[1];
  if (appended === null || (cutTrace !== undefined && toTraceId(cutTrace) === appended.traceId)) return -1;
  return at;
}

/** An object with a record type and an event type: a telemetry record, if its trace id is one. */
function isRecordShaped(
  value: unknown,
): value is Record<string, unknown> & { record_type: RecordType; event_type: string } {
  return (
    isRecord(value) &&
    typeof value.record_type === "string" &&
    RECORD_TYPES.has(value.record_type) &&
    typeof value.event_type === "string"
  );
}

/** Why a line's JSON (that toRecord turned down, with no trace id to blame) is not a record. */
function whyNotARecord(value: unknown): string {
  if (!isRecord(value)) return "is not a JSON object";
  const type = value.record_type;
  if (typeof type !== "string")
    return type === undefined ? "has no record_type" : "has a record_type that is not text";
  if (!RECORD_TYPES.has(type)) {
    return `has record_type ${describeValue(type)}, which is none of ${[...RECORD_TYPES].join(", ")}`;
  }
  return value.event_type === undefined ? "has no event_type" : "has an event_type that is not text";
}

/** One parsed JSONL object → normalised record; null when it is not a telemetry record. */
export function toRecord(value: unknown): TelemetryRecord | null {
  if (!isRecordShaped(value)) return null;
  const traceId = toTraceId(value.trace_id);
  if (traceId === null) return null;
  const status = isRecord(value.status) ? value.status : null;
  const body = typeof value.body === "string" ? stripAnsi(value.body) : null;
  return {
    recordType: value.record_type,
    traceId,
    spanId: toSpanId(value.span_id),
    parentSpanId: toSpanId(value.parent_span_id),
    spanName: toStr(value.span_name),
    eventType: value.event_type,
    startNs: toNanos(value.start_time_unix_nano),
    endNs: toNanos(value.end_time_unix_nano),
    timeNs: toNanos(value.time_unix_nano),
    severity: typeof value.severity_text === "string" ? value.severity_text.toUpperCase() : "",
    body,
    statusCode: status ? normalizeStatusCode(status.code) : null,
    statusMessage: status ? toStr(status.message) : null,
    attributes: isRecord(value.attributes) ? value.attributes : {},
  };
}

/**
 * Why an object that is a telemetry record by its record_type and event_type is not one by its
 * trace_id (missing, null, not 32 hex digits), else null: it would make an invocation of its own.
 */
function unusableTraceOf(value: unknown): string | null {
  if (!isRecordShaped(value) || toTraceId(value.trace_id) !== null) return null;
  return whyNotATraceId(value.trace_id);
}
