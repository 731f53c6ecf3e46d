// A JSONL telemetry file held in memory, as the readers' tests hand it to decodeJsonl and
// readTelemetryReport: rereadable, as a file on disk is, and counting how often it is opened.
import type { TelemetryFile } from "../../src/sources/telemetry-file.js";

export type JsonlFile = Extract<TelemetryFile, { format: "jsonl" }>;

/**
 * The file `name` whose bytes are `chunks`, yielded one read each (a string alone is one read); each
 * open adds one to `opened.count`.
 */
export function memoryJsonl(
  name: string,
  chunks: string | readonly (string | Uint8Array)[],
  opened: { count: number } = { count: 0 },
): JsonlFile {
  const reads = typeof chunks === "string" ? [chunks] : chunks;
  return {
    name,
    format: "jsonl",
    openStream: async function* () {
      opened.count++;
      for (const chunk of reads) yield typeof chunk === "string" ? Buffer.from(chunk) : chunk;
    },
    rereadable: true,
  };
}
