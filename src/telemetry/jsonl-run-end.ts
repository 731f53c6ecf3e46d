// Whether a JSONL file's run finished, from its last line: the engine's last record is the end of a
// root span (the process span ends after the invocation). A run that crashed, was killed or is
// still writing ends with something else, often a cut line; its node span starts are then needed
// (they are all the model has of nodes that never finished), so the reader parses them on the first
// read instead of finding out at the end and reading the file twice.
import { isJsonSpace } from "./jsonl-skip.js";
import { toSpanId } from "./values.js";

/**
 * True when `tail` (the file's last bytes; all of it when `wholeFile`) ends with a root span's end,
 * false when it ends with another record or a line that is not JSON, null when the tail holds no
 * complete last line to tell by.
 */
export function runEndedAt(tail: Buffer, wholeFile: boolean): boolean | null {
  let end = tail.length;
  while (end > 0 && isJsonSpace(tail[end - 1]!)) end--;
  if (end === 0) return wholeFile ? false : null;
  const start = tail.lastIndexOf(0x0a, end - 1) + 1;
  if (start === 0 && !wholeFile) return null;
  let record: unknown;
  try {
    record = JSON.parse(tail.toString("utf8", start, end));
  } catch {
    return false;
  }
  if (typeof record !== "object" || record === null) return false;
  const { record_type: type, parent_span_id: parent } = record as Record<string, unknown>;
  return type === "SpanEnd" && toSpanId(parent) === null;
}
