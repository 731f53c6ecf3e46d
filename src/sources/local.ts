import { createReadStream } from "node:fs";
import { open, stat } from "node:fs/promises";
import path from "node:path";
import type { AsyncBuffer } from "hyparquet";
import { glob } from "tinyglobby";
import type { TelemetryInput } from "./telemetry-input.js";

export class TelemetryNotFoundError extends Error {
  override name = "TelemetryNotFoundError";
}

const TELEMETRY_EXTENSIONS = [".parquet", ".jsonl"];

/**
 * Expands files, directories and globs into telemetry files, in a stable order. A directory is
 * searched (not recursively) for *.parquet and *.jsonl: dbt keeps other Parquet families
 * (run results, manifests) in sub-folders of target/metadata.
 */
export async function findTelemetryFiles(
  patterns: readonly string[],
  cwd: string,
): Promise<{ files: string[]; unmatched: string[] }> {
  const files: string[] = [];
  const unmatched: string[] = [];
  for (const pattern of patterns) {
    const resolved = path.resolve(cwd, pattern);
    const info = await stat(resolved).catch(() => null);
    let found: string[];
    if (info?.isDirectory()) {
      found = await glob(
        TELEMETRY_EXTENSIONS.map((ext) => `*${ext}`),
        { cwd: resolved, absolute: true, onlyFiles: true },
      );
    } else if (info?.isFile()) {
      found = [resolved];
    } else {
      found = await glob(pattern, { cwd, absolute: true, onlyFiles: true, expandDirectories: false });
    }
    if (found.length === 0) unmatched.push(pattern);
    files.push(...found.sort());
  }
  return { files: [...new Set(files)], unmatched };
}

/** A local file as a telemetry input: Parquet by magic bytes, JSONL otherwise. */
export async function openLocalTelemetry(file: string, displayName = file): Promise<TelemetryInput> {
  const handle = await open(file, "r").catch((error: NodeJS.ErrnoException) => {
    throw new TelemetryNotFoundError(`${displayName}: cannot read the file (${error.code ?? error.message})`);
  });
  try {
    const { size } = await handle.stat();
    const head = Buffer.alloc(4);
    if (size >= 4) await handle.read(head, 0, 4, 0);
    const isParquet = head.toString("latin1") === "PAR1" || file.endsWith(".parquet");
    return isParquet
      ? { name: displayName, format: "parquet", openBuffer: async () => fileBuffer(file, displayName) }
      : { name: displayName, format: "jsonl", openStream: () => createReadStream(file) };
  } finally {
    await handle.close();
  }
}

/** A byte-range reader over a file: Parquet footers and column chunks are read where they sit. */
async function fileBuffer(
  file: string,
  displayName: string,
): Promise<AsyncBuffer & { close(): Promise<void> }> {
  const handle = await open(file, "r").catch((error: NodeJS.ErrnoException) => {
    throw new TelemetryNotFoundError(`${displayName}: cannot read the file (${error.code ?? error.message})`);
  });
  const { size } = await handle.stat();
  return {
    byteLength: size,
    async slice(start: number, end = size): Promise<ArrayBuffer> {
      const length = Math.max(0, Math.min(end, size) - start);
      const buffer = new ArrayBuffer(length);
      if (length > 0) await handle.read(new Uint8Array(buffer), 0, length, start);
      return buffer;
    },
    close: () => handle.close(),
  };
}
