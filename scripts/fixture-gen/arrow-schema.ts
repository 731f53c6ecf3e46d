// The engine's Arrow schema for Parquet telemetry (reference §5.2 / §5.3, F186/B2 variant with `code_name`).
import {
  Bool,
  Dictionary,
  Field,
  Int32,
  LargeUtf8,
  List,
  Schema,
  Struct,
  TimestampNanosecond,
  Uint32,
  Uint64,
  Utf8,
  type DataType,
} from "apache-arrow";

export type ColumnKind = "dict" | "large" | "u64" | "u32" | "i32" | "bool" | "ts";

/** `attributes` struct children in order; `code_name` sits right after `code` (F186/B2). */
export const ATTRIBUTE_COLUMNS: ReadonlyArray<readonly [string, ColumnKind]> = [
  ["json_payload", "large"],
  ["name", "dict"],
  ["database", "dict"],
  ["schema", "dict"],
  ["identifier", "dict"],
  ["dbt_core_event_code", "dict"],
  ["phase", "dict"],
  ["unique_id", "dict"],
  ["materialization", "dict"],
  ["custom_materialization", "dict"],
  ["node_type", "dict"],
  ["node_outcome", "dict"],
  ["node_error_type", "dict"],
  ["node_cancel_reason", "dict"],
  ["node_skip_reason", "dict"],
  ["sao_enabled", "bool"],
  ["dev_name", "dict"],
  ["file", "dict"],
  ["line", "u32"],
  ["code", "u32"],
  ["code_name", "dict"],
  ["original_severity_number", "i32"],
  ["original_severity_text", "dict"],
  ["package_name", "dict"],
  ["relative_path", "large"],
  ["code_line", "u32"],
  ["code_column", "u32"],
  ["artifact_type", "dict"],
  ["query_id", "large"],
  ["query_outcome", "dict"],
  ["adapter_type", "dict"],
  ["query_error_vendor_code", "i32"],
  ["content_hash", "large"],
  ["output_format", "dict"],
  ["content", "large"],
  ["duration_ms", "u64"],
  ["rows_affected", "u64"],
  ["group", "large"],
];

/** Top-level columns other than `links` and `attributes`, with nullability. */
export const TOP_COLUMNS: ReadonlyArray<readonly [string, ColumnKind, boolean]> = [
  ["record_type", "dict", false],
  ["trace_id", "dict", false],
  ["span_id", "u64", true],
  ["event_id", "large", true],
  ["span_name", "large", true],
  ["parent_span_id", "u64", true],
  // links (index 6) is inserted by makeTelemetrySchema
  ["start_time_unix_nano", "ts", true],
  ["end_time_unix_nano", "ts", true],
  ["time_unix_nano", "ts", true],
  ["severity_number", "i32", false],
  ["severity_text", "dict", false],
  ["body", "large", true],
  ["status_code", "u32", true],
  ["status_message", "large", true],
  ["event_type", "dict", false],
];

const JSON_EXTENSION = new Map([
  ["ARROW:extension:name", "arrow.json"],
  ["ARROW:extension:metadata", ""],
]);

function makeType(kind: ColumnKind): DataType {
  switch (kind) {
    case "dict":
      return new Dictionary(new Utf8(), new Int32());
    case "large":
      return new LargeUtf8();
    case "u64":
      return new Uint64();
    case "u32":
      return new Uint32();
    case "i32":
      return new Int32();
    case "bool":
      return new Bool();
    case "ts":
      return new TimestampNanosecond();
  }
}

function makeField(name: string, kind: ColumnKind, nullable: boolean): Field {
  const metadata = name === "json_payload" ? JSON_EXTENSION : undefined;
  return new Field(name, makeType(kind), nullable, metadata);
}

export function makeLinkItemType(): Struct {
  return new Struct([
    makeField("trace_id", "dict", false),
    makeField("span_id", "u64", false),
    makeField("json_payload", "large", true),
  ]);
}

/**
 * A fresh schema (fresh dictionary ids) for one record batch. `nullable` names top-level columns the
 * engine never leaves empty that a test may (a row without a trace_id).
 */
export function makeTelemetrySchema(nullable: readonly string[] = []): Schema {
  const fields = TOP_COLUMNS.map(([name, kind, optional]) =>
    makeField(name, kind, optional || nullable.includes(name)),
  );
  const links = new Field("links", new List(new Field("item", makeLinkItemType(), false)), true);
  const attributes = new Field(
    "attributes",
    new Struct(ATTRIBUTE_COLUMNS.map(([name, kind]) => makeField(name, kind, true))),
    false,
  );
  fields.splice(6, 0, links);
  fields.push(attributes);
  return new Schema(fields);
}
