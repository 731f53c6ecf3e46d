// The Parquet footer: the file metadata at the end of the file, `<metadata> <length: u32 LE> PAR1`.
// Everything in it is a claim made by whoever wrote the file. Before hyparquet decodes it (into one
// JavaScript object per value), its length is checked against the file and a cap, and its values are
// counted without building them; after, the row counts and column chunk positions are checked
// against the file, since the readers size arrays and loops by them.
import { TelemetryInputError, USE_JSONL } from "../errors.js";
import {
  MAX_PARQUET_FOOTER_BYTES,
  MAX_PARQUET_FOOTER_VALUES,
  MAX_PARQUET_ROWS_PER_BYTE,
  MIB,
} from "../limits.js";
import { describeCorruption } from "./errors.js";
import {
  parquetMetadata,
  parquetSchema,
  type AsyncBuffer,
  type FileMetaData,
  type SchemaTree,
} from "./hyparquet.js";

const MAGIC = "PAR1";
/** `PAR1` at the start, then at the end the footer length (4 bytes) and `PAR1` again. */
const FRAME_BYTES = 12;
/** The smallest footer: a FileMetaData struct has four required fields. */
const MIN_FOOTER_BYTES = 8;
const REQUIRED_COLUMNS = ["record_type", "trace_id", "event_type", "attributes"];

const TRUNCATED =
  "truncated Parquet file: the footer is missing (the engine writes it only at shutdown, so the run " +
  "probably crashed or was killed)";

/** Reads, checks and decodes the footer of a Parquet telemetry file; returns its metadata and schema. */
export async function readFooter(
  file: AsyncBuffer,
  name: string,
): Promise<{ metadata: FileMetaData; schema: SchemaTree }> {
  const size = file.byteLength;
  if (size === 0) throw new TelemetryInputError(name, "file is empty: no telemetry records");
  const first = new Uint8Array(await file.slice(0, Math.min(4, size)));
  if (first[0] === 0x1f && first[1] === 0x8b) {
    throw new TelemetryInputError(
      name,
      "this is gzip-compressed: decompress it first (gunzip); Parquet is read where it lies, not streamed",
    );
  }
  const head = new TextDecoder().decode(first);
  if (head !== MAGIC) throw new TelemetryInputError(name, "not a Parquet file (missing PAR1 magic bytes)");
  // A Parquet file begun and cut off before its first page or footer (a run killed at its start).
  if (size < FRAME_BYTES) throw new TelemetryInputError(name, `${TRUNCATED}${USE_JSONL}`);
  const tail = new Uint8Array(await file.slice(size - 8, size));
  if (new TextDecoder().decode(tail.subarray(4)) !== MAGIC) {
    throw new TelemetryInputError(name, `${TRUNCATED}${USE_JSONL}`);
  }
  const corrupt = (problem: string): TelemetryInputError =>
    new TelemetryInputError(name, `corrupt Parquet footer: ${problem}`);
  const length = new DataView(tail.buffer, tail.byteOffset, 4).getUint32(0, true);
  if (length < MIN_FOOTER_BYTES) {
    throw corrupt(`it claims a length of ${length} bytes, too small for file metadata`);
  }
  if (length > size - FRAME_BYTES) {
    throw corrupt(
      `it claims ${length} bytes but the file has only ${size - FRAME_BYTES} before it ` +
        "(the file is truncated or was not written as Parquet)",
    );
  }
  if (length > MAX_PARQUET_FOOTER_BYTES) {
    throw corrupt(
      `it claims ${length} bytes, over the ${MAX_PARQUET_FOOTER_BYTES / MIB} MiB limit for file metadata ` +
        "(dbt's telemetry footers are a few KiB)",
    );
  }
  const footer = new Uint8Array(await file.slice(size - 8 - length, size));
  let metadata: FileMetaData;
  try {
    countThriftValues(footer, 0, length);
    metadata = parquetMetadata(footer);
  } catch (error) {
    throw corrupt(describeCorruption(error));
  }
  const problem = checkMetadata(metadata, size, size - 8 - length);
  if (problem) throw corrupt(problem);
  return { metadata, schema: checkColumns(metadata, name) };
}

/** A row count or position the readers would trust, checked against the file; null when all is well. */
function checkMetadata(metadata: FileMetaData, fileSize: number, footerStart: number): string | null {
  const maxRows = fileSize * MAX_PARQUET_ROWS_PER_BYTE;
  const rows = Number(metadata.num_rows);
  if (!Number.isSafeInteger(rows) || rows < 0 || rows > maxRows) {
    return `it claims ${String(metadata.num_rows)} rows in a file of ${fileSize} bytes`;
  }
  let groupRows = 0;
  for (const [g, group] of metadata.row_groups.entries()) {
    const n = Number(group.num_rows);
    groupRows += n;
    if (!Number.isSafeInteger(n) || n < 0 || groupRows > maxRows) {
      return `row group ${g + 1} claims ${String(group.num_rows)} rows in a file of ${fileSize} bytes`;
    }
    for (const chunk of group.columns) {
      const meta = chunk.meta_data;
      if (!meta) continue;
      const data = Number(meta.data_page_offset);
      const start =
        meta.dictionary_page_offset !== undefined
          ? Math.min(Number(meta.dictionary_page_offset), data)
          : data;
      const end = start + Number(meta.total_compressed_size);
      if (!(
        Number.isSafeInteger(start) &&
        start >= 4 &&
        Number.isSafeInteger(end) &&
        end >= start &&
        end <= footerStart
      )) {
        return `column ${meta.path_in_schema.join(".")} of row group ${g + 1} claims bytes ${start}–${end}, outside the file's data (4–${footerStart})`;
      }
    }
  }
  return null;
}

function checkColumns(metadata: FileMetaData, name: string): SchemaTree {
  let columns: string[];
  let schema: SchemaTree;
  try {
    schema = parquetSchema(metadata);
    columns = schema.children.map((child) => child.element.name);
  } catch (error) {
    throw new TelemetryInputError(name, `corrupt Parquet schema: ${describeCorruption(error)}`);
  }
  const missing = REQUIRED_COLUMNS.filter((column) => !columns.includes(column));
  if (missing.length > 0) {
    throw new TelemetryInputError(
      name,
      `not dbt Fusion telemetry: Parquet column(s) ${missing.join(", ")} missing ` +
        `(found: ${columns.slice(0, 8).join(", ")}${columns.length > 8 ? ", …" : ""})`,
    );
  }
  return schema;
}

// Thrift compact protocol type ids (what Parquet metadata is written in).
const STOP = 0;
const TRUE = 1;
const FALSE = 2;
const BYTE = 3;
const I16 = 4;
const I32 = 5;
const I64 = 6;
const DOUBLE = 7;
const BINARY = 8;
const LIST = 9;
const SET = 10;
const STRUCT = 12;
const MAX_DEPTH = 32;

/**
 * Walks the thrift struct in `bytes[start, end)` without building it and throws when it holds more
 * than MAX_PARQUET_FOOTER_VALUES values, nests deeper than any Parquet structure, or runs past its end.
 */
export function countThriftValues(bytes: Uint8Array, start: number, end: number): number {
  let offset = start;
  let values = 0;
  const byte = (): number => {
    if (offset >= end) throw new RangeError("parquet file metadata ends inside a value");
    return bytes[offset++]!;
  };
  const varint = (): void => {
    for (let i = 0; i < 10; i++) if ((byte() & 0x80) === 0) return;
    throw new RangeError("parquet file metadata holds a malformed number");
  };
  const uvarint = (): number => {
    let result = 0;
    for (let shift = 0; shift < 35; shift += 7) {
      const b = byte();
      result += (b & 0x7f) * 2 ** shift;
      if ((b & 0x80) === 0) return result;
    }
    throw new RangeError("parquet file metadata holds a malformed length");
  };
  const skip = (n: number): void => {
    if (n > end - offset) throw new RangeError("parquet file metadata ends inside a value");
    offset += n;
  };
  const count = (): void => {
    if (++values > MAX_PARQUET_FOOTER_VALUES) {
      throw new RangeError(
        `parquet file metadata holds more than ${MAX_PARQUET_FOOTER_VALUES.toLocaleString("en-US")} values`,
      );
    }
  };
  const value = (type: number, depth: number): void => {
    count();
    switch (type) {
      case TRUE:
      case FALSE:
        return;
      case BYTE:
        skip(1);
        return;
      case I16:
      case I32:
      case I64:
        varint();
        return;
      case DOUBLE:
        skip(8);
        return;
      case BINARY:
        skip(uvarint());
        return;
      case LIST:
      case SET: {
        const header = byte();
        const elementType = header & 0x0f;
        const size = header >> 4 === 15 ? uvarint() : header >> 4;
        for (let i = 0; i < size; i++) {
          if (elementType === TRUE || elementType === FALSE) {
            count();
            skip(1);
          } else value(elementType, depth + 1);
        }
        return;
      }
      case STRUCT:
        struct(depth + 1);
        return;
      default:
        throw new RangeError(`parquet file metadata holds an unknown thrift type ${type}`);
    }
  };
  const struct = (depth: number): void => {
    if (depth > MAX_DEPTH) throw new RangeError("parquet file metadata nests too deeply");
    for (;;) {
      const header = byte();
      const type = header & 0x0f;
      if (type === STOP) return;
      if (header >> 4 === 0) varint(); // a field id given in full
      value(type, depth);
    }
  };
  struct(0);
  return values;
}
