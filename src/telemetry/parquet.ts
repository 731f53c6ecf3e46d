import { parquetMetadataAsync, parquetRead, parquetSchema, type AsyncBuffer, type FileMetaData } from "hyparquet";
import { compressors } from "hyparquet-compressors";
import { TelemetryInputError } from "./errors.js";
import { PayloadError, parquetRowToRecord } from "./parquet-row.js";
import type { RecordSink } from "./record.js";

const MAGIC = "PAR1";
const REQUIRED_COLUMNS = ["record_type", "trace_id", "event_type", "attributes"];
/** Rows decoded per slice: bounds memory independently of the file's row-group size. */
export const PARQUET_SLICE_ROWS = 8192;

/**
 * Decodes a Parquet telemetry file slice by slice and feeds each record to the sink.
 * Takes a byte-range reader (AsyncBuffer) so local files, downloads and memory look the same.
 */
export async function decodeParquet(
  file: AsyncBuffer,
  name: string,
  sink: RecordSink,
): Promise<{ records: number }> {
  const metadata = await readMetadata(file, name);
  checkColumns(metadata, name);
  let records = 0;
  let rowStart = 0;
  const total = Number(metadata.num_rows);
  if (total === 0) throw new TelemetryInputError(name, "Parquet file has no rows: no telemetry records");
  // Nanosecond timestamps stay exact bigints instead of millisecond Dates.
  const parsers = { timestampFromNanoseconds: (nanos: bigint) => nanos };
  for (const group of metadata.row_groups) {
    const groupEnd = rowStart + Number(group.num_rows);
    for (let start = rowStart; start < groupEnd; start += PARQUET_SLICE_ROWS) {
      const end = Math.min(start + PARQUET_SLICE_ROWS, groupEnd);
      let rows: Record<string, unknown>[] = [];
      try {
        await parquetRead({
          file,
          metadata,
          compressors,
          parsers,
          rowStart: start,
          rowEnd: end,
          rowFormat: "object",
          useOffsetIndex: true,
          onComplete: (decoded) => {
            rows = decoded;
          },
        });
      } catch (error) {
        throw new TelemetryInputError(name, `corrupt Parquet data: ${(error as Error).message}`, {
          row: start + 1,
        });
      }
      for (let i = 0; i < rows.length; i++) {
        const row = rows[i] as Record<string, unknown>;
        let record;
        try {
          record = parquetRowToRecord(row);
        } catch (error) {
          if (!(error instanceof PayloadError)) throw error;
          sink.warn(`${name} (row ${start + i + 1}): ${error.message}; the row was ignored`);
          continue;
        }
        if (!record) continue;
        records++;
        sink.add(record, { file: name, position: start + i + 1 });
      }
    }
    rowStart = groupEnd;
  }
  if (records === 0) throw new TelemetryInputError(name, "no telemetry records found");
  return { records };
}

async function readMetadata(file: AsyncBuffer, name: string): Promise<FileMetaData> {
  if (file.byteLength === 0) throw new TelemetryInputError(name, "file is empty: no telemetry records");
  const head = new TextDecoder().decode(await file.slice(0, Math.min(4, file.byteLength)));
  if (head !== MAGIC || file.byteLength < 12) {
    throw new TelemetryInputError(name, "not a Parquet file (missing PAR1 magic bytes)");
  }
  const tail = new TextDecoder().decode(await file.slice(file.byteLength - 4));
  if (tail !== MAGIC) {
    throw new TelemetryInputError(
      name,
      "truncated Parquet file: the footer is missing (the engine writes it only at shutdown, so the run " +
        "probably crashed or was killed). Use the JSONL telemetry (--otel-file-name) for interrupted runs",
    );
  }
  try {
    return await parquetMetadataAsync(file);
  } catch (error) {
    throw new TelemetryInputError(name, `corrupt Parquet footer: ${(error as Error).message}`);
  }
}

function checkColumns(metadata: FileMetaData, name: string): void {
  let columns: string[];
  try {
    columns = parquetSchema(metadata).children.map((child) => child.element.name);
  } catch (error) {
    throw new TelemetryInputError(name, `corrupt Parquet schema: ${(error as Error).message}`);
  }
  const missing = REQUIRED_COLUMNS.filter((column) => !columns.includes(column));
  if (missing.length > 0) {
    throw new TelemetryInputError(
      name,
      `not dbt Fusion telemetry: Parquet column(s) ${missing.join(", ")} missing ` +
        `(found: ${columns.slice(0, 8).join(", ")}${columns.length > 8 ? ", …" : ""})`,
    );
  }
}
