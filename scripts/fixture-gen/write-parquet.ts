// Records → Arrow record batches → Parquet (parquet-wasm = parquet-rs, SNAPPY), in memory or streamed to a file.
import { createWriteStream } from "node:fs";
import { Writable } from "node:stream";
import {
  makeData,
  RecordBatch,
  Table,
  tableToIPC,
  Struct,
  type Data,
  type List,
  type Schema,
} from "apache-arrow";
import * as wasm from "parquet-wasm";
import { ATTRIBUTE_COLUMNS, makeTelemetrySchema, TOP_COLUMNS } from "./arrow-schema.js";
import { makeColumnBuilder, type ColumnBuilder } from "./columns.js";
import { toParquetRow, type ParquetRow } from "./parquet-row.js";
import type { FusionRecord } from "./types.js";

export interface ParquetWriteOptions {
  /** The engine writes SpanStart rows; false drops them (some older readers only need SpanEnd). */
  includeSpanStart?: boolean;
  /** Rows per Arrow record batch (the engine buffers 1024). */
  batchSize?: number;
  /** Rows per Parquet row group; parquet-rs default is 1,048,576, so a normal run has one row group. */
  rowGroupSize?: number;
  /** Codec of every column; the engine writes SNAPPY, the default. */
  compression?: "UNCOMPRESSED" | "SNAPPY" | "GZIP" | "BROTLI" | "ZSTD" | "LZ4" | "LZ4_RAW";
  /** Top-level columns the engine never leaves empty that may hold nulls here (makeTelemetrySchema). */
  nullable?: readonly string[];
}

/** Accumulates rows column by column and emits one Arrow RecordBatch with the engine schema. */
class BatchBuilder {
  readonly schema: Schema;
  private readonly top: ColumnBuilder[];
  private readonly attrs: ColumnBuilder[];
  private readonly linkTrace: ColumnBuilder;
  private readonly linkSpan: ColumnBuilder;
  private readonly linkPayload: ColumnBuilder;
  private linkOffsets: number[] = [0];
  private linkValidity: boolean[] = [];
  length = 0;

  constructor(nullable: readonly string[] = []) {
    this.schema = makeTelemetrySchema(nullable);
    const fields = this.schema.fields.filter((f) => f.name !== "links" && f.name !== "attributes");
    this.top = TOP_COLUMNS.map(([, kind], i) => makeColumnBuilder(kind, fields[i]!.type));
    const attrType = this.attributesType();
    this.attrs = ATTRIBUTE_COLUMNS.map(([, kind], i) => makeColumnBuilder(kind, attrType.children[i]!.type));
    const item = this.linkItemType();
    this.linkTrace = makeColumnBuilder("dict", item.children[0]!.type);
    this.linkSpan = makeColumnBuilder("u64", item.children[1]!.type);
    this.linkPayload = makeColumnBuilder("large", item.children[2]!.type);
  }

  private attributesType(): Struct {
    return this.schema.fields.find((f) => f.name === "attributes")!.type as Struct;
  }

  private linksType(): List {
    return this.schema.fields.find((f) => f.name === "links")!.type as List;
  }

  private linkItemType(): Struct {
    return this.linksType().children[0]!.type as Struct;
  }

  append(row: ParquetRow): void {
    const r = row as unknown as Record<string, unknown>;
    TOP_COLUMNS.forEach(([name], i) => this.top[i]!.append(r[name]));
    ATTRIBUTE_COLUMNS.forEach(([name], i) => this.attrs[i]!.append(row.attributes[name]));
    this.linkValidity.push(row.links !== null);
    for (const link of row.links ?? []) {
      this.linkTrace.append(link.trace_id);
      this.linkSpan.append(link.span_id);
      this.linkPayload.append(link.json_payload);
    }
    this.linkOffsets.push(this.linkOffsets[this.linkOffsets.length - 1]! + (row.links?.length ?? 0));
    this.length++;
  }

  finish(): RecordBatch {
    const length = this.length;
    const item = this.linkItemType();
    const itemData = makeData({
      type: item,
      length: this.linkOffsets[this.linkOffsets.length - 1]!,
      nullCount: 0,
      children: [this.linkTrace.finish(), this.linkSpan.finish(), this.linkPayload.finish()],
    });
    const linksData = makeData({
      type: this.linksType(),
      length,
      nullCount: this.linkValidity.filter((v) => !v).length,
      nullBitmap: packBits(this.linkValidity),
      valueOffsets: Int32Array.from(this.linkOffsets),
      child: itemData,
    });
    const attributesData = makeData({
      type: this.attributesType(),
      length,
      nullCount: 0,
      children: this.attrs.map((b) => b.finish()),
    });
    const columns: Data[] = this.top.map((b) => b.finish());
    columns.splice(6, 0, linksData);
    columns.push(attributesData);
    const data = makeData({
      type: new Struct(this.schema.fields),
      length,
      nullCount: 0,
      children: columns,
    });
    return new RecordBatch(this.schema, data);
  }
}

function packBits(flags: boolean[]): Uint8Array {
  const out = new Uint8Array((flags.length + 7) >> 3);
  flags.forEach((f, i) => {
    if (f) out[i >> 3]! |= 1 << (i & 7);
  });
  return out;
}

function* selectRows(records: Iterable<FusionRecord>, options: ParquetWriteOptions): Generator<ParquetRow> {
  const includeStart = options.includeSpanStart ?? true;
  for (const record of records) {
    if (!includeStart && record.record_type === "SpanStart") continue;
    yield toParquetRow(record);
  }
}

/** Group records into Arrow batches of `batchSize` rows; each batch has its own dictionaries. */
export function* makeRecordBatches(
  records: Iterable<FusionRecord>,
  options: ParquetWriteOptions = {},
): Generator<RecordBatch> {
  const size = options.batchSize ?? 65_536;
  let builder = new BatchBuilder(options.nullable);
  for (const row of selectRows(records, options)) {
    builder.append(row);
    if (builder.length >= size) {
      yield builder.finish();
      builder = new BatchBuilder(options.nullable);
    }
  }
  if (builder.length > 0) yield builder.finish();
}

function makeWriterProperties(options: ParquetWriteOptions): wasm.WriterProperties {
  return new wasm.WriterPropertiesBuilder()
    .setCompression(wasm.Compression[options.compression ?? "SNAPPY"])
    .setMaxRowGroupSize(options.rowGroupSize ?? 1_048_576)
    .setCreatedBy("fusion-report fixture-gen (parquet-rs via parquet-wasm)")
    .build();
}

function toWasmBatch(batch: RecordBatch): wasm.RecordBatch {
  const table = wasm.Table.fromIPCStream(tableToIPC(new Table([batch]), "stream"));
  const out = table.recordBatch(0);
  if (!out) throw new Error("empty IPC table");
  return out;
}

/** Whole file in memory; for fixtures. One Arrow batch so dictionaries stay consistent. */
export function writeParquet(records: Iterable<FusionRecord>, options: ParquetWriteOptions = {}): Uint8Array {
  const batches = [...makeRecordBatches(records, { ...options, batchSize: Number.MAX_SAFE_INTEGER })];
  const table = batches.length ? new Table(batches) : new Table(makeTelemetrySchema(options.nullable));
  const wasmTable = wasm.Table.fromIPCStream(tableToIPC(table, "stream"));
  return wasm.writeParquet(wasmTable, makeWriterProperties(options));
}

/**
 * Stream records to a Parquet file: Arrow batches are built incrementally and handed to parquet-rs's
 * streaming writer, so memory stays bounded by the batch and the in-progress row group.
 */
export async function writeParquetStream(
  records: Iterable<FusionRecord>,
  path: string,
  options: ParquetWriteOptions = {},
): Promise<{ rows: number }> {
  const batches = makeRecordBatches(records, options);
  let rows = 0;
  const source = new ReadableStream<wasm.RecordBatch>({
    pull(controller) {
      const next = batches.next();
      if (next.done) {
        controller.close();
        return;
      }
      rows += next.value.numRows;
      controller.enqueue(toWasmBatch(next.value));
    },
  });
  const output = await wasm.transformParquetStream(source, makeWriterProperties(options));
  await output.pipeTo(Writable.toWeb(createWriteStream(path)) as WritableStream<Uint8Array>);
  return { rows };
}
