import {
  parquetMetadataAsync,
  parquetSchema,
  type AsyncBuffer,
  type FileMetaData,
  type SchemaTree,
} from "hyparquet";
import { getTreePath } from "hyparquet/src/schema.js";
import { compressors } from "hyparquet-compressors";
import { TelemetryInputError } from "./errors.js";
import { LeafCursor } from "./parquet-columns.js";
import { RelevanceCache, RowFilter, isNodeSpan } from "./parquet-filter.js";
import { eventName } from "./enums.js";
import { PayloadError, jsonlName, liftAttributes } from "./parquet-row.js";
import type { RecordSink, RecordType, TelemetryRecord } from "./record.js";
import { stripAnsi, toNanos, toNumber, toSpanId, toStr } from "./values.js";

const MAGIC = "PAR1";
const REQUIRED_COLUMNS = ["record_type", "trace_id", "event_type", "attributes"];
/** Rows handled per slice: bounds the pages held per column independently of the row-group size. */
export const PARQUET_SLICE_ROWS = 8192;

/** Read for every row: decide whether the row is a record and whether any event can come of it. */
const FILTER_COLUMNS = ["record_type", "trace_id", "event_type", "severity_text"] as const;
/** Read only for rows that passed the filter. */
const ENVELOPE_COLUMNS = [
  "span_id",
  "parent_span_id",
  "start_time_unix_nano",
  "end_time_unix_nano",
  "time_unix_nano",
  "body",
  "status_code",
  "status_message",
] as const;
/**
 * `attributes` children that events.ts reads (directly, or under their JSONL names after the Parquet
 * renames: code_line/code_column → defined_at_*, phase → last_phase). Everything else in the struct
 * (content, content_hash, dev_name, query_id, …) is never decoded. Names that are not columns in the
 * engine's schema are listed too, so a file that does carry them is read the same way as before.
 */
export const ATTRIBUTE_COLUMNS = [
  "json_payload",
  "name",
  "phase",
  "unique_id",
  "materialization",
  "node_type",
  "node_outcome",
  "node_error_type",
  "node_skip_reason",
  "relative_path",
  "code_line",
  "code_column",
  "code",
  "query_outcome",
  "duration_ms",
  "rows_affected",
  // Not engine columns (json_payload carries them); read if a file has them as columns.
  "last_phase",
  "defined_at_line",
  "defined_at_col",
  "test_outcome",
  "failing_rows",
  "idle_time_ms",
  "in_selection",
  "node_count_total",
  "node_count_skipped",
  "node_count_error",
  "invocation_id",
  "raw_command",
  "version",
  "query_error_adapter_message",
] as const;

/**
 * Decodes a Parquet telemetry file slice by slice and feeds each record that can become an event to
 * the sink. Takes a byte-range reader (AsyncBuffer) so local files, downloads and memory look the same.
 *
 * Only the leaf columns the report needs are read, in bounded windows. Four cheap dictionary columns
 * are decoded for every row; the rest only in pages holding a row that passed the early filter
 * (`isRelevant`), and only that row's values are converted. See docs/performance.md.
 */
export async function decodeParquet(
  file: AsyncBuffer,
  name: string,
  sink: RecordSink,
): Promise<{ records: number }> {
  const metadata = await readMetadata(file, name);
  const schema = checkColumns(metadata, name);
  const total = Number(metadata.num_rows);
  if (total === 0) throw new TelemetryInputError(name, "Parquet file has no rows: no telemetry records");
  let records = 0;
  let groupStart = 0;
  const relevance = new RelevanceCache();
  const traceIds = new TraceIds();
  for (const group of metadata.row_groups) {
    const groupRows = Number(group.num_rows);
    const columns = openColumns(file, group.columns, schema, name);
    const { recordType, traceId, eventType, severity } = columns.filter;
    const filters = Object.values(columns.filter).filter((cursor) => cursor !== undefined);
    const others = [...columns.envelope.values(), ...columns.attributes.values()];
    const all = [...filters, ...others];
    const filter = new RowFilter(columns.filter, relevance);
    // Relevance of rows [flagsStart, flagsEnd), computed ahead of the slice as far as the prepared
    // pages of the other columns reach, so that a string page can keep just the values of its
    // relevant rows (see LeafCursor.relevant).
    let flags = new Uint8Array(0);
    let flagsStart = 0;
    const relevantRow = (row: number): boolean | undefined => {
      const i = row - flagsStart;
      return i < flags.length ? flags[i] === 1 : undefined;
    };
    for (const cursor of others) {
      cursor.relevant = relevantRow;
      cursor.sequential = true;
    }
    for (let start = 0; start < groupRows; start += PARQUET_SLICE_ROWS) {
      const end = Math.min(start + PARQUET_SLICE_ROWS, groupRows);
      let row = start;
      try {
        await Promise.all(all.map((cursor) => cursor.prepare(end)));
        const ahead = Math.min(groupRows, Math.max(end, ...others.map((cursor) => cursor.preparedRows)));
        await Promise.all(filters.map((cursor) => cursor.prepare(ahead)));
        const flagsEnd = flagsStart + flags.length;
        if (ahead > flagsEnd) {
          row = flagsEnd;
          const more = filter.classify(flagsEnd, ahead);
          const joined = new Uint8Array(ahead - flagsStart);
          joined.set(flags);
          joined.set(more, flags.length);
          flags = joined;
        }
        for (row = start; row < end; row++) {
          if (!flags[row - flagsStart]) continue;
          const type = recordType!.get(row) as RecordType;
          const trace = traceId!.get(row) as string;
          const event = eventType!.get(row) as string;
          let record;
          try {
            record = readRecord(columns, row, type, traceIds.get(trace), event, severity?.get(row));
          } catch (error) {
            if (!(error instanceof PayloadError)) throw error;
            sink.warn(`${name} (row ${groupStart + row + 1}): ${error.message}; the row was ignored`);
            continue;
          }
          sink.add(record, { file: name, position: groupStart + row + 1 });
        }
      } catch (error) {
        if (error instanceof TelemetryInputError || !isDecodeError(error)) throw error;
        throw new TelemetryInputError(name, `corrupt Parquet data: ${(error as Error).message}`, {
          row: groupStart + Math.min(row, groupRows - 1) + 1,
        });
      }
      for (const cursor of others) cursor.release(end);
      // Filter pages stay until the flags computed from them are used.
      for (const cursor of filters) cursor.release(end);
      flags = flags.subarray(end - flagsStart);
      flagsStart = end;
    }
    records += filter.records;
    groupStart += groupRows;
  }
  if (records === 0) throw new TelemetryInputError(name, "no telemetry records found");
  return { records };
}

/** Trace ids as the record holds them (lower case, no dashes), computed once per distinct id. */
class TraceIds {
  private readonly cache = new Map<string, string>();

  get(raw: string): string {
    let id = this.cache.get(raw);
    if (id === undefined) {
      id = raw.toLowerCase().replace(/-/g, "");
      if (this.cache.size < 1024) this.cache.set(raw, id);
    }
    return id;
  }
}

/** Errors thrown while reading or decoding pages (as opposed to bugs in the sink). */
function isDecodeError(error: unknown): boolean {
  return error instanceof Error && !(error instanceof TypeError && /is not a function/.test(error.message));
}

interface Columns {
  filter: Record<"recordType" | "traceId" | "eventType" | "severity", LeafCursor | undefined>;
  envelope: Map<string, LeafCursor>;
  /** The envelope cursors by field, looked up once per row group rather than once per row. */
  env: Partial<Record<(typeof ENVELOPE_COLUMNS)[number], LeafCursor>>;
  attributes: Map<string, LeafCursor>;
  attributeList: [string, LeafCursor][];
  /** Which attribute cursors to read, under which JSONL name, per event type (built on first use). */
  plans: Map<string, ReadPlan>;
}

interface ReadPlan {
  names: string[];
  cursors: LeafCursor[];
  payload: LeafCursor | null;
  /** Query spans: the payload (the SQL text) is read only for a failed query. */
  payloadOnlyOnError: boolean;
}

function openColumns(
  file: AsyncBuffer,
  chunks: FileMetaData["row_groups"][number]["columns"],
  schema: SchemaTree,
  name: string,
): Columns {
  const byPath = new Map<string, LeafCursor>();
  const wanted = new Set<string>([
    ...FILTER_COLUMNS,
    ...ENVELOPE_COLUMNS,
    ...ATTRIBUTE_COLUMNS.map((child) => `attributes.${child}`),
  ]);
  for (const chunk of chunks) {
    const meta = chunk.meta_data;
    if (!meta) continue;
    const path = meta.path_in_schema.join(".");
    if (!wanted.has(path)) continue;
    let schemaPath;
    try {
      schemaPath = getTreePath(schema, meta.path_in_schema);
    } catch (error) {
      throw new TelemetryInputError(name, `corrupt Parquet schema: ${(error as Error).message}`);
    }
    const cursor = new LeafCursor(file, meta, schemaPath, compressors);
    // Only flat columns: the one list column (links) joins spans the model joins by unique_id.
    if (cursor.repeated) continue;
    byPath.set(path, cursor);
  }
  const envelope = new Map<string, LeafCursor>();
  for (const column of ENVELOPE_COLUMNS) {
    const cursor = byPath.get(column);
    if (cursor) envelope.set(column, cursor);
  }
  const attributes = new Map<string, LeafCursor>();
  for (const child of ATTRIBUTE_COLUMNS) {
    const cursor = byPath.get(`attributes.${child}`);
    if (cursor) attributes.set(child, cursor);
  }
  return {
    filter: {
      recordType: byPath.get("record_type"),
      traceId: byPath.get("trace_id"),
      eventType: byPath.get("event_type"),
      severity: byPath.get("severity_text"),
    },
    envelope,
    env: Object.fromEntries(envelope),
    attributes,
    attributeList: [...attributes],
    plans: new Map(),
  };
}

/**
 * One row → the normalised record, as `parquetRowToRecord` builds it from a whole decoded row
 * (test/telemetry/parquet-stream.test.ts holds the two paths to the same events). Columns no event
 * reads are left out: `spanName` is null here.
 */
/**
 * Query spans are a third of the relevant rows and their json_payload holds the whole SQL text: only
 * the node, the outcome and (for a failed query) the payload's error message are read for them.
 */
const QUERY_CHILDREN = new Set(["unique_id", "query_outcome", "phase"]);

function planFor(columns: Columns, event: string): ReadPlan {
  let plan = columns.plans.get(event);
  if (plan) return plan;
  const isQuery = event === "QueryExecuted";
  plan = { names: [], cursors: [], payload: null, payloadOnlyOnError: isQuery };
  for (const [child, cursor] of columns.attributeList) {
    if (child === "json_payload") plan.payload = cursor;
    else if (!isQuery || QUERY_CHILDREN.has(child)) {
      plan.names.push(jsonlName(event, child));
      plan.cursors.push(cursor);
    }
  }
  columns.plans.set(event, plan);
  return plan;
}

function readRecord(
  columns: Columns,
  row: number,
  recordType: RecordType,
  traceId: string,
  eventType: string,
  severity: unknown,
): TelemetryRecord {
  const env = columns.env;
  const event = eventName(eventType);
  const plan = planFor(columns, event);
  const isQuery = plan.payloadOnlyOnError;
  const isLog = recordType === "LogRecord";
  // Read a column only for the rows whose event uses it: a page nobody asks for is never decoded.
  const body = isLog ? env.body?.get(row) : null;
  const attributes: Record<string, unknown> = {};
  const { names, cursors } = plan;
  for (let i = 0; i < cursors.length; i++) {
    const value = cursors[i]!.get(row);
    if (value !== null && value !== undefined && value !== "") {
      attributes[names[i]!] = typeof value === "bigint" ? Number(value) : value;
    }
  }
  let payload: unknown = isQuery ? null : (plan.payload?.get(row) ?? null);
  const statusCode = isLog ? null : toNumber(env.status_code?.get(row));
  if (isQuery && plan.payload && (statusCode === 2 || attributes.query_outcome === "QUERY_OUTCOME_ERROR")) {
    payload = plan.payload.get(row);
  }
  return {
    recordType,
    traceId,
    spanId: toSpanId(env.span_id?.get(row)),
    parentSpanId: toSpanId(env.parent_span_id?.get(row)),
    spanName: null,
    eventType,
    startNs: isLog ? null : toNanos(env.start_time_unix_nano?.get(row)),
    endNs: isLog ? null : toNanos(env.end_time_unix_nano?.get(row)),
    timeNs: isLog ? toNanos(env.time_unix_nano?.get(row)) : null,
    severity: typeof severity === "string" ? severity.toUpperCase() : "",
    body: typeof body === "string" ? stripAnsi(body) : null,
    statusCode,
    // Span status messages are set only with an error status (`{code: 2, message}`), except on the
    // invocation, whose message the report shows whatever its code.
    statusMessage:
      statusCode === 2 || (!isQuery && !isNodeSpan(eventType) && !isLog)
        ? toStr(env.status_message?.get(row))
        : null,
    attributes: liftAttributes(event, attributes, payload, true),
  };
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

function checkColumns(metadata: FileMetaData, name: string): SchemaTree {
  let columns: string[];
  let schema: SchemaTree;
  try {
    schema = parquetSchema(metadata);
    columns = schema.children.map((child) => child.element.name);
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
  return schema;
}
