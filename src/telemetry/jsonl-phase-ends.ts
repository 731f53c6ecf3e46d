// Phase span ends (NodeEvaluated), read for their times only. A node with a NodeProcessed span end
// is decided by that end alone; its phase spans add only their span id (to join the queries and
// logs run in them), node and times (model/finish-invocation.ts; the Parquet reader reads them so,
// telemetry/parquet.ts). Two thirds of a big build's node span ends are phase ends, so
// the JSONL reader takes those four facts from the text of such a line, as the model's `phaseTimes`
// event, instead of parsing it. At the end of the file every node so read must have had a
// NodeProcessed end in the same invocation, which the model counts (EventSink.undecidedPhaseNodes,
// as for Parquet); when one has not (a crashed run, a file before preview.72's NodeProcessed spans),
// the reader throws UnpairedStarts, and the file is read again with every line parsed
// (pipeline/read-telemetry.ts). The phase end also takes its start out of the start ledger
// (jsonl-start-ledger.ts), as a parsed one would.
//
// A line is read so only when the engine's layout makes it certain: it begins with record_type
// SpanEnd, trace_id and span_id (lowercase hex); has no backslash after them; its event type is
// NodeEvaluated (or the docs' Node), right after the span status (`null` or a flat object), with as
// every object before the status (the links) closed again; start_time_unix_nano and
// end_time_unix_nano (digits) come before the status with no brace between; the attributes follow
// the event type and end the line with their last key, a non-empty unique_id without a control
// character, every object in them before it closed again; and the span name right after the head,
// if there is one, is not the engine's for a NodeProcessed or query span. Anything else is parsed.
// Not told apart, beyond what the engine writes: a repeated key (the occurrence nearest the status
// or the end is read), braces inside strings that hide an open object; and, as for the lines
// jsonl-skip.ts leaves unparsed, damage inside a line read so that keeps these shapes (it is not
// checked to be valid JSON). A phase end read so as the file's last content line is
// parsed instead (jsonl.ts holds it until the next line), so a cut last line is still reported.
import { UnpairedStarts, kindOfValue } from "./jsonl-start-ledger.js";
import { END_HEAD, EVENT_TYPE_KEY, PROCESSED_NAME, QUERY_NAME, UNIQUE_ID_KEY } from "./jsonl-span-head.js";

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
  startNs: bigint;
  endNs: bigint;
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
 * The invocations with a NodeProcessed span start: only their phase ends are read from text (a file
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
