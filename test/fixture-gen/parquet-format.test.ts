// The generated Parquet files must match the engine's layout (reference §5) and the JSONL of the same run.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { MessageReader, type Field } from "apache-arrow";
import { parquetMetadata, type SchemaElement } from "hyparquet";
import { describe, expect, it } from "vitest";
import { ONEOF_TAGS, SCENARIOS, type JsonlRecord } from "../../scripts/fixture-gen/index.js";
import {
  GENERATED,
  hexOf,
  readFileBuffer,
  readJsonlRecords,
  readMetadata,
  readParquetRows,
  REPLICA,
} from "./helpers.js";

const READABLE = SCENARIOS.filter((s) => s.truncateParquetBytes === undefined);

function describeElement(e: SchemaElement): string {
  return JSON.stringify({
    name: e.name,
    type: e.type,
    repetition: e.repetition_type,
    converted: e.converted_type,
    logical: e.logical_type,
    children: e.num_children,
  });
}

/** Replica (F176, 37 children) + `code_name` after `code` = the F186/B2 layout. */
function expectedSchema(): string[] {
  const replica = readMetadata(REPLICA).schema;
  const out: string[] = [];
  for (const e of replica) {
    if (e.name === "attributes") {
      out.push(describeElement({ ...e, num_children: 38 }));
      continue;
    }
    out.push(describeElement(e));
    if (e.name === "code") {
      const dict = replica.find((x) => x.name === "dev_name")!;
      out.push(describeElement({ ...dict, name: "code_name" }));
    }
  }
  return out;
}

function lastInvocation(records: JsonlRecord[]): JsonlRecord[] {
  const trace = records[records.length - 1]!.trace_id;
  return records.filter((r) => r.trace_id === trace);
}

describe.each(READABLE.map((s) => [s.name, s] as const))("parquet %s", (name, spec) => {
  const path = join(GENERATED, name, "telemetry.parquet");

  it("has the engine's column names, order, physical and logical types", () => {
    const md = readMetadata(path);
    expect(md.schema.map(describeElement)).toEqual(expectedSchema());
  });

  it("is SNAPPY-compressed with one row group and an ARROW:schema footer", () => {
    const md = readMetadata(path);
    expect(md.row_groups).toHaveLength(1);
    for (const column of md.row_groups[0]!.columns) expect(column.meta_data?.codec).toBe("SNAPPY");
    expect(md.key_value_metadata?.map((kv) => kv.key)).toContain("ARROW:schema");
  });

  it("embeds the Arrow types: dictionaries, LargeUtf8, UInt64, Timestamp(ns), arrow.json", () => {
    const md = readMetadata(path);
    const b64 = md.key_value_metadata!.find((kv) => kv.key === "ARROW:schema")!.value!;
    const schema = new MessageReader(Buffer.from(b64, "base64")).readSchema()!;
    const typeOf = (f: Field | undefined) => String(f?.type);
    const top = (n: string) => schema.fields.find((f) => f.name === n);
    expect(typeOf(top("record_type"))).toBe("Dictionary<Int32, Utf8>");
    expect(typeOf(top("span_id"))).toBe("Uint64");
    expect(typeOf(top("span_name"))).toBe("LargeUtf8");
    expect(typeOf(top("start_time_unix_nano"))).toBe("Timestamp<NANOSECOND>");
    expect(typeOf(top("status_code"))).toBe("Uint32");
    const attrs = top("attributes")!.type.children as Field[];
    expect(attrs.map((f) => f.name).slice(19, 22)).toEqual(["code", "code_name", "original_severity_number"]);
    expect(attrs[0]!.metadata.get("ARROW:extension:name")).toBe("arrow.json");
    expect(typeOf(attrs.find((f) => f.name === "node_outcome"))).toBe("Dictionary<Int32, Utf8>");
    expect(typeOf(attrs.find((f) => f.name === "duration_ms"))).toBe("Uint64");
  });

  it("holds the same records as the JSONL (last invocation), ids and times exact", async () => {
    const rows = await readParquetRows(readFileBuffer(path));
    let expected = lastInvocation(readJsonlRecords(name));
    if (spec.parquetSpanStart === false) expected = expected.filter((r) => r.record_type !== "SpanStart");
    expect(rows).toHaveLength(expected.length);
    rows.forEach((row, i) => {
      const rec = expected[i]!;
      expect(row.record_type).toBe(rec.record_type);
      expect(row.trace_id).toBe(rec.trace_id);
      expect(hexOf(row.span_id)).toBe(rec.span_id);
      expect(hexOf(row.parent_span_id)).toBe(rec.parent_span_id ?? null);
      expect(row.start_time_unix_nano).toBe(
        rec.start_time_unix_nano ? BigInt(rec.start_time_unix_nano) : null,
      );
      expect(row.end_time_unix_nano).toBe(rec.end_time_unix_nano ? BigInt(rec.end_time_unix_nano) : null);
      expect(row.time_unix_nano).toBe(rec.time_unix_nano ? BigInt(rec.time_unix_nano) : null);
      expect(row.severity_number).toBe(rec.severity_number);
      expect(row.severity_text).toBe(rec.severity_text);
      expect(row.event_type).toBe(rec.event_type);
      expect(row.status_code ?? null).toBe(rec.status ? rec.status.code : null);
      expect(row.event_id ?? null).toBe(rec.event_id ?? null);
      const links = (row.links as { span_id: bigint; trace_id: string }[] | undefined) ?? null;
      expect(links?.map((l) => hexOf(l.span_id)) ?? null).toEqual(rec.links?.map((l) => l.span_id) ?? null);
    });
  });

  it("maps node attributes: enums, last_phase → phase, defined_at → code_line, oneof tags", async () => {
    const rows = await readParquetRows(readFileBuffer(path));
    const bySpanEnd = new Map(
      lastInvocation(readJsonlRecords(name))
        .filter((r) => r.record_type === "SpanEnd")
        .map((r) => [r.span_id, r]),
    );
    for (const row of rows) {
      const a = row.attributes as Record<string, unknown>;
      const type = row.event_type as string;
      if (!type.endsWith("NodeProcessed") && !type.endsWith("NodeEvaluated")) continue;
      if (row.record_type === "SpanStart") {
        expect(a.node_outcome).toMatch(/^NODE_OUTCOME_(UNSPECIFIED|SKIPPED)$/);
        continue;
      }
      const rec = bySpanEnd.get(hexOf(row.span_id))!;
      const r = rec.attributes;
      expect(a.node_outcome).toBe(r.node_outcome);
      expect(a.unique_id).toBe(r.unique_id);
      expect(a.node_skip_reason ?? undefined).toBe(r.node_skip_reason);
      expect(a.code_line ?? undefined).toBe(r.defined_at_line);
      expect(a.content_hash).toBe(r.node_checksum ?? "");
      const payload = a.json_payload
        ? (JSON.parse(a.json_payload as string) as Record<string, unknown>)
        : null;
      const detailKey = Object.keys(ONEOF_TAGS).find((k) => r[k] !== undefined);
      if (type.endsWith("NodeProcessed")) {
        expect(a.phase).toBe(r.last_phase);
        expect(a.duration_ms).toBe(BigInt(r.duration_ms as string));
        expect(payload?.in_selection).toBe(true);
        const inner = payload?.node_outcome_detail as Record<string, unknown> | undefined;
        expect(inner ? Object.keys(inner) : []).toEqual(detailKey ? [ONEOF_TAGS[detailKey]] : []);
      } else {
        expect(a.phase).toBe(r.phase);
        const wrapped = spec.invocations.at(-1)!.payloadLayout === "wrapped";
        const tagged = wrapped
          ? (payload?.node_outcome_detail as Record<string, unknown> | undefined)
          : payload;
        expect(tagged ? Object.keys(tagged) : []).toEqual(detailKey ? [ONEOF_TAGS[detailKey]] : []);
        if (wrapped) expect(payload?.idle_time_ms).toBe(Number(r.idle_time_ms));
      }
      if (detailKey === "node_test_detail") {
        const inner = (payload?.node_outcome_detail ?? payload) as Record<string, Record<string, unknown>>;
        const test = inner.NodeTestDetail!;
        expect(test.failing_rows).toBe((r.node_test_detail as Record<string, unknown>).failing_rows);
      }
    }
  });

  it("keeps ANSI colour codes in LogMessage bodies that JSONL strips", async () => {
    const rows = await readParquetRows(readFileBuffer(path));
    const logs = rows.filter((r) => (r.event_type as string).endsWith("log.LogMessage"));
    const specBodies = spec.invocations
      .at(-1)!
      .nodes.flatMap((n) => [n.errorLog?.body, ...(n.warnings ?? []).map((w) => w.body)]);
    const withAnsi = specBodies.filter((b) => b?.includes("\u001b["));
    expect(logs.filter((l) => (l.body as string).includes("\u001b[")).length).toBe(withAnsi.length);
  });
});

describe("crashed-run parquet", () => {
  it("has no footer, so metadata reading fails", () => {
    const bytes = readFileSync(join(GENERATED, "crashed-run", "telemetry.parquet"));
    expect(bytes.length).toBe(4096);
    expect(() =>
      parquetMetadata(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length)),
    ).toThrow();
  });
});

describe("json_payload specifics", () => {
  it("writes PascalCase tags and pbjson field order for the legacy NodeEvaluated layout", async () => {
    const rows = await readParquetRows(readFileBuffer(join(GENERATED, "tests", "telemetry.parquet")));
    const payloads = rows
      .filter((r) => r.record_type === "SpanEnd" && (r.event_type as string).endsWith("NodeEvaluated"))
      .map((r) => (r.attributes as Record<string, unknown>).json_payload as string | null);
    expect(payloads).toContain(
      '{"NodeTestDetail":{"test_outcome":"TEST_OUTCOME_FAILED","failing_rows":2,"store_failures":true}}',
    );
    expect(payloads).toContain('{"NodeTestDetail":{}}');
    expect(payloads).toContain(null);
  });

  it("writes the wrapped layout with idle_time_ms for preview.186", async () => {
    const rows = await readParquetRows(
      readFileBuffer(join(GENERATED, "warnings-and-idle", "telemetry.parquet")),
    );
    const payloads = rows
      .filter((r) => (r.event_type as string).endsWith("NodeEvaluated"))
      .map((r) => (r.attributes as Record<string, unknown>).json_payload as string);
    expect(payloads).toContain(
      '{"node_outcome_detail":{"NodeEvaluationDetail":{"node_warning_outcome":"NODE_WARNING_OUTCOME_WITH_WARNINGS"}},"idle_time_ms":0}',
    );
    expect(payloads).toContain(
      '{"node_outcome_detail":{"NodeEvaluationDetail":{"node_warning_outcome":"NODE_WARNING_OUTCOME_NO_WARNINGS"}},"idle_time_ms":850}',
    );
    expect(rows.some((r) => r.record_type === "SpanStart")).toBe(false);
  });

  it("stores the upstream id of skips only inside json_payload", async () => {
    const rows = await readParquetRows(readFileBuffer(join(GENERATED, "skip-chains", "telemetry.parquet")));
    const processed = rows.find(
      (r) =>
        r.record_type === "SpanEnd" &&
        (r.attributes as Record<string, unknown>).unique_id === "model.shop.orders" &&
        (r.event_type as string).endsWith("NodeProcessed"),
    )!;
    expect(JSON.parse((processed.attributes as Record<string, string>).json_payload!)).toEqual({
      in_selection: true,
      node_outcome_detail: {
        NodeSkipUpstreamDetail: { upstream_unique_id: "model.shop.int_orders_enriched" },
      },
    });
  });
});
