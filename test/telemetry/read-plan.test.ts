// The Parquet reader decodes only the columns READ_PLAN names. Every attribute and envelope field
// that toEvent reads from a record (the JSONL path reads whatever the record holds) must be in the
// plan of its kind of row, or Parquet would silently give null where JSONL works.
import { describe, expect, it } from "vitest";
import { eventName } from "../../src/telemetry/enums.js";
import { toEvent } from "../../src/telemetry/events.js";
import {
  ATTRIBUTE_COLUMNS,
  JSONL_ONLY_ATTRIBUTES,
  PAYLOAD_FIELDS,
  READ_PLAN,
  jsonlName,
  planKindOf,
  type EnvelopeColumn,
} from "../../src/telemetry/read-plan.js";
import type { RecordType, TelemetryRecord } from "../../src/telemetry/record.js";

/** Record fields and the Parquet column each comes from. The filter columns are read for every row. */
const RECORD_COLUMNS: Record<keyof TelemetryRecord, EnvelopeColumn | "filter" | "attributes" | "span_name"> =
  {
    recordType: "filter",
    traceId: "filter",
    eventType: "filter",
    severity: "filter",
    spanId: "span_id",
    parentSpanId: "parent_span_id",
    spanName: "span_name",
    startNs: "start_time_unix_nano",
    endNs: "end_time_unix_nano",
    timeNs: "time_unix_nano",
    body: "body",
    statusCode: "status_code",
    statusMessage: "status_message",
    attributes: "attributes",
  };

/** Runs toEvent and returns the record fields and the attribute keys it read. */
function fieldsRead(
  recordType: RecordType,
  eventType: string,
  attributes: Record<string, unknown>,
  statusCode: number | null,
): { record: Set<string>; attributes: Set<string> } {
  const read = { record: new Set<string>(), attributes: new Set<string>() };
  const attrs = new Proxy(attributes, {
    get(target, key) {
      if (typeof key === "string") read.attributes.add(key);
      return target[key as string];
    },
  });
  const record: TelemetryRecord = {
    recordType,
    traceId: "0190aa00bb11cc22dd33ee44ff556677",
    spanId: "7a1c0e55d2b94f01",
    parentSpanId: "3b0d9e2a11f4c6a8",
    spanName: "span",
    eventType,
    startNs: 1n,
    endNs: 2n,
    timeNs: 3n,
    severity: "ERROR",
    body: "text",
    statusCode,
    statusMessage: "message",
    attributes: attrs,
  };
  toEvent(
    new Proxy(record, {
      get(target, key) {
        if (typeof key === "string") read.record.add(key);
        return target[key as keyof TelemetryRecord];
      },
    }),
  );
  return read;
}

/** The attribute keys (JSONL names) and envelope columns a row of this event reads from Parquet. */
function provided(
  recordType: RecordType,
  eventType: string,
): { attributes: Set<string>; envelope: Set<string> } {
  const event = eventName(eventType);
  const kind = planKindOf(recordType, eventType, event);
  const spec = READ_PLAN[kind];
  const columns = (spec.attributes ?? ATTRIBUTE_COLUMNS).filter((column) => column !== "json_payload");
  const attributes = new Set(columns.map((column) => jsonlName(event, column)));
  if (spec.payload !== "never") for (const field of PAYLOAD_FIELDS[kind]) attributes.add(field);
  for (const field of JSONL_ONLY_ATTRIBUTES.any) attributes.add(field);
  if (event === "NodeProcessed")
    for (const field of JSONL_ONLY_ATTRIBUTES.NodeProcessed) attributes.add(field);
  const envelope = new Set<string>(["filter", "attributes", ...spec.envelope]);
  if (spec.statusMessage !== "never") envelope.add("status_message");
  return { attributes, envelope };
}

/** What toEvent reads, for this row, that the Parquet plan does not provide. */
function missingFromPlan(
  recordType: RecordType,
  eventType: string,
  attributeSets: Record<string, unknown>[],
): string[] {
  const plan = provided(recordType, eventType);
  const missing = new Set<string>();
  for (const attributes of attributeSets) {
    for (const statusCode of [1, 2]) {
      const read = fieldsRead(recordType, eventType, attributes, statusCode);
      for (const key of read.attributes) if (!plan.attributes.has(key)) missing.add(`attributes.${key}`);
      for (const field of read.record) {
        const column = RECORD_COLUMNS[field as keyof TelemetryRecord] ?? field;
        if (!plan.envelope.has(column)) missing.add(column);
      }
    }
  }
  return [...missing].sort();
}

const NODE_ATTRIBUTES = [
  { unique_id: "model.shop.orders" },
  // The simplified docs spelling: test_outcome and failing_rows as direct attributes.
  { unique_id: "test.shop.t", test_outcome: "TEST_OUTCOME_FAILED", failing_rows: 3 },
  {
    unique_id: "test.shop.t",
    node_test_detail: { test_outcome: "TEST_OUTCOME_FAILED", failing_rows: 3, diff_table: "d" },
    node_freshness_outcome: { node_freshness_outcome: "SOURCE_FRESHNESS_OUTCOME_OUTCOME_WARNED" },
    node_cache_detail: {},
    node_evaluation_detail: { node_warning_outcome: "NODE_WARNING_OUTCOME_WITH_WARNINGS" },
    node_skip_upstream_detail: { upstream_unique_id: "model.shop.a" },
  },
];
const EVENT = "v1.public.events.fusion";
const ROWS: [RecordType, string, Record<string, unknown>[]][] = [
  ["SpanEnd", `${EVENT}.node.NodeProcessed`, NODE_ATTRIBUTES],
  ["SpanEnd", `${EVENT}.node.NodeEvaluated`, NODE_ATTRIBUTES],
  ["SpanStart", `${EVENT}.node.NodeEvaluated`, NODE_ATTRIBUTES],
  ["SpanEnd", "Node", NODE_ATTRIBUTES],
  ["SpanEnd", `${EVENT}.query.QueryExecuted`, [{}, { query_error_adapter_message: "boom" }]],
  ["LogRecord", `${EVENT}.log.LogMessage`, [{}]],
  ["LogRecord", "Log", [{}]],
  ["SpanEnd", `${EVENT}.phase.PhaseExecuted`, [{}]],
  ["SpanStart", `${EVENT}.phase.PhaseExecuted`, [{}]],
  ["SpanEnd", `${EVENT}.invocation.Invocation`, [{ eval_args: {}, process_info: {} }]],
  ["SpanEnd", `${EVENT}.process.Process`, [{}]],
];

describe("the Parquet read plan covers what events read", () => {
  it.each(ROWS)("%s %s", (recordType, eventType, attributes) => {
    expect(missingFromPlan(recordType, eventType, attributes)).toEqual([]);
  });

  it("reports an attribute that events read and the plan lacks", () => {
    // The check itself: a plan without `duration_ms` must be caught.
    const spec = READ_PLAN.node;
    const original = spec.attributes;
    try {
      (spec as { attributes: typeof original }).attributes = original!.filter(
        (name) => name !== "duration_ms",
      );
      expect(missingFromPlan("SpanEnd", `${EVENT}.node.NodeProcessed`, NODE_ATTRIBUTES)).toEqual([
        "attributes.duration_ms",
      ]);
    } finally {
      (spec as { attributes: typeof original }).attributes = original;
    }
  });
});
