// Records → JSONL text, one record per `\n`-terminated line, exactly as the engine's JSONL writer.
import { createWriteStream } from "node:fs";
import { once } from "node:events";
import type { FusionRecord, JsonlRecord } from "./types.js";

export function formatJsonlLine(record: JsonlRecord): string {
  return JSON.stringify(record);
}

export function writeJsonl(records: Iterable<JsonlRecord>): string {
  let out = "";
  for (const record of records) out += formatJsonlLine(record) + "\n";
  return out;
}

/** A crashed writer leaves a partial last line: keep `chars` characters of it and no newline. */
export function truncateLastLine(jsonl: string, chars: number): string {
  const body = jsonl.endsWith("\n") ? jsonl.slice(0, -1) : jsonl;
  const cut = body.lastIndexOf("\n") + 1;
  return body.slice(0, cut) + body.slice(cut, cut + chars);
}

/** Stream records to a file with back-pressure; `append` mimics the engine's append mode. */
export async function writeJsonlStream(
  records: Iterable<FusionRecord>,
  path: string,
  options: { append?: boolean } = {},
): Promise<{ lines: number }> {
  const stream = createWriteStream(path, { flags: options.append ? "a" : "w" });
  let lines = 0;
  let chunk = "";
  for (const record of records) {
    chunk += formatJsonlLine(record) + "\n";
    lines++;
    if (chunk.length > 1 << 20) {
      if (!stream.write(chunk)) await once(stream, "drain");
      chunk = "";
    }
  }
  stream.end(chunk);
  await once(stream, "finish");
  return { lines };
}
