// Phase span ends (NodeEvaluated), read for their times only. A node with a NodeProcessed span end
// is decided by that end alone; its phase spans add only their span id (to join the queries and
// logs run in them), node and times (model/finish-invocation.ts; the Parquet reader reads them so,
// telemetry/parquet.ts). Two thirds of a big build's node span ends are phase ends, so
// the JSONL reader takes those facts from such a line, as the model's `phaseTimes` event, instead
// of parsing it. At the end of the file every node so read must have had a NodeProcessed end in the
// same invocation, which the model counts (EventSink.undecidedPhaseNodes, as for Parquet); when one
// has not (a crashed run, a file before preview.72's NodeProcessed spans), the reader throws
// UnpairedStarts, and the file is read again with every line parsed (pipeline/read-telemetry.ts).
// The phase end also takes its start out of the start ledger (jsonl-start-ledger.ts), as a parsed
// one would.
//
// The engine's own phase end is read from its bytes, before it is made a string (phaseEndIdAt):
// its ids from its head, its node from the attributes' last key, which must be the node its span
// name holds, and not its times. Those are left to its node's NodeProcessed end, whose times and
// duration_ms the model uses in their place (the engine writes them on every one); a node whose
// NodeProcessed end lacks one of them counts as undecided too, and the file is read again. Not
// told apart, beyond what the engine writes (as for the starts the ledger drops): an engine-named
// phase end whose event type or attributes are not the name's, or whose object closing the line is
// not its attributes. Such a line is taken only when the next line begins right after it, in the
// same bytes (the last content line is parsed); any other phase end goes the way of the text.
//
// A line is read from its text only when the engine's layout makes it certain: it begins with
// record_type SpanEnd, trace_id and span_id (lowercase hex); has no backslash after them; its event
// type is NodeEvaluated (or the docs' Node), right after the span status (`null` or a flat object),
// with every object before the status (the links) closed again; start_time_unix_nano and
// end_time_unix_nano (digits) come before the status with no brace between; the attributes follow
// the event type and end the line with their last key, a non-empty unique_id without a control
// character, every object in them before it closed again; and the span name right after the head,
// if there is one, is not the engine's for a NodeProcessed or query span. Anything else is parsed.
// Not told apart, beyond what the engine writes: a repeated key (the occurrence nearest the status
// or the end is read), braces inside strings that hide an open object; and, as for the lines
// jsonl-skip.ts leaves unparsed, damage inside a line read so that keeps these shapes (it is not
// checked to be valid JSON). A phase end read so as the file's last content line is parsed instead
// (jsonl.ts holds it until the next line), so a cut last line is still reported.
import { UnpairedStarts, kindOfValue } from "./jsonl-start-ledger.js";
import {
  bytesAt,
  bytesHoldText,
  END_HEAD,
  EVALUATED_NAME,
  EVALUATED_NAME_BYTES,
  EVENT_TYPE_KEY,
  PROCESSED_NAME,
  QUERY_NAME,
  UNIQUE_ID_KEY,
} from "./jsonl-span-head.js";
import { asciiBytes, latin1Text } from "../text/byte-text.js";

const HEAD_END = END_HEAD.end;
const STATUS_KEY = '"status":';
const START_KEY = '"start_time_unix_nano":"';
const END_KEY = '"end_time_unix_nano":"';
const ATTRIBUTES_KEY = ',"attributes":{';

/** Up to this many invocations are looked up by comparing text, past it in a set. */
const FEW_INVOCATIONS = 8;

export interface PhaseEnd {
  traceId: string;
  spanId: string;
  uniqueId: string;
  startNs: bigint | null;
  endNs: bigint | null;
  /**
   * Read from the line's bytes without its times (phaseEndIdAt): its node's NodeProcessed end must
   * hold the node's times and duration, which the model then uses in their place.
   */
  timesFromProcessed?: true;
}

const UNIQUE_ID_KEY_BYTES = asciiBytes(UNIQUE_ID_KEY);
/** Where a node id begins in the engine's phase span name, `Node evaluated (<id>)`, after the head. */
const NAMED_ID_AT = EVALUATED_NAME.length + 2;

/**
 * Where the node id begins in the engine's own phase span end `bytes[start, end)`, or -1: its
 * head and span name as the engine writes them (SpanHead.namesBytes), the line ending with the
 * attributes' last key, `"unique_id":"<id>"}}`, whose id is printable ASCII without a quote or
 * backslash and is the one the span name holds (`Node evaluated (<id>)`). The id ends 3 bytes
 * before `end`.
 */
export function phaseEndIdAt(bytes: Buffer, start: number, end: number): number {
  if (bytes[end - 2] !== 0x7d || bytes[end - 3] !== 0x22) return -1;
  if (!END_HEAD.namesBytes(bytes, start, end, EVALUATED_NAME_BYTES)) return -1;
  const idEnd = end - 3;
  const nameAt = start + END_HEAD.end;
  let at = idEnd;
  for (;;) {
    const code = bytes[--at]!;
    if (code === 0x22) break;
    if (code < 0x20 || code > 0x7e || code === 0x5c || at <= nameAt) return -1;
  }
  const idAt = at + 1;
  const length = idEnd - idAt;
  if (length === 0 || !bytesAt(bytes, idAt - UNIQUE_ID_KEY_BYTES.length, UNIQUE_ID_KEY_BYTES)) return -1;
  // The span name: ` (`, the same id, `)"`.
  const namedAt = nameAt + NAMED_ID_AT;
  if (bytes[namedAt - 2] !== 0x20 || bytes[namedAt - 1] !== 0x28) return -1;
  if (bytes[namedAt + length] !== 0x29 || bytes[namedAt + length + 1] !== 0x22) return -1;
  return bytes.compare(bytes, idAt, idEnd, namedAt, namedAt + length) === 0 ? idAt : -1;
}

/** What a phase span end's text says of it, or null when that is not certain. */
export function readPhaseEnd(line: string): PhaseEnd | null {
  // A NodeProcessed end or a query's end, as the engine names them, is parsed: told by the name
  // after its head, before the rules below search the line (two fifths of the ends that come here).
  if (line.startsWith(PROCESSED_NAME, HEAD_END) || line.startsWith(QUERY_NAME, HEAD_END)) return null;
  if (!END_HEAD.begins(line)) return null;
  const eventAt = line.indexOf(EVENT_TYPE_KEY, HEAD_END);
  if (eventAt === -1) return null;
  // Right before the event type, the span's status (`null` or a flat object); every object before
  // that (the links) closed again, so both keys are the record's own.
  const statusAt = line.lastIndexOf(STATUS_KEY, eventAt);
  if (statusAt < HEAD_END || !isStatus(line, statusAt + STATUS_KEY.length, eventAt)) return null;
  if (!isBalanced(line, HEAD_END, statusAt)) return null;
  const eventStart = eventAt + EVENT_TYPE_KEY.length;
  const eventEnd = line.indexOf('"', eventStart);
  if (kindOfValue(line, eventStart, eventEnd) !== "evaluated") return null;
  // The times nearest the status, with no object between them and it: the record's own.
  const startNs = nanosAt(line, line.lastIndexOf(START_KEY, statusAt), START_KEY.length, statusAt);
  const endNs = nanosAt(line, line.lastIndexOf(END_KEY, statusAt), END_KEY.length, statusAt);
  if (startNs === null || endNs === null) return null;
  // The attributes right after the event type, and the node id their last key, as the engine
  // writes them: `"attributes":{…,"unique_id":"…"}}`, every object in them before it closed again.
  const attributesAt = eventEnd + 1;
  if (!line.startsWith(ATTRIBUTES_KEY, attributesAt) || !line.endsWith('"}}')) return null;
  const key = line.lastIndexOf(UNIQUE_ID_KEY);
  const uniqueAt = key + UNIQUE_ID_KEY.length;
  const uniqueEnd = line.length - 3;
  if (key < attributesAt || uniqueEnd <= uniqueAt || line.indexOf('"', uniqueAt) !== uniqueEnd) return null;
  // A raw control character makes the line no JSON: parsed, it is reported as such.
  for (let i = uniqueAt; i < uniqueEnd; i++) if (line.charCodeAt(i) < 0x20) return null;
  const inside = attributesAt + ATTRIBUTES_KEY.length;
  if (!isBalanced(line, inside, key)) return null;
  return {
    traceId: line.slice(END_HEAD.traceAt, END_HEAD.traceAt + 32),
    spanId: line.slice(END_HEAD.spanIdAt, END_HEAD.spanIdAt + 16),
    uniqueId: line.slice(uniqueAt, uniqueEnd),
    startNs,
    endNs,
  };
}

/** `null,` or `{…},` with no object inside, from `at` to the event type's key at `eventAt`. */
function isStatus(line: string, at: number, eventAt: number): boolean {
  if (line.charCodeAt(eventAt - 1) !== 0x2c) return false;
  if (eventAt - at === 5) return line.startsWith("null", at);
  if (line.charCodeAt(at) !== 0x7b || line.charCodeAt(eventAt - 2) !== 0x7d) return false;
  const close = line.indexOf("}", at);
  const open = line.indexOf("{", at + 1);
  return close === eventAt - 2 && (open === -1 || open > close);
}

function indexOrEnd(line: string, char: string, from: number): number {
  const at = line.indexOf(char, from);
  return at === -1 ? line.length : at;
}

/** Every object opened in line[from, to) closes there, and none closed that opened before it. */
function isBalanced(line: string, from: number, to: number): boolean {
  let depth = 0;
  let open = line.indexOf("{", from);
  let close = line.indexOf("}", from);
  for (;;) {
    const next = Math.min(open === -1 ? to : open, close === -1 ? to : close);
    if (next >= to) return depth === 0;
    if (next === open) {
      depth++;
      open = line.indexOf("{", next + 1);
    } else {
      if (--depth < 0) return false;
      close = line.indexOf("}", next + 1);
    }
  }
}

/**
 * The digits of a time value whose key is at `at`, as exact nanoseconds, when no object opens or
 * closes between it and `limit` (the status).
 */
function nanosAt(line: string, at: number, keyLength: number, limit: number): bigint | null {
  if (at < HEAD_END) return null;
  const brace = Math.min(indexOrEnd(line, "{", at), indexOrEnd(line, "}", at));
  if (brace < limit) return null;
  const from = at + keyLength;
  let i = from;
  while (i < from + 20) {
    const code = line.charCodeAt(i);
    if (code < 0x30 || code > 0x39) break;
    i++;
  }
  if (i === from || line.charCodeAt(i) !== 0x22) return null;
  return BigInt(line.slice(from, i));
}

/**
 * The invocations with a NodeProcessed span start: only their phase ends are read so (a file
 * without NodeProcessed spans, ≤ preview.72, is decided by its phases, which are then parsed).
 */
export class TracesWithProcessed {
  private readonly traces: string[] = [];
  /** The same, as a set once there are more than a few (a file of many invocations). */
  private traceSet: Set<string> | null = null;

  /** A NodeProcessed span started in the invocation whose id is in `text` at `at`. */
  processedStart(text: string, at: number): void {
    if (this.hasProcessed(text, at)) return;
    const trace = copyOf(text.slice(at, at + 32));
    this.traces.push(trace);
    this.traceSet?.add(trace);
    if (!this.traceSet && this.traces.length > FEW_INVOCATIONS) this.traceSet = new Set(this.traces);
  }

  /**
   * The id of the invocation whose id is in `bytes` at `at`, when it has had a NodeProcessed span
   * start; else null.
   */
  processedTrace(bytes: Buffer, at: number): string | null {
    if (this.traceSet) {
      const trace = latin1Text(bytes, at, at + 32);
      return this.traceSet.has(trace) ? trace : null;
    }
    for (const trace of this.traces) if (bytesHoldText(bytes, at, trace)) return trace;
    return null;
  }

  /** Whether the invocation whose id is in `text` at `at` has had a NodeProcessed span start. */
  hasProcessed(text: string, at: number): boolean {
    if (this.traceSet) return this.traceSet.has(text.slice(at, at + 32));
    for (const trace of this.traces) if (text.startsWith(trace, at)) return true;
    return false;
  }
}

/** A new string equal to `text`, which has no quote or backslash (a trace id read from a head). */
function copyOf(text: string): string {
  try {
    return JSON.parse(`"${text}"`) as string;
  } catch {
    // A raw control character: the line is no JSON; read again, it is reported as such.
    throw new UnpairedStarts("a node span start holds a control character in its trace id");
  }
}
