// Small value coercions shared by both decoders. The wire mixes styles: pbjson writes 64-bit integers
// as decimal strings, serde helper structs write numbers, Parquet gives bigint for UInt64/INT64.

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

/** Exact epoch nanoseconds from a decimal string, bigint or (imprecise) number. */
export function toNanos(value: unknown): bigint | null {
  if (typeof value === "bigint") return value;
  if (typeof value === "string" && /^\d+$/.test(value)) return BigInt(value);
  if (typeof value === "number" && Number.isFinite(value)) return BigInt(Math.round(value));
  return null;
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

export function toStr(value: unknown): string | null {
  return typeof value === "string" && value !== "" ? value : null;
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
    // The digits give seconds and fraction without BigInt arithmetic; node times cluster, so most
    // calls fall in the second of the previous one.
    const digits = ns.toString();
    const seconds = digits.slice(0, -9);
    if (seconds !== lastSeconds) {
      const date = new Date(Number(seconds) * 1000);
      lastPrefix = Number.isNaN(date.getTime()) ? null : date.toISOString().slice(0, 19);
      lastSeconds = seconds;
    }
    return lastPrefix === null ? null : `${lastPrefix}.${digits.slice(-9, -3)}Z`;
  }
  const date = new Date(Number(ns / 1_000_000n));
  if (Number.isNaN(date.getTime())) return null;
  const frac = (ns % 1_000_000_000n).toString().padStart(9, "0");
  return `${date.toISOString().slice(0, 19)}.${frac.slice(0, 6)}Z`;
}

let lastSeconds: string | null = null;
let lastPrefix: string | null = null;
