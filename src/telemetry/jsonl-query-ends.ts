// Query span ends (QueryExecuted), read from their bytes. A big build runs a query or more per
// node, and each end is a line of ~1 KB, most of it SQL, of which the model uses only the span it
// ran in, its times, its node and its outcome (model/accumulate.ts). So the JSONL reader reads the
// engine's own query end from its bytes, before it is made a string, into the model's `query`
// event, instead of parsing it.
//
// A line is read so only when it is the engine's layout throughout: its envelope as the engine
// writes it (jsonl-end-bytes.ts), with the span name `Query executed` (with or without its node), a
// status of success (`{"message":null,"code":1}`) and the event type QueryExecuted; then the
// attributes, which close the line, every one a string, a number, true, false or null, each string
// closed where JSON closes it (its escapes stepped over) without a raw control character. Of the
// attributes the model uses `query_outcome` and `unique_id`, which must then be printable ASCII
// without an escape (so that their text is their value); a line with `query_error_adapter_message`,
// or any other status, is parsed, as the model shows a failed query's message. Not told apart (as
// for the lines jsonl-skip.ts leaves unparsed): a skipped string's escapes and UTF-8 are not checked
// to be valid, nor a number's digits; a repeated key is read by its last occurrence, as JSON.parse
// reads it.
import { normalizeQueryOutcome } from "./enums.js";
import type { TelemetryEvent } from "./events.js";
import { plainStringEnd, readEndEnvelope, stringEnd } from "./jsonl-end-bytes.js";
import { bytesAt, END_HEAD, QUERY_NAME_BYTES } from "./jsonl-span-head.js";
import { asciiBytes as ascii, latin1Text } from "../text/byte-text.js";

export type QueryEvent = Extract<TelemetryEvent, { kind: "query" }>;

const QUERY_EXECUTED = ascii("v1.public.events.fusion.query.QueryExecuted");
const UNIQUE_ID = ascii("unique_id");
const QUERY_OUTCOME = ascii("query_outcome");
const ERROR_MESSAGE = ascii("query_error_adapter_message");

/**
 * The engine's own query span end `bytes[start, end)` as the model's event, or null when its layout
 * is not certain (see the top of this file). `traceId` gives the trace id's text at a place.
 */
export function readQueryEnd(
  bytes: Buffer,
  start: number,
  end: number,
  traceId: (bytes: Buffer, at: number) => string,
): QueryEvent | null {
  const envelope = readEndEnvelope(bytes, start, end, QUERY_NAME_BYTES, QUERY_EXECUTED);
  if (envelope === null || envelope.statusCode !== 1 || envelope.statusMessage) return null;
  let at = envelope.attributesAt + 1;
  let uniqueId: string | null = null;
  let outcome: string | null = null;
  // `"key":value` pairs, separated by commas, up to the `}}` that ends the line.
  for (let first = true; ; first = false) {
    if (bytes[at] === 0x7d) break;
    if (!first) {
      if (bytes[at] !== 0x2c) return null;
      at++;
    }
    if (bytes[at] !== 0x22) return null;
    const keyAt = at + 1;
    const keyEnd = plainStringEnd(bytes, keyAt, end);
    if (keyEnd === -1 || bytes[keyEnd + 1] !== 0x3a) return null;
    const valueAt = keyEnd + 2;
    if (isKey(bytes, keyAt, keyEnd, ERROR_MESSAGE)) return null;
    const wanted = isKey(bytes, keyAt, keyEnd, UNIQUE_ID)
      ? "uniqueId"
      : isKey(bytes, keyAt, keyEnd, QUERY_OUTCOME)
        ? "outcome"
        : null;
    if (wanted !== null) {
      // A value the model uses: its text must be its value.
      if (bytes[valueAt] !== 0x22) return null;
      const valueEnd = plainStringEnd(bytes, valueAt + 1, end);
      if (valueEnd === -1) return null;
      const value = latin1Text(bytes, valueAt + 1, valueEnd);
      if (wanted === "uniqueId") uniqueId = value === "" ? null : value;
      else outcome = value;
      at = valueEnd + 1;
    } else if (bytes[valueAt] === 0x22) {
      const valueEnd = stringEnd(bytes, valueAt + 1, end);
      if (valueEnd === -1) return null;
      at = valueEnd + 1;
    } else {
      at = scalarEnd(bytes, valueAt, end);
      if (at === -1) return null;
    }
  }
  // The attributes' `}` and the record's, ending the line.
  if (at + 2 !== end || bytes[at + 1] !== 0x7d) return null;
  return {
    kind: "query",
    traceId: traceId(bytes, start + END_HEAD.traceAt),
    parentSpanId: envelope.parentSpanId,
    startNs: envelope.startNs,
    endNs: envelope.endNs,
    uniqueId,
    outcome: normalizeQueryOutcome(outcome),
    errorMessage: null,
  };
}

/** Where a number, true, false or null that begins at `at` ends (at `,` or `}`), or -1. */
function scalarEnd(bytes: Buffer, at: number, end: number): number {
  let i = at;
  while (i < end) {
    const code = bytes[i]!;
    const scalar =
      (code >= 0x30 && code <= 0x39) ||
      (code >= 0x61 && code <= 0x7a) ||
      code === 0x2d ||
      code === 0x2b ||
      code === 0x2e ||
      code === 0x45;
    if (!scalar) break;
    i++;
  }
  return i > at && (bytes[i] === 0x2c || bytes[i] === 0x7d) ? i : -1;
}

function isKey(bytes: Buffer, at: number, end: number, key: Buffer): boolean {
  return end - at === key.length && bytesAt(bytes, at, key);
}
