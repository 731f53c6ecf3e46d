// The head of a span record as the engine writes it, `{"record_type":"<type>","trace_id":"<32 hex>",
// "span_id":"<16 hex>",`: where the JSONL reader's text shortcuts (jsonl-start-ledger.ts,
// jsonl-phase-ends.ts, jsonl-skip.ts) find a line's ids, at fixed places, in its text or its bytes.
import { asciiBytes, latin1Text } from "../text/byte-text.js";

const SPAN_ID_KEY = '","span_id":"';
export const EVENT_TYPE_KEY = '"event_type":"';
export const UNIQUE_ID_KEY = '"unique_id":"';
const SPAN_ID_KEY_BYTES = asciiBytes(SPAN_ID_KEY);
const QUOTE_COMMA_BYTES = asciiBytes('",');

/** The span names the engine gives node and query spans, right after a record's head (`Node evaluated (model.shop.orders)`). */
export const EVALUATED_NAME = '"span_name":"Node evaluated';
export const PROCESSED_NAME = '"span_name":"Node processed';
export const QUERY_NAME = '"span_name":"Query executed';
/** The same names as bytes, for SpanHead.namesBytes. */
export const EVALUATED_NAME_BYTES = asciiBytes(EVALUATED_NAME);
export const PROCESSED_NAME_BYTES = asciiBytes(PROCESSED_NAME);
export const QUERY_NAME_BYTES = asciiBytes(QUERY_NAME);

export class SpanHead {
  /** `{"record_type":"<type>","trace_id":"`. */
  private readonly prefix: string;
  /** Where the trace id is (32 characters). */
  readonly traceAt: number;
  /** Where the span id is (16 characters). */
  readonly spanIdAt: number;
  /** Where the line goes on after the head. */
  readonly end: number;
  private readonly prefixBytes: Buffer;

  constructor(recordType: "SpanStart" | "SpanEnd") {
    this.prefix = `{"record_type":"${recordType}","trace_id":"`;
    this.traceAt = this.prefix.length;
    this.spanIdAt = this.traceAt + 32 + SPAN_ID_KEY.length;
    this.end = this.spanIdAt + 16 + 2;
    this.prefixBytes = asciiBytes(this.prefix);
  }

  /**
   * Whether the line `bytes[start, end)` begins with this head, its ids lowercase hex, goes on with
   * `name` (a span name's bytes: EVALUATED_NAME …) and ends with `}`: the engine's own line of that
   * span, told before it is made a string. Every byte it compares is ASCII, so the line's text
   * would hold the same characters at the same places.
   */
  namesBytes(bytes: Uint8Array, start: number, end: number, name: Uint8Array): boolean {
    const nameAt = start + this.end;
    return (
      end - nameAt > name.length &&
      bytes[end - 1] === 0x7d &&
      bytesAt(bytes, nameAt, name) &&
      this.beginsBytes(bytes, start)
    );
  }

  /** The span id of the line that begins at `start` in `bytes` (its head checked), as text. */
  spanIdText(bytes: Buffer, start: number): string {
    return latin1Text(bytes, start + this.spanIdAt, start + this.spanIdAt + 16);
  }

  private beginsBytes(bytes: Uint8Array, start: number): boolean {
    const traceAt = start + this.traceAt;
    return (
      bytesAt(bytes, start, this.prefixBytes) &&
      bytesAt(bytes, traceAt + 32, SPAN_ID_KEY_BYTES) &&
      bytesAt(bytes, start + this.spanIdAt + 16, QUOTE_COMMA_BYTES) &&
      isLowerHexBytes(bytes, traceAt, 32) &&
      isLowerHexBytes(bytes, start + this.spanIdAt, 16)
    );
  }

  /**
   * Whether `line` begins with this head, its ids lowercase hex, and has no backslash after it
   * (`\u` can spell a key, and another escape makes a value's text differ from the value).
   */
  begins(line: string): boolean {
    return (
      this.holdsIds(line) &&
      isLowerHex(line, this.traceAt, 32) &&
      isLowerHex(line, this.spanIdAt, 16) &&
      !line.includes("\\", this.end)
    );
  }

  /** Whether `line` begins with this head, ids of 32 and 16 characters in their places (any characters). */
  holdsIds(line: string): boolean {
    return (
      line.startsWith(this.prefix) &&
      line.startsWith(SPAN_ID_KEY, this.traceAt + 32) &&
      line.startsWith('",', this.spanIdAt + 16)
    );
  }
}

export const START_HEAD = new SpanHead("SpanStart");
export const END_HEAD = new SpanHead("SpanEnd");

/** `bytes` holds `expected` at `at`. */
export function bytesAt(bytes: Uint8Array, at: number, expected: Uint8Array): boolean {
  for (let i = 0; i < expected.length; i++) if (bytes[at + i] !== expected[i]) return false;
  return true;
}

/**
 * `bytes` holds the characters of `text`, one byte each, at `at`: an id kept as text (a trace id)
 * compared with a line's bytes without making a string of them.
 */
export function bytesHoldText(bytes: Uint8Array, at: number, text: string): boolean {
  for (let i = 0; i < text.length; i++) if (bytes[at + i] !== text.charCodeAt(i)) return false;
  return true;
}

export function isLowerHexBytes(bytes: Uint8Array, at: number, length: number): boolean {
  for (let i = at; i < at + length; i++) if (!isLowerHexCode(bytes[i]!)) return false;
  return true;
}

export function isLowerHex(line: string, at: number, length: number): boolean {
  for (let i = at; i < at + length; i++) if (!isLowerHexCode(line.charCodeAt(i))) return false;
  return true;
}

/** `0`–`9` or `a`–`f`. */
function isLowerHexCode(code: number): boolean {
  return (code >= 0x30 && code <= 0x39) || (code >= 0x61 && code <= 0x66);
}
