// Parquet physical values → the values records hold: UTF-8 text, unsigned 64-bit ids, timestamps in
// nanoseconds whatever unit the column declares.
import type { SchemaElement } from "./hyparquet.js";

type Kind = "string" | "u64" | "i64" | "u32" | "raw";
export type Convert = (value: unknown) => unknown;

const utf8 = new TextDecoder();

function kindOf(element: SchemaElement): Kind {
  const ctype = element.converted_type;
  const ltype = element.logical_type;
  if (element.type === "BYTE_ARRAY") return "string";
  if (element.type === "INT64") {
    if (ctype === "UINT_64" || (ltype?.type === "INTEGER" && ltype.bitWidth === 64 && !ltype.isSigned))
      return "u64";
    return "i64";
  }
  if (element.type === "INT32") {
    if (ctype === "UINT_32" || (ltype?.type === "INTEGER" && ltype.bitWidth === 32 && !ltype.isSigned))
      return "u32";
  }
  return "raw";
}

/** Nanoseconds per unit of an INT64 timestamp column (1 for nanoseconds and plain integers). */
function timestampScale(element: SchemaElement): bigint {
  const ltype = element.logical_type;
  if (element.converted_type === "TIMESTAMP_MILLIS") return 1_000_000n;
  if (element.converted_type === "TIMESTAMP_MICROS") return 1_000n;
  if (ltype?.type === "TIMESTAMP") {
    if (ltype.unit === "MILLIS") return 1_000_000n;
    if (ltype.unit === "MICROS") return 1_000n;
  }
  return 1n;
}

/** An INT64 column whose values are used as they are stored (unsigned or signed, no unit scaling). */
export function isPlainInt64(element: SchemaElement): boolean {
  const kind = kindOf(element);
  return kind === "u64" || (kind === "i64" && timestampScale(element) === 1n);
}

/** The conversion of one column's raw values (hyparquet's readPlain output or fast-path numbers). */
export function converterFor(element: SchemaElement): Convert {
  switch (kindOf(element)) {
    case "string":
      return (v) => (v instanceof Uint8Array ? utf8.decode(v) : v);
    case "u64":
      return (v) => (typeof v === "bigint" ? BigInt.asUintN(64, v) : v);
    case "i64": {
      const scale = timestampScale(element);
      return scale === 1n ? (v) => v : (v) => (typeof v === "bigint" ? v * scale : v);
    }
    case "u32":
      return (v) => (typeof v === "number" ? v >>> 0 : v);
    default:
      // Fixed-length byte arrays are views of the page: copied, so no value refers to a buffer the
      // cursor frees (buffers.ts).
      return (v) => (v instanceof Uint8Array ? v.slice() : v);
  }
}
