// Node span starts, dropped unparsed. In the JSONL every node span is written twice, as a start and
// as an end that repeats the start's attributes; a third of a big build's bytes are starts, and the
// model uses a start only while its span has not ended (a crashed run's nodes: accumulate.ts,
// finish-invocation.ts). So the reader drops a start it can identify from its text, and keeps a
// ledger: every node span start, dropped or parsed, is entered by trace, span and kind, and
// every node span end the model would close it with takes it out again. An end must come after its
// start, and at the end of the file the ledger must be empty. When that is not so (a crashed run's
// starts, whose spans never ended), the reader throws UnpairedStarts and the file is read again with
// every line parsed (pipeline/read-telemetry.ts). So the report is the one a full parse gives: a
// finished run is read once, faster, a crashed one twice.
//
// The ledger is a count and two sums of 32-bit hashes, which an end subtracts from (empty exactly
// when starts and ends pair up, but for a 2^-64 chance), and two tallies of open starts by hash
// bucket, which an end must find non-empty (an end before its start passes unseen only when other
// open starts share both its buckets). Not told apart, all beyond what the engine writes: a span id
// that starts twice in one invocation before it ends; a span whose start and end name different
// nodes (hashing the node ids cost 3 % of the run); an end before its start whose buckets a
// crafted file has filled (the hashes are not secret); a start line that repeats a key, which is
// read by its first occurrence where JSON.parse keeps the last; and an engine-named start whose
// event type is not its name's, or that spells a key with `\u`. A file crafted so can say any
// outcome in plain records too; a dropped start never adds text to the report.
//
// A start is identified from its text in one of two ways. The engine's own line begins with
// record_type, trace_id and span_id and goes on with the span name the engine gives a node span
// (`Node evaluated (…)`, `Node processed (…)`), and ends with `}`: it is dropped as of the name's
// kind without a look at the rest (a search through each of a big build's 83,000 start lines cost
// ~3 % of the read). Any other start is identified only when its text makes that certain: its ids
// are lowercase hex, no backslash follows them (`\u` can spell a key), it names its event type
// before any object opens (so the key is the record's own), has a non-empty `"unique_id":"…"`
// after it, and ends with `}`. Either way the ledger, which enters the start by the characters of
// its head's ids and its kind, must be emptied by ends the model reads; a start whose ids are not as
// its end's, or whose end never comes, sends the file to be read again. Like the lines
// jsonl-skip.ts leaves unparsed, a dropped start is not checked to be valid JSON. The engine's own
// start line is told so from its bytes, before it is made a string (dropBytes: the reader never
// decodes it), when its ids are also lowercase hex: then its bytes are the characters its end's
// text or record holds, and hash alike; any other start line goes the way of the text.
import { ReadAgainInFull } from "./errors.js";
import { isObjectShaped } from "./jsonl-skip.js";
import {
  bytesHoldText,
  END_HEAD,
  EVALUATED_NAME,
  EVALUATED_NAME_BYTES,
  EVENT_TYPE_KEY,
  PROCESSED_NAME,
  PROCESSED_NAME_BYTES,
  START_HEAD,
  UNIQUE_ID_KEY,
} from "./jsonl-span-head.js";
import type { TelemetryRecord } from "./record.js";
import { latin1Text } from "../text/byte-text.js";
import { toStr } from "./values.js";

/** The starts a file's reader dropped could not all be paired with ends: read it again, parsing every start. */
export class UnpairedStarts extends ReadAgainInFull {
  override name = "UnpairedStarts";
}

export type SpanKind = "processed" | "evaluated";

/**
 * Buckets of the tallies that tell an end from one that comes before its start: 2 × 256 KiB of
 * 8-bit counts (2 × 1 MiB of 16-bit ones took the same time and 7 % more peak memory).
 */
const TALLY_BITS = 18;
const TALLY_MASK = (1 << TALLY_BITS) - 1;

export class StartLedger {
  private open = 0;
  private sumA = 0;
  private sumB = 0;
  /**
   * Starts not yet ended, counted in buckets by each hash: an end whose buckets are empty comes
   * before its start (the model would leave that span open), or has none. Two hashes, so that
   * another span's start in the same bucket hides that only once in thousands of spans.
   */
  private readonly tallyA = new Uint8Array(1 << TALLY_BITS);
  private readonly tallyB = new Uint8Array(1 << TALLY_BITS);
  /** The last trace id entered, and the hashes of it. */
  private trace = "\u0000";
  private traceA = 0;
  private traceB = 0;

  /** The kind of node span `line` starts when it is dropped (counted as read, never parsed); else null. */
  drop(line: string): SpanKind | null {
    const kind = nodeStartKind(line);
    if (kind !== null) this.enter(line, START_HEAD.traceAt, line, START_HEAD.spanIdAt, kind, 1);
    return kind;
  }

  /**
   * As `drop`, for the line in `bytes[start, end)` before it is made a string: only the engine's
   * own start line (namedStartBytes), whose ids are lowercase hex, so that they hash as the
   * characters of its end's do. Null means "make it a string and go on as with any line".
   */
  dropBytes(bytes: Buffer, start: number, end: number): SpanKind | null {
    const kind = namedStartBytes(bytes, start, end);
    if (kind !== null)
      this.enterBytes(bytes, start + START_HEAD.traceAt, start + START_HEAD.spanIdAt, kind, 1);
    return kind;
  }

  /**
   * A node span end of `kind` read from its bytes (jsonl-phase-ends.ts, jsonl-node-ends.ts), its
   * ids lowercase hex: taken out as a parsed one is.
   */
  endBytes(bytes: Buffer, start: number, kind: SpanKind): void {
    this.enterBytes(bytes, start + END_HEAD.traceAt, start + END_HEAD.spanIdAt, kind, -1);
  }

  /** `enter`, for ids of lowercase hex in `bytes` at `traceAt` and `spanAt`. */
  private enterBytes(bytes: Buffer, traceAt: number, spanAt: number, kind: SpanKind, sign: 1 | -1): void {
    if (!this.sameTraceBytes(bytes, traceAt)) this.rememberTrace(latin1Text(bytes, traceAt, traceAt + 32), 0);
    this.hashKind(kind);
    hashBytes(bytes, spanAt, spanAt + 16);
    this.count(sign);
  }

  /** The trace id at `bytes[at]` is the last one entered (a file has a trace or a few). */
  private sameTraceBytes(bytes: Uint8Array, at: number): boolean {
    return this.trace.length === 32 && bytesHoldText(bytes, at, this.trace);
  }

  /**
   * A parsed record: a node span start enters the ledger, a node span end takes one out. Gives the
   * kind of node span the record is of (null for any other record), for the reader's other uses.
   */
  settle(record: TelemetryRecord): SpanKind | null {
    if (record.recordType === "LogRecord") return null;
    const kind = nodeSpanKind(record.eventType);
    // The model opens and closes node spans only with records that name their node.
    if (kind === null || record.spanId === null || toStr(record.attributes.unique_id) === null) return kind;
    const { traceId, spanId } = record;
    // Ids the engine never writes, which no dropped start has: such spans are parsed start and end.
    if (traceId.length !== 32 || spanId.length !== 16) return kind;
    const sign = record.recordType === "SpanStart" ? 1 : -1;
    this.enter(traceId, 0, spanId, 0, kind, sign);
    return kind;
  }

  /** A phase span end read from its text (jsonl-phase-ends.ts): taken out as a parsed one is. */
  phaseEndRead(line: string): void {
    this.enter(line, END_HEAD.traceAt, line, END_HEAD.spanIdAt, "evaluated", -1);
  }

  /** The file ended: every node span start must have had its end. */
  finish(): void {
    if (this.open !== 0 || this.sumA !== 0 || this.sumB !== 0) {
      throw new UnpairedStarts("node spans started that never ended (or ended without a start)");
    }
  }

  /** Enters (+1) or takes out (-1) a span by its ids (32 and 16 characters) and kind. */
  private enter(
    trace: string,
    traceAt: number,
    span: string,
    spanAt: number,
    kind: SpanKind,
    sign: 1 | -1,
  ): void {
    if (!trace.startsWith(this.trace, traceAt)) this.rememberTrace(trace, traceAt);
    this.hashKind(kind);
    hashRange(span, spanAt, spanAt + 16);
    this.count(sign);
  }

  /**
   * Makes the hashes of the trace id at `trace[at]` (32 characters) and keeps them, with the id, as
   * the last trace entered: a file has a trace or a few, so they are not made again per span.
   */
  private rememberTrace(trace: string, at: number): void {
    hashA = 0x811c9dc5;
    hashB = 0x9e3779b9;
    hashRange(trace, at, at + 32);
    this.trace = trace.slice(at, at + 32);
    this.traceA = hashA;
    this.traceB = hashB;
  }

  /** Starts a span's hashes (hashA, hashB): the last trace entered, then the span's kind. */
  private hashKind(kind: SpanKind): void {
    hashA = this.traceA;
    hashB = this.traceB;
    hashRange(kind, 0, kind.length);
  }

  /** Counts the span whose hashes were just made (hashA, hashB) in (+1) or out (-1). */
  private count(sign: 1 | -1): void {
    const a = hashA;
    const b = hashB;
    const bucketA = a & TALLY_MASK;
    const bucketB = b & TALLY_MASK;
    if (sign === 1) {
      this.tallyA[bucketA]!++;
      this.tallyB[bucketB]!++;
    } else {
      if (this.tallyA[bucketA] === 0 || this.tallyB[bucketB] === 0) {
        throw new UnpairedStarts("a node span ends before it starts, or ends without a start");
      }
      this.tallyA[bucketA]!--;
      this.tallyB[bucketB]!--;
    }
    this.open += sign;
    this.sumA = (this.sumA + sign * a) | 0;
    this.sumB = (this.sumB + sign * b) | 0;
  }
}

// The two hashes being made (module state: enter runs for every node span record, and needs no
// object or closure for them).
let hashA = 0;
let hashB = 0;

/** FNV-1a and a Murmur-style mix over text[from, to), into hashA and hashB. */
function hashRange(text: string, from: number, to: number): void {
  let a = hashA;
  let b = hashB;
  for (let i = from; i < to; i++) {
    const code = text.charCodeAt(i);
    a = Math.imul(a ^ code, 0x01000193);
    b = Math.imul(b ^ code, 0x5bd1e995) ^ (b >>> 15);
  }
  hashA = a;
  hashB = b;
}

/** hashRange over bytes: the same hashes as over the characters of an ASCII text. */
function hashBytes(bytes: Uint8Array, from: number, to: number): void {
  let a = hashA;
  let b = hashB;
  for (let i = from; i < to; i++) {
    const code = bytes[i]!;
    a = Math.imul(a ^ code, 0x01000193);
    b = Math.imul(b ^ code, 0x5bd1e995) ^ (b >>> 15);
  }
  hashA = a;
  hashB = b;
}

/** `NodeProcessed` or a phase span (`NodeEvaluated`, the docs' `Node`) by event type; else null. */
function nodeSpanKind(eventType: string): SpanKind | null {
  return kindOfValue(eventType, 0, eventType.length);
}

/**
 * The kind of node span the event type in `text` from `start` to `end` is: what eventName and a
 * comparison would say, without slicing a string for every record.
 */
export function kindOfValue(text: string, start: number, end: number): SpanKind | null {
  if (isEvent(text, start, end, "NodeProcessed")) return "processed";
  return isEvent(text, start, end, "NodeEvaluated") || isEvent(text, start, end, "Node") ? "evaluated" : null;
}

/** The value ends with `.name`, or is `name`. */
function isEvent(text: string, start: number, end: number, name: string): boolean {
  const at = end - name.length;
  return at >= start && text.startsWith(name, at) && (at === start || text.charCodeAt(at - 1) === 0x2e);
}

/** The kind of node span `line` starts, when its text identifies one (see the top of this file); else null. */
export function nodeStartKind(line: string): SpanKind | null {
  return namedStartKind(line) ?? shapedStartKind(line);
}

/**
 * The engine's own start line, told by its head and span name and taken to be of the name's kind,
 * without a look at the rest of the line (see the top of this file for what that leaves to the
 * ledger). Its ids need not be hex: ids the ends do not have leave the ledger unbalanced.
 */
function namedStartKind(line: string): SpanKind | null {
  const at = START_HEAD.end;
  const kind = line.startsWith(EVALUATED_NAME, at)
    ? "evaluated"
    : line.startsWith(PROCESSED_NAME, at)
      ? "processed"
      : null;
  return kind !== null && START_HEAD.holdsIds(line) && line.charCodeAt(line.length - 1) === 0x7d
    ? kind
    : null;
}

/** namedStartKind over the line's bytes `bytes[start, end)`, its ids also lowercase hex (SpanHead.namesBytes). */
function namedStartBytes(bytes: Uint8Array, start: number, end: number): SpanKind | null {
  if (START_HEAD.namesBytes(bytes, start, end, EVALUATED_NAME_BYTES)) return "evaluated";
  return START_HEAD.namesBytes(bytes, start, end, PROCESSED_NAME_BYTES) ? "processed" : null;
}

/** A start line in another layout: its event type found, and every doubt about it ruled out. */
function shapedStartKind(line: string): SpanKind | null {
  if (!START_HEAD.begins(line)) return null;
  const eventAt = line.indexOf(EVENT_TYPE_KEY, START_HEAD.end);
  if (eventAt === -1) return null;
  // No object opens before it, so it is the record's own event type, not a nested key.
  const brace = line.indexOf("{", START_HEAD.end);
  if (brace !== -1 && brace < eventAt) return null;
  const eventStart = eventAt + EVENT_TYPE_KEY.length;
  const kind = kindOfValue(line, eventStart, line.indexOf('"', eventStart));
  if (kind === null || !isObjectShaped(line)) return null;
  // A node event names its node, as the ends the ledger pairs it with do (a start without one is
  // none, and is parsed).
  const uniqueAt = line.lastIndexOf(UNIQUE_ID_KEY);
  if (uniqueAt < eventAt || line.charCodeAt(uniqueAt + UNIQUE_ID_KEY.length) === 0x22) return null;
  return kind;
}
