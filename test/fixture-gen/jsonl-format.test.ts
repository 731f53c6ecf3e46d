// The generated JSONL must follow the engine's conventions (reference §3, §4, §7, §10).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  buildScenarioRecords,
  SCENARIOS,
  truncateLastLine,
  writeJsonl,
  type JsonlRecord,
} from "../../scripts/fixture-gen/index.js";
import { GENERATED, readJsonlLines, readJsonlRecords } from "./helpers.js";

const ENVELOPE_KEYS: Record<string, string[]> = {
  SpanStart: [
    "record_type",
    "trace_id",
    "span_id",
    "span_name",
    "parent_span_id",
    "links",
    "start_time_unix_nano",
    "severity_number",
    "severity_text",
    "event_type",
    "attributes",
  ],
  SpanEnd: [
    "record_type",
    "trace_id",
    "span_id",
    "span_name",
    "parent_span_id",
    "links",
    "start_time_unix_nano",
    "end_time_unix_nano",
    "severity_number",
    "severity_text",
    "status",
    "event_type",
    "attributes",
  ],
  LogRecord: [
    "record_type",
    "trace_id",
    "span_id",
    "span_name",
    "event_id",
    "time_unix_nano",
    "severity_number",
    "severity_text",
    "body",
    "event_type",
    "attributes",
  ],
};

/** 64-bit proto fields: always decimal strings in JSONL. */
const INT64_KEYS = new Set([
  "duration_ms",
  "rows_affected",
  "idle_time_ms",
  "node_count_total",
  "node_count_skipped",
  "node_count_error",
  "age_seconds",
  "build_after_seconds",
  "last_updated_seconds",
  "total_errors",
  "total_warnings",
  "autofix_suggestions",
]);
/** 32-bit proto fields: plain JSON numbers. */
const INT32_KEYS = new Set([
  "failing_rows",
  "defined_at_line",
  "defined_at_col",
  "code",
  "code_line",
  "code_column",
  "line",
  "column",
  "query_error_vendor_code",
]);
/** Enum value 0 is a proto default and never written. */
const NEVER_WRITTEN = [
  "NODE_OUTCOME_UNSPECIFIED",
  "TEST_OUTCOME_PASSED",
  "SOURCE_FRESHNESS_OUTCOME_OUTCOME_PASSED",
  "NODE_CACHE_REASON_NO_CHANGES",
  "EXECUTION_PHASE_UNSPECIFIED",
  "QUERY_OUTCOME_UNSPECIFIED",
];

function walk(value: unknown, visit: (key: string, v: unknown, obj: Record<string, unknown>) => void): void {
  if (Array.isArray(value)) value.forEach((v) => walk(v, visit));
  else if (value && typeof value === "object") {
    for (const [k, v] of Object.entries(value)) {
      visit(k, v, value as Record<string, unknown>);
      walk(v, visit);
    }
  }
}

const COMPLETE = SCENARIOS.filter((s) => s.truncateLastJsonlLineChars === undefined);

describe.each(SCENARIOS.map((s) => [s.name, s] as const))("jsonl %s", (name, spec) => {
  it("is exactly what the generator produces now (fixtures are up to date and deterministic)", () => {
    let expected = writeJsonl(buildScenarioRecords(spec));
    if (spec.truncateLastJsonlLineChars !== undefined)
      expected = truncateLastLine(expected, spec.truncateLastJsonlLineChars);
    expect(readFileSync(join(GENERATED, name, "telemetry.jsonl"), "utf8")).toBe(expected);
    expect(JSON.parse(readFileSync(join(GENERATED, name, "scenario.json"), "utf8"))).toEqual(
      JSON.parse(JSON.stringify(spec)),
    );
  });

  it("uses the writer's envelope key order, sorted attribute keys and id formats", () => {
    const lines = readJsonlLines(name);
    const complete = spec.truncateLastJsonlLineChars === undefined ? lines : lines.slice(0, -1);
    for (const line of complete) {
      const r = JSON.parse(line) as JsonlRecord;
      expect(Object.keys(r)).toEqual(ENVELOPE_KEYS[r.record_type]);
      expect(r.trace_id).toMatch(/^[0-9a-f]{32}$/);
      expect(r.span_id).toMatch(/^[0-9a-f]{16}$/);
      if (r.parent_span_id) expect(r.parent_span_id).toMatch(/^[0-9a-f]{16}$/);
      walk(r.attributes, (_k, v) => {
        if (v && typeof v === "object" && !Array.isArray(v))
          expect(Object.keys(v)).toEqual(Object.keys(v).sort());
      });
      expect(Object.keys(r.attributes)).toEqual(Object.keys(r.attributes).sort());
      for (const t of [r.start_time_unix_nano, r.end_time_unix_nano, r.time_unix_nano]) {
        if (t === undefined) continue;
        expect(t).toMatch(/^\d{19}$/);
        expect(t.slice(-6)).not.toBe("000000"); // sub-ms digits present
      }
    }
  });

  it("writes 64-bit ints as strings, 32-bit ints as numbers, enum names, no defaults, no ANSI", () => {
    const lines = readJsonlLines(name).slice(
      0,
      spec.truncateLastJsonlLineChars === undefined ? undefined : -1,
    );
    const records = lines.map((l) => JSON.parse(l) as JsonlRecord);
    for (const r of records) {
      walk(r.attributes, (k, v, obj) => {
        if (INT64_KEYS.has(k)) expect(v, k).toMatch(/^\d+$/);
        if (INT32_KEYS.has(k) && !("dev_name" in obj && k === "line")) expect(typeof v, k).toBe("number");
        if (typeof v === "string") expect(NEVER_WRITTEN).not.toContain(v);
        if (k.endsWith("_outcome") && typeof v === "string") expect(v).toMatch(/^[A-Z_]+$/);
      });
      if (r.body !== undefined) expect(r.body).not.toContain("\u001b");
      expect(["TRACE", "DEBUG", "INFO", "WARN", "ERROR"]).toContain(r.severity_text);
    }
  });
});

describe.each(COMPLETE.map((s) => [s.name] as const))("span tree %s", (name) => {
  const records = readJsonlRecords(name);
  const starts = new Map(records.filter((r) => r.record_type === "SpanStart").map((r) => [r.span_id, r]));
  const ends = records.filter((r) => r.record_type === "SpanEnd");
  const typeOf = (id: string | null | undefined) =>
    starts
      .get(id ?? null)
      ?.event_type.split(".")
      .pop();

  it("closes every span, children before parents", () => {
    expect(ends.length).toBe(starts.size);
    const closedAt = new Map(
      records.flatMap((r, i) => (r.record_type === "SpanEnd" ? [[r.span_id, i] as const] : [])),
    );
    for (const e of ends) {
      if (e.parent_span_id) expect(closedAt.get(e.span_id)!).toBeLessThan(closedAt.get(e.parent_span_id)!);
    }
  });

  it("parents NodeEvaluated under PhaseExecuted, NodeProcessed under Invocation, queries under NodeEvaluated", () => {
    for (const e of ends) {
      const kind = e.event_type.split(".").pop();
      if (kind === "NodeEvaluated") {
        expect(typeOf(e.parent_span_id)).toBe("PhaseExecuted");
        expect(typeOf(e.links?.[0]?.span_id)).toBe("NodeProcessed");
      }
      if (kind === "NodeProcessed") expect(typeOf(e.parent_span_id)).toBe("Invocation");
      if (kind === "QueryExecuted") {
        expect(typeOf(e.parent_span_id)).toBe(e.attributes.unique_id ? "NodeEvaluated" : "Invocation");
      }
    }
  });

  it("emits error logs inside the failing NodeEvaluated span", () => {
    for (const log of records.filter((r) => r.severity_text === "ERROR")) {
      const span = starts.get(log.span_id)!;
      expect(span.event_type).toMatch(/NodeEvaluated$/);
      expect(span.attributes.unique_id).toBe(log.attributes.unique_id);
      expect(span.attributes.phase).toBe(log.attributes.phase);
    }
  });

  it("sets duration_ms to the summed NodeEvaluated wall ms (minus idle time)", () => {
    const wallByNode = new Map<string, number>();
    for (const e of ends.filter((r) => r.event_type.endsWith("NodeEvaluated"))) {
      const ms = Number((BigInt(e.end_time_unix_nano!) - BigInt(e.start_time_unix_nano!)) / 1_000_000n);
      const idle = Number(e.attributes.idle_time_ms ?? 0);
      const id = `${e.trace_id}/${String(e.attributes.unique_id)}`;
      wallByNode.set(id, (wallByNode.get(id) ?? 0) + ms - idle);
    }
    for (const p of ends.filter((r) => r.event_type.endsWith("NodeProcessed"))) {
      expect(Number(p.attributes.duration_ms)).toBe(
        wallByNode.get(`${p.trace_id}/${String(p.attributes.unique_id)}`),
      );
    }
  });
});

describe("special scenarios", () => {
  it("multi-invocation holds two invocations with different trace ids", () => {
    const records = readJsonlRecords("multi-invocation");
    const invocations = records.filter(
      (r) => r.event_type.endsWith("Invocation") && r.record_type === "SpanStart",
    );
    expect(invocations).toHaveLength(2);
    expect(new Set(records.map((r) => r.trace_id)).size).toBe(2);
    for (const inv of invocations) {
      expect(inv.trace_id).toBe((inv.attributes.invocation_id as string).replaceAll("-", ""));
    }
  });

  it("crashed-run leaves open spans and a partial last line without newline", () => {
    const text = readFileSync(join(GENERATED, "crashed-run", "telemetry.jsonl"), "utf8");
    expect(text.endsWith("\n")).toBe(false);
    const lines = text.split("\n");
    expect(() => JSON.parse(lines.at(-1)!)).toThrow();
    const records = lines.slice(0, -1).map((l) => JSON.parse(l) as JsonlRecord);
    const ended = new Set(records.filter((r) => r.record_type === "SpanEnd").map((r) => r.span_id));
    const open = records.filter((r) => r.record_type === "SpanStart" && !ended.has(r.span_id));
    const kinds = open.map((r) => r.event_type.split(".").pop());
    expect(kinds).toContain("Invocation");
    // stg_customers and stg_orders finished; orders (running), customers and the test did not
    expect(
      open.filter((r) => r.event_type.endsWith("NodeProcessed")).map((r) => r.attributes.unique_id),
    ).toEqual(["model.shop.orders", "model.shop.customers", "test.shop.not_null_orders_order_id.a1b2c3d4e5"]);
    expect(kinds.filter((k) => k === "NodeEvaluated")).toHaveLength(1);
  });

  it("empty-run has phases but no node spans", () => {
    const records = readJsonlRecords("empty-run");
    expect(records.some((r) => r.event_type.endsWith("PhaseExecuted"))).toBe(true);
    expect(records.some((r) => r.event_type.includes(".node."))).toBe(false);
  });

  it("freshness reports SUCCESS with the double-OUTCOME enum spelling", () => {
    const processed = readJsonlRecords("freshness").filter(
      (r) => r.record_type === "SpanEnd" && r.event_type.endsWith("NodeProcessed"),
    );
    const byId = new Map(processed.map((r) => [r.attributes.unique_id, r.attributes]));
    expect(byId.get("source.shop.raw.orders")?.node_freshness_outcome).toEqual({ age_seconds: "1800" });
    expect(byId.get("source.shop.raw.payments")).toMatchObject({
      node_outcome: "NODE_OUTCOME_SUCCESS",
      last_phase: "EXECUTION_PHASE_FRESHNESS_ANALYSIS",
      node_freshness_outcome: {
        node_freshness_outcome: "SOURCE_FRESHNESS_OUTCOME_OUTCOME_FAILED",
        age_seconds: "259200",
      },
    });
  });
});
