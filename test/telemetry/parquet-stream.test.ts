// The streamed, leaf-column Parquet decoder must give the same events as the whole-file reference:
// hyparquet's object reader over every column of the file + parquetRowToRecord + toEvent, unfiltered.
import { readFileSync } from "node:fs";
import path from "node:path";
import { parquetReadObjects, type AsyncBuffer, type Compressors } from "hyparquet";
import { compressors } from "hyparquet-compressors";
import { Table, tableToIPC } from "apache-arrow";
import * as wasm from "parquet-wasm";
import { globSync } from "tinyglobby";
import { describe, expect, it } from "vitest";
import {
  buildScenarioRecords,
  makeLargeScenario,
  makeRecordBatches,
  SCENARIOS,
  writeParquet,
  type ParquetWriteOptions,
} from "../../scripts/fixture-gen/index.js";
import { makeNodeHeavyScenario } from "../../scripts/fixture-gen/large-scenario.js";
import { ReadAgainInFull } from "../../src/telemetry/errors.js";
import {
  isRelevant,
  toEvent,
  type LocatedEventSink,
  type TelemetryEvent,
} from "../../src/telemetry/events.js";
import { decodeParquet, PARQUET_READ_BATCH_ROWS, PARQUET_SLICE_ROWS } from "../../src/telemetry/parquet.js";
import { pageBuffer, pooledBuffers, recycleBuffer } from "../../src/telemetry/parquet/buffers.js";
import { PayloadError } from "../../src/telemetry/parquet/payload.js";
import type { PageCounts } from "../../src/telemetry/parquet/page-decode.js";
import { parquetRowToRecord } from "../support/parquet-reference.js";
import { ReportBuilder } from "../../src/model/build-report.js";
import { readTelemetryReport } from "../../src/pipeline/read-telemetry.js";

const ROOT = path.resolve(import.meta.dirname, "../..");

function buffer(bytes: Uint8Array): AsyncBuffer {
  const copy = new Uint8Array(bytes.byteLength);
  copy.set(bytes);
  return { byteLength: copy.byteLength, slice: (start, end) => copy.buffer.slice(start, end) };
}

interface Decoded {
  events: { position: number; event: TelemetryEvent }[];
  records: number;
  warnings: string[];
  /** Data pages decoded, by path (streamed reader only). */
  pages?: PageCounts;
}

/**
 * hyparquet-compressors, except that a page of no bytes is empty whatever its codec: 1.1.2 rejects
 * the empty LZ4 block parquet-rs writes for one ("lz4 offset out of range 0").
 */
function withEmptyPages(codecs: Compressors): Compressors {
  return Object.fromEntries(
    Object.entries(codecs).map(([codec, decompress]) => [
      codec,
      (input: Uint8Array, length: number) => (length === 0 ? new Uint8Array(0) : decompress(input, length)),
    ]),
  );
}

/** Whole file, every column, every row; filtered only by toEvent. */
async function reference(bytes: Uint8Array): Promise<Decoded> {
  const rows = await parquetReadObjects({
    file: buffer(bytes),
    compressors: withEmptyPages(compressors),
    parsers: { timestampFromNanoseconds: (nanos: bigint) => nanos },
  });
  const out: Decoded = { events: [], records: 0, warnings: [] };
  rows.forEach((row, i) => {
    let record;
    try {
      record = parquetRowToRecord(row);
    } catch (error) {
      if (!(error instanceof PayloadError)) throw error;
      out.warnings.push(`row ${i + 1}`);
      return;
    }
    if (!record) return;
    out.records++;
    const event = toEvent(record);
    // Node span starts are skipped on purpose: a readable Parquet file is a finished run, whose
    // span ends carry everything (see RelevanceCache in parquet/filter.ts).
    if (event?.kind === "node" && record.recordType === "SpanStart") return;
    if (event) {
      // The early filter must keep every record that becomes an event.
      expect(isRelevant(record.eventType, record.recordType, record.severity)).toBe(true);
      out.events.push({ position: i + 1, event });
    }
  });
  return out;
}

/**
 * As the pipeline reads a file (pipeline/read-telemetry.ts): with phase span ends read as their
 * times alone where NodeProcessed ends decide the nodes, and again in full when one did not.
 */
async function streamed(bytes: Uint8Array): Promise<Decoded & { readAgain: boolean }> {
  try {
    return { ...(await streamedOnce(bytes, false)), readAgain: false };
  } catch (error) {
    if (!(error instanceof ReadAgainInFull)) throw error;
    return { ...(await streamedOnce(bytes, true)), readAgain: true };
  }
}

async function streamedOnce(bytes: Uint8Array, phasesInFull: boolean): Promise<Decoded> {
  const out: Decoded = { events: [], records: 0, warnings: [] };
  const sink: LocatedEventSink = {
    add(event, position) {
      out.events.push({ position, event });
    },
    warn(message) {
      out.warnings.push(/row \d+/.exec(message)?.[0] ?? message);
    },
    warnAt(position, message) {
      out.warnings.push(`row ${position}: ${message}`);
    },
    warnFile(message) {
      out.warnings.push(message);
    },
    // As the model counts them (ReportBuilder): nodes with a phase span end read as its times alone
    // and no NodeProcessed end, or one without the node's times and duration.
    undecidedPhaseNodes() {
      const decided = processedNodes(out, { withTimes: true });
      const timesAlone = new Set<string>();
      for (const { event } of out.events) {
        if (event.kind === "phaseTimes") timesAlone.add(`${event.traceId} ${event.uniqueId}`);
      }
      return [...timesAlone].filter((node) => !decided.has(node)).length;
    },
  };
  const { records, pages } = await decodeParquet(buffer(bytes), "t.parquet", sink, { phasesInFull });
  out.records = records;
  out.pages = pages;
  return out;
}

/**
 * The NodeEvaluated span ends of a node whose NodeProcessed span end is in the file are read for
 * their span and node only, as `phaseTimes` events, their times left to the NodeProcessed end (the
 * model decides such a node by NodeProcessed alone; see src/telemetry/parquet.ts): the reference's
 * full events of those spans are compared in that form.
 */
function comparable(decoded: Decoded, processed: Set<string>) {
  return decoded.events.map(({ position, event }) => {
    if (event.kind === "node" && isPhaseOfProcessedNode(event, processed)) {
      const { traceId, spanId, facts } = event;
      return {
        position,
        event: {
          kind: "phaseTimes",
          traceId,
          spanId,
          uniqueId: facts.uniqueId,
          startNs: null,
          endNs: null,
          timesFromProcessed: true,
        },
      };
    }
    return { position, event };
  });
}

function isPhaseOfProcessedNode(event: TelemetryEvent, processed: Set<string>): boolean {
  if (event.kind === "phaseTimes") return true;
  return (
    event.kind === "node" &&
    event.span === "evaluated" &&
    event.ended &&
    processed.has(`${event.traceId} ${event.facts.uniqueId}`)
  );
}

function report(decoded: Decoded) {
  const builder = new ReportBuilder({ slowest: 10, failOn: "errors", generatorVersion: "test" });
  const sink = builder.startFile({ files: ["t.parquet"], format: "parquet" });
  for (const { event } of decoded.events) sink.add(event);
  return builder.finish();
}

/** The nodes with a NodeProcessed span end; `withTimes`: one that holds their times and duration. */
function processedNodes(decoded: Decoded, { withTimes = false } = {}): Set<string> {
  const nodes = new Set<string>();
  for (const { event } of decoded.events) {
    if (event.kind === "node" && event.span === "processed" && event.ended) {
      const timed = event.startNs !== null && event.endNs !== null && event.facts.durationMs !== null;
      if (!withTimes || timed) nodes.add(`${event.traceId} ${event.facts.uniqueId}`);
    }
  }
  return nodes;
}

async function expectSame(bytes: Uint8Array): Promise<Decoded & { readAgain: boolean }> {
  const [expected, actual] = await Promise.all([reference(bytes), streamed(bytes)]);
  expect(actual.events.length).toBeGreaterThan(0);
  const processed = processedNodes(expected);
  expect(comparable(actual, processed)).toEqual(comparable(expected, processed));
  // And the report built from each is the same, in full.
  expect(report(actual)).toEqual(report(expected));
  expect(actual.records).toBe(expected.records);
  // Payload warnings: the streamed decoder parses json_payload only for rows that can become events.
  expect(expected.warnings).toEqual(expect.arrayContaining(actual.warnings));
  return actual;
}

const fixtures = [
  ...globSync("test/fixtures/generated/*/telemetry.parquet", { cwd: ROOT }),
  ...globSync("test/fixtures/real/parquet-replica/*.parquet", { cwd: ROOT }),
]
  .filter((file) => !file.includes("crashed-run")) // truncated on purpose: no footer
  .sort();

describe("streamed Parquet decoding equals the whole-file reference", () => {
  it("finds the fixtures", () => {
    expect(fixtures.length).toBeGreaterThan(5);
  });

  it.each(fixtures)("%s", async (file) => {
    await expectSame(readFileSync(path.join(ROOT, file)));
  });

  it("reads a processed node's phase spans without their other columns", async () => {
    const actual = await streamed(
      readFileSync(path.join(ROOT, "test/fixtures/generated/large-run/telemetry.parquet")),
    );
    expect(actual.readAgain).toBe(false);
    const processed = processedNodes(actual);
    const phases = actual.events.filter(({ event }) => isPhaseOfProcessedNode(event, processed));
    expect(phases.length).toBeGreaterThan(100);
    // Read in full, a phase span has an outcome and a node type; read slim, only its span and node,
    // its times left to its node's NodeProcessed end.
    for (const { event } of phases) {
      expect(event).toMatchObject({
        kind: "phaseTimes",
        startNs: null,
        endNs: null,
        timesFromProcessed: true,
      });
      expect(Object.keys(event).sort()).toEqual([
        "endNs",
        "kind",
        "spanId",
        "startNs",
        "timesFromProcessed",
        "traceId",
        "uniqueId",
      ]);
    }
  });

  it("reads the phase spans again in full when a node's NodeProcessed end lacks its duration", async () => {
    // The engine writes duration_ms on every NodeProcessed end (and its times: the Parquet file's
    // columns cannot leave them out); without it, the phases' times stand in.
    const records = buildScenarioRecords(makeLargeScenario({ nodes: 60 }));
    let cuts = 0;
    for (const record of records) {
      const processedEnd = record.record_type === "SpanEnd" && record.event_type.endsWith(".NodeProcessed");
      if (processedEnd && String(record.attributes.unique_id).endsWith("0")) {
        delete record.attributes.duration_ms;
        cuts++;
      }
    }
    expect(cuts).toBeGreaterThan(2);
    const bytes = writeParquet(records);
    const actual = await expectSame(bytes);
    expect(actual.readAgain).toBe(true);
    // Through the pipeline, with the model's own count of the nodes left undecided.
    const copy = new Uint8Array(bytes).buffer;
    const read = await readTelemetryReport(
      [
        {
          name: "t.parquet",
          format: "parquet",
          openBuffer: async () => ({ byteLength: copy.byteLength, slice: (s, e) => copy.slice(s, e) }),
        },
      ],
      { slowest: 10, failOn: "errors", generatorVersion: "test" },
    );
    const timings = (invocations: { nodes: { uniqueId: string; timing: unknown }[] }[]) =>
      new Map(invocations.flatMap(({ nodes }) => nodes.map((node) => [node.uniqueId, node.timing])));
    const expected = timings(report(await reference(bytes)).invocations);
    expect(timings(read.invocations)).toEqual(expected);
    const cutNode = [...expected.keys()].find((id) => id.endsWith("0"))!;
    expect((expected.get(cutNode) as { processingMs: number | null }).processingMs).not.toBeNull();
  });

  it("reads in full the phase spans of nodes that have no NodeProcessed span", async () => {
    // A tenth of the nodes lose their NodeProcessed span: their results come from their phases.
    const lost = (record: { event_type: string; attributes: Record<string, unknown> }): boolean =>
      record.event_type.endsWith(".NodeProcessed") && String(record.attributes.unique_id).endsWith("0");
    const records = buildScenarioRecords(makeLargeScenario({ nodes: 60 })).filter((record) => !lost(record));
    const actual = await expectSame(writeParquet(records));
    // Read slim first, as the file names NodeProcessed; then again, as not every node had one.
    expect(actual.readAgain).toBe(true);
    expect(actual.events.some(({ event }) => event.kind === "phaseTimes")).toBe(false);
    const processed = processedNodes(actual);
    const fullPhases = actual.events.filter(
      ({ event }) =>
        event.kind === "node" &&
        event.span === "evaluated" &&
        event.ended &&
        !isPhaseOfProcessedNode(event, processed),
    );
    expect(fullPhases.length).toBeGreaterThan(0);
    for (const { event } of fullPhases) {
      expect((event as Extract<TelemetryEvent, { kind: "node" }>).facts.outcome).not.toBeNull();
    }
  });

  it("reads the phase spans of a file without NodeProcessed spans in full, once", async () => {
    // Files before preview.72: each node is decided by its phases, which its event types say up front.
    const records = buildScenarioRecords(makeLargeScenario({ nodes: 60 })).filter(
      (record) => !record.event_type.endsWith(".NodeProcessed"),
    );
    const actual = await expectSame(writeParquet(records));
    expect(actual.readAgain).toBe(false);
    expect(actual.events.some(({ event }) => event.kind === "phaseTimes")).toBe(false);
    expect(actual.events.filter(({ event }) => event.kind === "node").length).toBeGreaterThan(60);
  });

  const noisy = makeLargeScenario({
    nodes: 240,
    noise: {
      callTracesPerEvaluation: 4,
      userLogsPerEvaluation: 3,
      compiledCode: true,
      extraQueriesPerRun: 2,
    },
  });
  const cases: [string, ParquetWriteOptions][] = [
    ["one row group larger than a slice", {}],
    ["many small row groups", { rowGroupSize: 333 }],
    ["row groups of one row", { rowGroupSize: 1 }],
    ["without SpanStart rows", { includeSpanStart: false, rowGroupSize: 5000 }],
    // The engine writes Snappy; the other codecs load hyparquet-compressors on demand.
    ["uncompressed", { compression: "UNCOMPRESSED" }],
    ["gzip", { compression: "GZIP" }],
    ["Brotli", { compression: "BROTLI" }],
    ["zstd", { compression: "ZSTD" }],
    ["LZ4_RAW", { compression: "LZ4_RAW" }],
    ["LZ4 (Hadoop framing)", { compression: "LZ4" }],
  ];
  it.each(cases)("%s", async (_, options) => {
    const records = buildScenarioRecords(noisy);
    const bytes = writeParquet(options.rowGroupSize === 1 ? records.slice(0, 200) : records, options);
    const result = await expectSame(bytes);
    if (!options.rowGroupSize && options.includeSpanStart !== false)
      expect(result.records).toBeGreaterThan(8192);
  });

  it("reads a slice with more relevant rows than a read batch", async () => {
    // Nearly every row of a node-heavy build is relevant: a slice's rows are read in several batches.
    const records = buildScenarioRecords(makeNodeHeavyScenario({ models: 150 }));
    expect(records.length).toBeLessThan(PARQUET_SLICE_ROWS);
    const result = await expectSame(writeParquet(records));
    expect(result.events.length).toBeGreaterThan(2 * PARQUET_READ_BATCH_ROWS);
  });

  it("gives the page pool's buffers back when a file is done, also when reading it failed", async () => {
    const bytes = writeParquet(buildScenarioRecords(noisy));
    const sink = { add() {}, warn() {}, warnAt() {}, warnFile() {} };
    // Buffers a read left in the pool (pages of any size class) are freed at its end.
    const fillPool = (): void => {
      const pages = [70_000, 70_000, 300_000, 1_300_000].map((size) => pageBuffer(size));
      for (const page of pages) recycleBuffer(page.buffer);
      expect(pooledBuffers()).toBeGreaterThanOrEqual(4);
    };
    fillPool();
    await decodeParquet(buffer(bytes), "t.parquet", sink);
    expect(pooledBuffers()).toBe(0);
    fillPool();
    const failing = {
      ...sink,
      add() {
        throw new Error("stop");
      },
    };
    await expect(decodeParquet(buffer(bytes), "t.parquet", failing)).rejects.toThrow("stop");
    expect(pooledBuffers()).toBe(0);
  });

  it("covers every page decoding path", async () => {
    // Without dictionaries every page is PLAIN (string offsets indexed, INT64 values read as a
    // stream); with them, filter columns decode their indices whole and the others as a stream.
    // DATA_PAGE_V2 goes through hyparquet's general path.
    const records = buildScenarioRecords(noisy);
    const used: PageCounts = { generic: 0, ids: 0, bytes: 0, stream: 0 };
    const count = (decoded: Decoded): void => {
      for (const kind of Object.keys(used) as (keyof PageCounts)[]) used[kind] += decoded.pages![kind];
    };
    count(await expectSame(writeParquet(records)));
    for (const [dictionary, version] of [
      [false, wasm.WriterVersion.V1],
      [true, wasm.WriterVersion.V2],
    ] as const) {
      const properties = new wasm.WriterPropertiesBuilder()
        .setCompression(wasm.Compression.SNAPPY)
        .setDictionaryEnabled(dictionary)
        .setWriterVersion(version)
        .setDataPageSizeLimit(16 * 1024)
        .build();
      const table = new Table([...makeRecordBatches(records, { batchSize: Number.MAX_SAFE_INTEGER })]);
      count(
        await expectSame(
          wasm.writeParquet(wasm.Table.fromIPCStream(tableToIPC(table, "stream")), properties),
        ),
      );
    }
    for (const kind of ["ids", "bytes", "generic", "stream"] as const)
      expect(used[kind], kind).toBeGreaterThan(0);
  });
});

describe("trace ids", () => {
  it("a row whose trace_id is not one is left out with a warning naming the file, row and column, as in JSONL", async () => {
    const records = buildScenarioRecords(SCENARIOS.find((spec) => spec.name === "states")!);
    const trace = records[0]!.trace_id;
    // A UUID's hyphens and capitals are a trace id still; 32 characters that are not hex are not.
    const uuid = `${trace.slice(0, 8)}-${trace.slice(8, 12)}-${trace.slice(12, 16)}-${trace.slice(16, 20)}-${trace.slice(20)}`;
    const ends = records
      .map((record, index) => ({ record, row: index + 1 }))
      .filter(
        ({ record }) => record.record_type === "SpanEnd" && record.event_type.endsWith("NodeProcessed"),
      );
    const [bad, renamed] = ends;
    bad!.record.trace_id = "zz".repeat(16);
    renamed!.record.trace_id = uuid.toUpperCase();
    const events: TelemetryEvent[] = [];
    const warnings: string[] = [];
    await decodeParquet(buffer(writeParquet(records)), "bad.parquet", {
      add: (event) => events.push(event),
      warn: (message) => warnings.push(message),
      warnAt: (position, message) => warnings.push(`row ${position}: ${message}`),
      warnFile: (message) => warnings.push(message),
    });
    expect(warnings).toEqual([
      `bad.parquet (row ${bad!.row}): trace_id is "${"zz".repeat(16)}", not a trace id (32 hex digits); the row was ignored`,
    ]);
    expect(events.every((event) => event.traceId === trace)).toBe(true);
    const nodeOf = (end: typeof bad) => (end!.record.attributes as { unique_id?: string }).unique_id;
    const processed = events.flatMap((event) =>
      event.kind === "node" && event.span === "processed" ? [event.facts.uniqueId] : [],
    );
    expect(processed).toContain(nodeOf(renamed));
    expect(processed).not.toContain(nodeOf(bad));
  });

  it("a row without a trace_id (null) is a record left out with a warning, as a JSONL record without one", async () => {
    const records = buildScenarioRecords(SCENARIOS.find((spec) => spec.name === "states")!);
    const ends = records
      .map((record, index) => ({ record, row: index + 1 }))
      .filter(
        ({ record }) => record.record_type === "SpanEnd" && record.event_type.endsWith("NodeProcessed"),
      );
    const untraced = ends[0]!;
    (untraced.record as { trace_id: string | null }).trace_id = null;
    const events: TelemetryEvent[] = [];
    const warnings: string[] = [];
    await decodeParquet(buffer(writeParquet(records, { nullable: ["trace_id"] })), "bad.parquet", {
      add: (event) => events.push(event),
      warn: (message) => warnings.push(message),
      warnAt: (position, message) => warnings.push(`row ${position}: ${message}`),
      warnFile: (message) => warnings.push(message),
    });
    expect(warnings).toEqual([
      `bad.parquet (row ${untraced.row}): trace_id is null, not a trace id (32 hex digits); the row was ignored`,
    ]);
    const uniqueId = (untraced.record.attributes as { unique_id?: string }).unique_id;
    const processed = events.flatMap((event) =>
      event.kind === "node" && event.span === "processed" ? [event.facts.uniqueId] : [],
    );
    expect(processed).not.toContain(uniqueId);
    expect(processed.length).toBe(ends.length - 1);
  });
});
