// Which JSONL lines need not be parsed: telemetry records no report can use (a query's span start,
// trace spans, DEBUG logs), told from the raw text. The test must keep every line `isRelevant` (in
// events.ts) could accept, whatever the key order or spacing, so it looks for words, not for
// `"key":"value"` pairs:
//   * a span event the model reads has one of Node, Phase, Invocation, Process in its event type
//     (NodeProcessed, NodeEvaluated, Node, PhaseExecuted, Phase, Invocation, Process);
//   * a query span end has QueryExecuted and SpanEnd;
//   * an ERROR/WARN/WARNING LogMessage (or Log) has Log, and error or warn in any ASCII case (upper
//     casing maps no other character to E, R, O, W, A or N without adding a second one, so no other
//     spelling upper-cases to ERROR, WARN or WARNING; test/telemetry/jsonl-skip.test.ts checks it);
//   * a `\u` escape can spell any of these, so a line with one is parsed.
// Any other word may appear anywhere (a SQL text, a body): the line is then parsed, which is only
// slower. A line is left unparsed only when it also names the three keys of a record and has the
// shape of one JSON object; anything else takes the full path (and its error messages).
//
// The engine's query spans are told from their head instead (a quarter of a big build's bytes, each
// line's SQL searched for every word above took ~35 ms of the node-heavy build's read): a query span
// end in the engine's layout is parsed at once, and a query span start is left out from its bytes,
// before it is made a string (isEngineQueryStart). Like a node span start taken so
// (jsonl-start-ledger.ts), it is taken to be what its head and span name say without a look at the
// rest: a line crafted to repeat a key after them (JSON.parse keeps the last) is read by its head.
// Dropping a line never adds text to the report, and a file crafted so can say any outcome in
// plain records too.

import { END_HEAD, isLowerHex, QUERY_NAME, QUERY_NAME_BYTES, START_HEAD } from "./jsonl-span-head.js";

const SPAN_MARKERS = ["Node", "Phase", "Invocation", "Process"] as const;
const RECORD_KEYS = ['"record_type"', '"trace_id"', '"event_type"'] as const;
const LOG_SEVERITY = /error|warn/i;

/**
 * True when `line` is a telemetry record that `isRelevant` rejects, judged without parsing it:
 * then it can be counted as a record and dropped. False means "parse it" (it may be relevant, or
 * not a record, or not JSON).
 */
export function isUnusableRecordLine(line: string): boolean {
  // Each test below only sends the line to be parsed, so their order is free: the engine's query
  // span ends, told by their head, then the span markers, as most lines of a big build are node
  // spans and say so early (their span name).
  if (isEngineQueryEnd(line)) return false;
  for (const marker of SPAN_MARKERS) if (line.includes(marker)) return false;
  if (line.includes("\\u")) return false;
  if (line.includes("QueryExecuted") && line.includes("SpanEnd")) return false;
  if (line.includes("Log") && LOG_SEVERITY.test(line)) return false;
  for (const key of RECORD_KEYS) if (!line.includes(key)) return false;
  return isObjectShaped(line);
}

/** A query span end in the engine's layout: its head, then the query span name. */
function isEngineQueryEnd(line: string): boolean {
  return line.startsWith(QUERY_NAME, END_HEAD.end) && END_HEAD.holdsIds(line);
}

/**
 * Whether the line `bytes[start, end)` is a query span start in the engine's layout — its head with
 * lowercase hex ids, the query span name, `}` last — a record no report uses, told without making
 * it a string (see the top of this file).
 */
export function isEngineQueryStart(bytes: Uint8Array, start: number, end: number): boolean {
  return START_HEAD.namesBytes(bytes, start, end, QUERY_NAME_BYTES);
}

/**
 * Whether a record's head comes again after the start of the line `bytes[start, end)`: a run killed
 * while writing the line's record, and the next run's first record appended on the same line (in
 * JSON text a `{"record_type":"` can only open an object, which no engine record nests). It searches
 * the whole line, so a file is asked it only when it is read in full (jsonl.ts).
 */
export function holdsAppendedRecord(bytes: Buffer, start: number, end: number): boolean {
  return bytes.subarray(start + 1, end).indexOf(RECORD_HEAD_BYTES) !== -1;
}

/** Starts with `{` and ends with `}`, JSON whitespace aside: what a one-line object looks like. */
export function isObjectShaped(line: string): boolean {
  let start = 0;
  let end = line.length - 1;
  while (start <= end && isJsonSpace(line.charCodeAt(start))) start++;
  while (end > start && isJsonSpace(line.charCodeAt(end))) end--;
  return end > start && line.charCodeAt(start) === 0x7b && line.charCodeAt(end) === 0x7d;
}

/** JSON's whitespace: space, tab, line feed, carriage return. */
export function isJsonSpace(code: number): boolean {
  return code === 0x20 || code === 0x09 || code === 0x0a || code === 0x0d;
}

/** Where a record begins, as the engine writes one; never at the start of a record's own text. */
export const RECORD_HEAD = '{"record_type":"';
const RECORD_HEAD_BYTES = Buffer.from(RECORD_HEAD, "latin1");
const TRACE_KEY = '","trace_id":"';
/**
 * `"trace_id"` where no `{` comes right before it. A regular expression, not a loop of indexOf:
 * a search for a word that begins with `"`, in JSON, stops at every quote (~110 ms over a 200 MB
 * file against ~55 ms).
 */
const TRACE_ID_NOT_FIRST = /(?<!\{)"trace_id"/g;

/**
 * Which of `traces` the line is a record of, told from its head as the engine writes it
 * (`{"record_type":"…","trace_id":"<32 lowercase hex>"`), or null: then the line is parsed. A line
 * that names `"trace_id"` again (JSON.parse keeps the last), holds a `\u` escape (which can spell
 * the key; no other escape can) or is not shaped like one object is parsed too, so its trace is the
 * one JSON.parse reads.
 */
export function traceOfRecordLine(line: string, traces: ReadonlySet<string>): string | null {
  if (!line.startsWith(RECORD_HEAD)) return null;
  const typeEnd = line.indexOf('"', RECORD_HEAD.length);
  if (typeEnd < 0 || !line.startsWith(TRACE_KEY, typeEnd)) return null;
  const at = typeEnd + TRACE_KEY.length;
  if (line.charCodeAt(at + 32) !== 0x22 || !isLowerHex(line, at, 32)) return null;
  let found: string | null = null;
  // A handful of traces at most: compared in place, no string cut out of every line.
  for (const trace of traces) {
    if (line.startsWith(trace, at)) {
      found = trace;
      break;
    }
  }
  if (found === null) return null;
  if (namesTraceIdAgain(line, at + 33) || line.includes("\\u") || !isObjectShaped(line)) return null;
  return found;
}

/**
 * Whether `"trace_id"` comes again from `from` on, other than as the first key of an inner object
 * (a span link's `{"trace_id":…}`): a key at the top level follows a comma, and an unescaped quote
 * right after a `{` can only open an object's first key.
 */
function namesTraceIdAgain(line: string, from: number): boolean {
  TRACE_ID_NOT_FIRST.lastIndex = from;
  return TRACE_ID_NOT_FIRST.test(line);
}
