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

const SPAN_MARKERS = ["Node", "Phase", "Invocation", "Process"] as const;
const RECORD_KEYS = ['"record_type"', '"trace_id"', '"event_type"'] as const;
const LOG_SEVERITY = /error|warn/i;

/**
 * True when `line` is a telemetry record that `isRelevant` rejects, judged without parsing it:
 * then it can be counted as a record and dropped. False means "parse it" (it may be relevant, or
 * not a record, or not JSON).
 */
export function isUnusableRecordLine(line: string): boolean {
  // Each test below only sends the line to be parsed, so their order is free: the span markers
  // first, as most lines of a big build are node spans and say so early (their span name).
  for (const marker of SPAN_MARKERS) if (line.includes(marker)) return false;
  if (line.includes("\\u")) return false;
  if (line.includes("QueryExecuted") && line.includes("SpanEnd")) return false;
  if (line.includes("Log") && LOG_SEVERITY.test(line)) return false;
  for (const key of RECORD_KEYS) if (!line.includes(key)) return false;
  return isObjectShaped(line);
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
