// The envelope of a span end as the engine writes it, read from the line's bytes before it is made
// a string: `{"record_type":"SpanEnd","trace_id":"<32>","span_id":"<16>","span_name":"<name>",
// "parent_span_id":"<16>","links":null,"start_time_unix_nano":"<digits>","end_time_unix_nano":
// "<digits>","severity_number":<digits>,"severity_text":"<text>","status":<null or {"message":
// <null or text>,"code":<digits>}>,"event_type":"<type>","attributes":{`. What the JSONL reader's
// byte shortcuts for query and NodeProcessed span ends (jsonl-query-ends.ts, jsonl-node-ends.ts)
// stand on: every byte of the envelope is checked, ids lowercase hex, and each text in it printable
// ASCII without an escape, so that its bytes are its value.
import { bytesAt, END_HEAD, isLowerHexBytes } from "./jsonl-span-head.js";
import { asciiBytes as ascii, latin1Text } from "../text/byte-text.js";

const PARENT = ascii(',"parent_span_id":"');
const START = ascii('","links":null,"start_time_unix_nano":"');
const END = ascii('","end_time_unix_nano":"');
const SEVERITY_NUMBER = ascii('","severity_number":');
const SEVERITY_TEXT = ascii(',"severity_text":"');
const STATUS = ascii('","status":');
const STATUS_MESSAGE = ascii('{"message":');
const STATUS_CODE = ascii(',"code":');
const NULL = ascii("null");
const EVENT_TYPE = ascii(',"event_type":"');
const ATTRIBUTES = ascii('","attributes":{');
/** Where the span name's value begins, after the head: `"span_name":"`. */
const NAME_VALUE_AT = '"span_name":"'.length;

export interface EndEnvelope {
  /** The parent span id (16 characters). */
  parentSpanId: string;
  startNs: bigint;
  endNs: bigint;
  /** The status code, null for a `null` status. */
  statusCode: number | null;
  /** Whether the status has a message (text), rather than `null` or none. */
  statusMessage: boolean;
  /** Where the attributes object opens (its `{`). */
  attributesAt: number;
}

/**
 * The envelope of the span end `bytes[start, end)` whose span name begins with `name` (bytes of
 * `"span_name":"…`) and whose event type is `eventType` (bytes), or null when any byte of it is not
 * as the engine writes it (see the top of this file).
 */
export function readEndEnvelope(
  bytes: Buffer,
  start: number,
  end: number,
  name: Uint8Array,
  eventType: Uint8Array,
): EndEnvelope | null {
  if (!END_HEAD.namesBytes(bytes, start, end, name)) return null;
  const nameEnd = plainStringEnd(bytes, start + END_HEAD.end + NAME_VALUE_AT, end);
  if (nameEnd === -1 || !bytesAt(bytes, nameEnd + 1, PARENT)) return null;
  const parentAt = nameEnd + 1 + PARENT.length;
  if (!isLowerHexBytes(bytes, parentAt, 16) || !bytesAt(bytes, parentAt + 16, START)) return null;
  const startAt = parentAt + 16 + START.length;
  const startEnd = digitsEnd(bytes, startAt);
  if (startEnd === -1 || !bytesAt(bytes, startEnd, END)) return null;
  const endAt = startEnd + END.length;
  const endEnd = digitsEnd(bytes, endAt);
  if (endEnd === -1 || !bytesAt(bytes, endEnd, SEVERITY_NUMBER)) return null;
  const severityEnd = digitsEnd(bytes, endEnd + SEVERITY_NUMBER.length);
  if (severityEnd === -1 || !bytesAt(bytes, severityEnd, SEVERITY_TEXT)) return null;
  const severityTextEnd = plainStringEnd(bytes, severityEnd + SEVERITY_TEXT.length, end);
  if (severityTextEnd === -1 || !bytesAt(bytes, severityTextEnd, STATUS)) return null;
  let at = severityTextEnd + STATUS.length;
  let statusCode: number | null = null;
  let statusMessage = false;
  if (bytesAt(bytes, at, NULL)) {
    at += NULL.length;
  } else {
    if (!bytesAt(bytes, at, STATUS_MESSAGE)) return null;
    at += STATUS_MESSAGE.length;
    if (bytesAt(bytes, at, NULL)) {
      at += NULL.length;
    } else {
      if (bytes[at] !== 0x22) return null;
      at = plainStringEnd(bytes, at + 1, end);
      if (at === -1) return null;
      at++;
      statusMessage = true;
    }
    if (!bytesAt(bytes, at, STATUS_CODE)) return null;
    const codeAt = at + STATUS_CODE.length;
    const codeEnd = digitsEnd(bytes, codeAt);
    if (codeEnd === -1 || codeEnd - codeAt > 9 || bytes[codeEnd] !== 0x7d) return null;
    statusCode = Number(latin1Text(bytes, codeAt, codeEnd));
    at = codeEnd + 1;
  }
  if (!bytesAt(bytes, at, EVENT_TYPE) || !bytesAt(bytes, at + EVENT_TYPE.length, eventType)) return null;
  const attributesKeyAt = at + EVENT_TYPE.length + eventType.length;
  if (!bytesAt(bytes, attributesKeyAt, ATTRIBUTES)) return null;
  // The attributes' `{`, the key's last byte.
  const attributesAt = attributesKeyAt + ATTRIBUTES.length - 1;
  return {
    parentSpanId: latin1Text(bytes, parentAt, parentAt + 16),
    startNs: BigInt(latin1Text(bytes, startAt, startEnd)),
    endNs: BigInt(latin1Text(bytes, endAt, endEnd)),
    statusCode,
    statusMessage,
    attributesAt,
  };
}

/**
 * Where the JSON string whose text begins at `at` closes (its escapes stepped over), or -1 (a raw
 * control character, or no close before `end`).
 */
export function stringEnd(bytes: Uint8Array, at: number, end: number): number {
  for (let i = at; i < end; i++) {
    const code = bytes[i]!;
    if (code === 0x22) return i;
    if (code === 0x5c) i++;
    else if (code < 0x20) return -1;
  }
  return -1;
}

/** stringEnd for a string of printable ASCII without an escape; -1 for any other. */
export function plainStringEnd(bytes: Uint8Array, at: number, end: number): number {
  for (let i = at; i < end; i++) {
    const code = bytes[i]!;
    if (code === 0x22) return i;
    if (code === 0x5c || code < 0x20 || code > 0x7e) return -1;
  }
  return -1;
}

/** Where 1–20 digits that begin at `at` end, or -1. */
function digitsEnd(bytes: Uint8Array, at: number): number {
  let i = at;
  while (i < at + 21 && bytes[i]! >= 0x30 && bytes[i]! <= 0x39) i++;
  return i === at || i === at + 21 ? -1 : i;
}
