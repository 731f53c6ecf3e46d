// Shared helpers for the fixture-generator tests: read generated files back with hyparquet.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parquetMetadata, parquetReadObjects, type FileMetaData } from "hyparquet";
import type { JsonlRecord } from "../../scripts/fixture-gen/index.js";

export const GENERATED = join(import.meta.dirname, "../fixtures/generated");
export const REPLICA = join(
  import.meta.dirname,
  "../fixtures/real/parquet-replica/preview120_failed.REPLICA.parquet",
);

export function toArrayBuffer(bytes: Uint8Array): ArrayBuffer {
  return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
}

export function readFileBuffer(path: string): ArrayBuffer {
  return toArrayBuffer(readFileSync(path));
}

export function readMetadata(path: string): FileMetaData {
  return parquetMetadata(readFileBuffer(path));
}

/** Rows with timestamps kept as exact bigint nanoseconds and strings decoded. */
export async function readParquetRows(file: ArrayBuffer): Promise<Record<string, unknown>[]> {
  return (await parquetReadObjects({
    file,
    utf8: true,
    parsers: { timestampFromNanoseconds: (n: bigint) => n },
  })) as Record<string, unknown>[];
}

export function readJsonlLines(scenario: string): string[] {
  const text = readFileSync(join(GENERATED, scenario, "telemetry.jsonl"), "utf8");
  return text.split("\n").filter((l) => l.length > 0);
}

export function readJsonlRecords(scenario: string): JsonlRecord[] {
  return readJsonlLines(scenario).map((l) => JSON.parse(l) as JsonlRecord);
}

export function hexOf(id: unknown): string | null {
  return typeof id === "bigint" ? id.toString(16).padStart(16, "0") : null;
}
