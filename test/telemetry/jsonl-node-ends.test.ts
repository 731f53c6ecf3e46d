import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { memoryJsonl } from "../support/memory-jsonl.js";
import { readTelemetryReport } from "../../src/pipeline/read-telemetry.js";
import { nodeEvent, type TelemetryEvent } from "../../src/telemetry/events.js";
import { readProcessedEnd } from "../../src/telemetry/jsonl-node-ends.js";
import { END_HEAD } from "../../src/telemetry/jsonl-span-head.js";
import {
  decodeNoting,
  FIXTURE_RECORDS,
  fixtureLines,
  inChunk,
  parsedEvent,
} from "../support/jsonl-layouts.js";
import { ROOT } from "../support/report.js";

const TRACE = "0190aa00bb11cc22dd33ee44ff556677";

/** A NodeProcessed span end as the engine writes it, key order and all. */
function processedEnd(
  over: { status?: unknown; attributes?: Record<string, unknown>; name?: string } = {},
): string {
  return JSON.stringify({
    record_type: "SpanEnd",
    trace_id: TRACE,
    span_id: "9eb0462f06becb1c",
    span_name: over.name ?? "Node processed (model.shop.orders)",
    parent_span_id: "db25ea47e965ab68",
    links: null,
    start_time_unix_nano: "1763719202913145430",
    end_time_unix_nano: "1763719606259896236",
    severity_number: 9,
    severity_text: "INFO",
    status: over.status === undefined ? { message: null, code: 1 } : over.status,
    event_type: "v1.public.events.fusion.node.NodeProcessed",
    attributes: over.attributes ?? {
      database: "analytics",
      duration_ms: "377",
      in_selection: true,
      name: "orders",
      node_freshness_outcome: { age_seconds: "600" },
      node_outcome: "NODE_OUTCOME_SUCCESS",
      node_type: "NODE_TYPE_MODEL",
      relative_path: "models/orders.sql",
      unique_id: "model.shop.orders",
    },
  });
}

/** The event the JSONL reader makes of `line` from its bytes (as jsonl.ts does), or null. */
function fromBytes(line: string): TelemetryEvent | null {
  const { bytes, start, end } = inChunk(line);
  const read = readProcessedEnd(bytes, start, end);
  if (read === null) return null;
  const at = (offset: number, length: number): string =>
    bytes.toString("latin1", start + offset, start + offset + length);
  return nodeEvent(
    true,
    at(END_HEAD.traceAt, 32),
    at(END_HEAD.spanIdAt, 16),
    true,
    read.startNs,
    read.endNs,
    read.attributes,
  );
}

describe("readProcessedEnd", () => {
  it("reads the engine's own NodeProcessed ends, and of every fixture line it reads, in any layout, what a full parse does", () => {
    let read = 0;
    for (const line of fixtureLines(5, 500)) {
      const event = fromBytes(line);
      if (event === null) continue;
      read++;
      expect(event).toEqual(parsedEvent(line));
    }
    const ends = FIXTURE_RECORDS.filter(
      (record) =>
        record.record_type === "SpanEnd" &&
        String(record.event_type).endsWith(".NodeProcessed") &&
        /^Node processed \([\x20-\x7e]*\)$/.test(String(record.span_name)),
    );
    expect(ends.length).toBeGreaterThan(50);
    for (const record of ends) expect(fromBytes(JSON.stringify(record))).not.toBeNull();
    expect(read).toBeGreaterThanOrEqual(ends.length);
  });

  it("reads a failed node's status, non-ASCII and escapes in its attributes as a full parse does", () => {
    for (const line of [
      processedEnd({ status: { message: "error", code: 2 } }),
      processedEnd({ status: null }),
      processedEnd({
        attributes: {
          unique_id: "model.shop.ördérs",
          name: 'a "quoted"\n\u2028 name',
          node_outcome: "NODE_OUTCOME_ERROR",
        },
      }),
    ]) {
      expect({ line, event: fromBytes(line) }).toEqual({ line, event: parsedEvent(line) });
      expect(fromBytes(line)).not.toBeNull();
    }
  });

  it("leaves every other line to JSON.parse", () => {
    const line = processedEnd();
    expect(fromBytes(line)).not.toBeNull();
    const unsure = [
      // Something after the attributes, or attributes that are not one JSON object.
      `${line.slice(0, -1)},"x":1}`,
      line.replace('"unique_id":"model.shop.orders"}}', '"unique_id":"model.shop.orders",}}'),
      line.replace('"in_selection":true', '"in_selection":tru'),
      line.slice(0, -1),
      line.slice(0, -2),
      `${line}\r`,
      `${line} `,
      // An envelope that is not the engine's.
      line.replace('"links":null', '"links":[]'),
      line.replace('"parent_span_id":"db25ea47e965ab68"', '"parent_span_id":null'),
      line.replace("db25ea47e965ab68", "DB25EA47E965AB68"),
      line.replace(TRACE, TRACE.toUpperCase()),
      line.replace('"1763719202913145430"', '"1763719202913145430x"'),
      line.replace('"severity_text":"INFO"', '"severity_text":"I\\u004eFO"'),
      processedEnd({ status: { message: 'a "b"', code: 2 } }),
      processedEnd({ status: { code: 2, message: "error" } }),
      processedEnd({ status: { message: null, code: 2, detail: {} } }),
      processedEnd({ name: "Node processed (model.shop.\u00f6rders)" }),
      line.replace("NodeProcessed", "NodeEvaluated"),
      line.replace('"SpanEnd"', '"SpanStart"'),
      line.replace("Node processed", "Node evaluated"),
    ];
    for (const other of unsure) expect({ other, event: fromBytes(other) }).toEqual({ other, event: null });
  });
});

describe("NodeProcessed ends read from their bytes", () => {
  const options = { slowest: 5, failOn: "errors" as const, generatorVersion: "test" };

  it("read a finished run once, its ledger balanced, with a full parse's report", async () => {
    const text = readFileSync(
      path.join(ROOT, "test/fixtures/real/preview120_build_success.otel.jsonl"),
      "utf8",
    );
    const opened = { count: 0 };
    const report = await readTelemetryReport([memoryJsonl("t.jsonl", text, opened)], options);
    expect(opened.count).toBe(1);
    // Each line its own chunk: no span end is followed by the next line in its bytes, so all are parsed.
    const lines = text.split("\n").map((line) => `${line}\n`);
    expect(report).toEqual(await readTelemetryReport([memoryJsonl("t.jsonl", lines)], options));
  });

  it("parse one that names no node, for its warning, and the file's last content line", async () => {
    const unnamed = processedEnd().replace(',"unique_id":"model.shop.orders"', "");
    const text = [processedEnd(), processedEnd(), unnamed, processedEnd(), processedEnd(), ""].join("\n");
    const { taken, warnings } = await decodeNoting(text, "p.jsonl");
    // The first and last content lines and the unnamed end are parsed.
    expect(taken).toEqual([2, 4]);
    expect(warnings).toEqual([expect.stringMatching(/^3: .*has no attributes\.unique_id/)]);
  });
});
