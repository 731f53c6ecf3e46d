// Small value coercions shared by both decoders. The wire mixes styles: pbjson writes 64-bit integers
// as decimal strings, serde helper structs write numbers, Parquet gives bigint for UInt64/INT64.
import { latin1Text } from "../text/byte-text.js";

/** A number from a JSON string, number or bigint; null when absent or not numeric. */
export function toNumber(value: unknown): number | null {
  if (typeof value === "number") return Number.isFinite(value) ? value : null;
  if (typeof value === "bigint") return Number(value);
  if (typeof value === "string" && value.trim() !== "") {
    const n = Number(value);
    return Number.isFinite(n) ? n : null;
  }
  return null;
}

/**
 * A whole number of at least `min` (a line, a column, a code), else null: a position of -3 or 1.5
 * points nowhere, and the JSON report's schema promises whole numbers.
 */
export function toWholeNumber(value: unknown, min = Number.MIN_SAFE_INTEGER): number | null {
  const n = toNumber(value);
  return n !== null && Number.isSafeInteger(n) && n >= min ? n : null;
}

/** Exact epoch nanoseconds from a decimal string, bigint or (imprecise) number. */
export function toNanos(value: unknown): bigint | null {
  if (typeof value === "bigint") return value;
  if (typeof value === "string" && /^\d+$/.test(value)) return BigInt(value);
  if (typeof value === "number" && Number.isFinite(value)) return BigInt(Math.round(value));
  return null;
}

/** A trace id as records carry it, once lower-cased and without a UUID's hyphens: 32 hex digits. */
const TRACE_ID = /^[0-9a-f]{32}$/;

/** A trace id (text, a UUID's hyphens allowed) as records carry it; null when it is not one. */
export function toTraceId(value: unknown): string | null {
  const id = typeof value === "string" ? value.toLowerCase().replace(/-/g, "") : null;
  return id !== null && TRACE_ID.test(id) ? id : null;
}

/** Span ids: JSONL has 16-hex strings, Parquet has UInt64 (bigint). Both become 16 lower-case hex. */
export function toSpanId(value: unknown): string | null {
  if (typeof value === "bigint") return BigInt.asUintN(64, value).toString(16).padStart(16, "0");
  if (typeof value === "number" && Number.isSafeInteger(value) && value >= 0) {
    return value.toString(16).padStart(16, "0");
  }
  if (typeof value === "string" && value !== "") return value.toLowerCase().padStart(16, "0");
  return null;
}

// Characters are put into a byte buffer and read out as one Latin-1 string: nothing else is made.
// String.fromCharCode.apply over a JS array made its argument list (and, once the array held a
// double, a box per element) on every call: ~26 MiB of garbage for the 20,834-node build's times.
const HEX_CHARS = Buffer.alloc(16);
const HEX_DIGITS = Uint8Array.from("0123456789abcdef", (c) => c.charCodeAt(0));

/**
 * A span id from the two 32-bit halves of its unsigned 64-bit value: what toSpanId gives for the
 * bigint, without making one (span ids are read by the hundred thousand).
 */
export function spanIdFromWords(high: number, low: number): string {
  for (let i = 7; i >= 0; i--) {
    HEX_CHARS[i] = HEX_DIGITS[high & 15]!;
    HEX_CHARS[i + 8] = HEX_DIGITS[low & 15]!;
    high >>>= 4;
    low >>>= 4;
  }
  return latin1Text(HEX_CHARS, 0, 16);
}

export function toStr(value: unknown): string | null {
  return typeof value === "string" && value !== "" ? value : null;
}

/**
 * A file path from the engine with `/` between its folders: dbt on Windows writes
 * `models\orders.sql`, and what reads the report (annotations and links, which must be repository
 * paths; JUnit's file; the target/ and package folder tests; a baseline from another runner) takes
 * one spelling whatever runner wrote it.
 */
export function toFilePath(value: unknown): string | null {
  const text = toStr(value);
  return text !== null && text.includes("\\") ? text.replaceAll("\\", "/") : text;
}

export function toBool(value: unknown): boolean | null {
  if (typeof value === "boolean") return value;
  if (value === "true") return true;
  if (value === "false") return false;
  return null;
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

// CSI / OSC escape sequences. The Parquet writer stores LogMessage bodies with colours intact.
// eslint-disable-next-line no-control-regex
const ANSI = /\u001b\[[0-?]*[ -/]*[@-~]|\u001b\][^\u0007\u001b]*(?:\u0007|\u001b\\)|\u001b[@-Z\\-_]/g;

export function stripAnsi(text: string): string {
  return text.includes("\u001b") ? text.replace(ANSI, "") : text;
}

/** ISO-8601 with nanosecond precision kept as far as the string goes (no Date rounding of ns). */
export function nanosToIso(ns: bigint | null): string | null {
  if (ns === null) return null;
  if (ns >= 1_000_000_000n) {
    const micros = Number(ns / 1_000n);
    // Whole microseconds fit a Number exactly until the year 2255: computed without Date.
    if (micros <= Number.MAX_SAFE_INTEGER) return isoFromMicros(micros);
  }
  // Whole seconds rounded down, so a time before 1970 (a signed Parquet time, a JSON number) keeps a
  // fraction of 0–999,999,999 ns, never a negative one.
  const rest = ns % 1_000_000_000n;
  const seconds = ns / 1_000_000_000n - (rest < 0n ? 1n : 0n);
  const date = new Date(Number(seconds) * 1000);
  if (Number.isNaN(date.getTime())) return null;
  const frac = (rest < 0n ? rest + 1_000_000_000n : rest).toString().padStart(9, "0");
  // Without Date's `.sssZ`: a year past 9999 or before 0 is written with a sign and six digits
  // (`+010000-01-01T00:00:00`), which a fixed-length slice would cut short.
  return `${date.toISOString().slice(0, -5)}.${frac.slice(0, 6)}Z`;
}

/** `YYYY-MM-DDTHH:MM:SS.ffffffZ`, filled in place for each call. */
const ISO_CHARS = Buffer.from("0000-00-00T00:00:00.000000Z", "latin1");
/** The day whose date ISO_CHARS holds: a build's times nearly all fall on one or two days. */
let isoDay = Number.NaN;
/** The two ASCII digits of 0–99, in pairs. */
const DIGIT_PAIRS = Buffer.from(
  Array.from({ length: 100 }, (_, n) => String(n).padStart(2, "0")).join(""),
  "latin1",
);

/**
 * The ISO string of a time after 1970 in whole microseconds (≤ 2^53), made as one flat string:
 * a report holds two per node, which are compared when nodes are sorted, and built from pieces they
 * would be a chain of four strings each. The date is the proleptic Gregorian calendar's, as Date's,
 * and is worked out again only when the day changes.
 */
function isoFromMicros(micros: number): string {
  let seconds = Math.floor(micros / 1e6);
  let fraction = micros - seconds * 1e6;
  // The division is rounded: put a second that came out one off right (products are exact).
  if (fraction < 0) {
    seconds--;
    fraction += 1e6;
  } else if (fraction >= 1e6) {
    seconds++;
    fraction -= 1e6;
  }
  const days = Math.floor(seconds / 86_400);
  if (days !== isoDay) {
    putDate(days);
    isoDay = days;
  }
  const inDay = seconds - days * 86_400;
  const hours = Math.floor(inDay / 3_600);
  const inDayMinutes = Math.floor(inDay / 60);
  putPair(11, hours);
  putPair(14, inDayMinutes - hours * 60);
  putPair(17, inDay - inDayMinutes * 60);
  const hundredths = Math.floor(fraction / 10_000);
  const tenThousandths = Math.floor(fraction / 100);
  putPair(20, hundredths);
  putPair(22, tenThousandths - hundredths * 100);
  putPair(24, fraction - tenThousandths * 100);
  return latin1Text(ISO_CHARS, 0, 27);
}

/** `YYYY-MM-DD` of the day `days` after 1970-01-01, counted in 400-year eras from 0000-03-01. */
function putDate(days: number): void {
  const sinceEpoch = days + 719_468;
  const era = Math.floor(sinceEpoch / 146_097);
  const dayOfEra = sinceEpoch - era * 146_097;
  const yearOfEra = Math.floor(
    (dayOfEra -
      Math.floor(dayOfEra / 1_460) +
      Math.floor(dayOfEra / 36_524) -
      Math.floor(dayOfEra / 146_096)) /
      365,
  );
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const monthFromMarch = Math.floor((5 * dayOfYear + 2) / 153);
  const day = dayOfYear - Math.floor((153 * monthFromMarch + 2) / 5) + 1;
  const month = monthFromMarch < 10 ? monthFromMarch + 3 : monthFromMarch - 9;
  const year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0);
  const century = Math.floor(year / 100);
  putPair(0, century);
  putPair(2, year - century * 100);
  putPair(5, month);
  putPair(8, day);
}

/** Writes `value` (0–99) as two digits at `at`. */
function putPair(at: number, value: number): void {
  ISO_CHARS[at] = DIGIT_PAIRS[2 * value]!;
  ISO_CHARS[at + 1] = DIGIT_PAIRS[2 * value + 1]!;
}
