// The JSONL fixtures and their records, and other layouts of a record (keys shuffled, spaces
// around `:` and `,`): what tests of the readers' text and byte shortcuts (jsonl-skip.ts,
// jsonl-start-ledger.ts, the span ends read from bytes) check them against, since JSON.parse must
// agree with them on every one; a full parse's event, a line placed in a chunk, and which lines of a
// file were taken from their bytes and which parsed, for those.
import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { recordsToEvents, toEvent, type TelemetryEvent } from "../../src/telemetry/events.js";
import { decodeJsonl, toRecord } from "../../src/telemetry/jsonl.js";
import { memoryJsonl } from "./memory-jsonl.js";

const FIXTURES = path.resolve(import.meta.dirname, "../fixtures");

export function jsonlFixtures(dir = FIXTURES): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return jsonlFixtures(full);
    return entry.name.endsWith(".jsonl") ? [full] : [];
  });
}

/** Every line of every JSONL fixture that is a JSON object (a crashed run's last line is not). */
export const FIXTURE_RECORDS = jsonlFixtures().flatMap((file) =>
  readFileSync(file, "utf8")
    .split("\n")
    .flatMap((line) => {
      try {
        const value: unknown = JSON.parse(line);
        return value !== null && typeof value === "object" ? [value as Record<string, unknown>] : [];
      } catch {
        return [];
      }
    }),
);

/** A small seeded generator, so a failure names a reproducible layout. */
export function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1_664_525 + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

/** One line of JSON with the keys of every object shuffled and random spaces around `:` and `,`. */
export function reformat(value: unknown, next: () => number): string {
  const space = (): string => [" ", "", "  ", "\t"][Math.floor(next() * 4)]!;
  if (Array.isArray(value)) return `[${value.map((item) => reformat(item, next)).join(`,${space()}`)}]`;
  if (value === null || typeof value !== "object") return JSON.stringify(value);
  const entries = Object.entries(value);
  for (let i = entries.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [entries[i], entries[j]] = [entries[j]!, entries[i]!];
  }
  const body = entries
    .map(([key, item]) => `${JSON.stringify(key)}${space()}:${space()}${reformat(item, next)}`)
    .join(`,${space()}`);
  return `${space()}{${space()}${body}${space()}}${space()}`;
}

/** Every fixture record's line as written, then in `layouts` other layouts (seeded from `seed`). */
export function* fixtureLines(layouts: number, seed: number): Generator<string> {
  for (const record of FIXTURE_RECORDS) yield JSON.stringify(record);
  for (let layout = 1; layout <= layouts; layout++) {
    const next = random(seed + layout);
    for (const record of FIXTURE_RECORDS) yield reformat(record, next);
  }
}

/** What a full parse makes of `line`: the event the byte readers must agree with. */
export function parsedEvent(line: string): TelemetryEvent | null {
  const record = toRecord(JSON.parse(line));
  return record ? toEvent(record) : null;
}

/** `line` between two other lines in one buffer, as a read's chunk holds it, and where it lies there. */
export function inChunk(line: string): { bytes: Buffer; start: number; end: number } {
  const before = '{"x":1}\n';
  const bytes = Buffer.from(`${before}${line}\n{"y":2}`);
  const start = Buffer.byteLength(before);
  return { bytes, start, end: start + Buffer.byteLength(line) };
}

/**
 * `text` decoded as the JSONL file `file`: the positions of the lines whose events were taken from
 * their bytes, of those parsed, and the warnings at a line (`position: message`).
 */
export async function decodeNoting(
  text: string,
  file: string,
): Promise<{ taken: number[]; parsed: number[]; warnings: string[] }> {
  const taken: number[] = [];
  const parsed: number[] = [];
  const warnings: string[] = [];
  const sink = recordsToEvents({
    add: () => undefined,
    warn: () => undefined,
    warnAt: (position, message) => void warnings.push(`${position}: ${message}`),
    warnFile: () => undefined,
  });
  await decodeJsonl(memoryJsonl(file, text).openStream(), file, {
    ...sink,
    eventRead: (event, origin) => {
      taken.push(origin.position);
      sink.eventRead!(event, origin);
    },
    add: (record, origin) => {
      parsed.push(origin.position);
      sink.add(record, origin);
    },
  });
  return { taken, parsed, warnings };
}
