import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { recordsToEvents, type LocatedEventSink, type TelemetryEvent } from "../../src/telemetry/events.js";
import { decodeJsonl } from "../../src/telemetry/jsonl.js";
import { readQueryEnd, type QueryEvent } from "../../src/telemetry/jsonl-query-ends.js";
import {
  decodeNoting,
  FIXTURE_RECORDS,
  fixtureLines,
  inChunk,
  jsonlFixtures,
  parsedEvent,
} from "../support/jsonl-layouts.js";
import { ROOT } from "../support/report.js";

const TRACE = "0190aa00bb11cc22dd33ee44ff556677";

/** A query span end as the engine writes it, key order and all. */
function queryEnd(
  over: { sql?: string; uniqueId?: string; name?: string; attributes?: Record<string, unknown> } = {},
): string {
  return JSON.stringify({
    record_type: "SpanEnd",
    trace_id: TRACE,
    span_id: "04b9eb07ae3df8a0",
    span_name: over.name ?? "Query executed (model.shop.orders)",
    parent_span_id: "db25ea47e965ab68",
    links: null,
    start_time_unix_nano: "1763719202486113622",
    end_time_unix_nano: "1763719202899200350",
    severity_number: 5,
    severity_text: "DEBUG",
    status: { message: null, code: 1 },
    event_type: "v1.public.events.fusion.query.QueryExecuted",
    attributes: over.attributes ?? {
      adapter_type: "snowflake",
      dbt_core_event_code: "E017",
      query_description: "execute adapter call",
      query_id: "01b8b2b3148425e5898e32fc",
      query_outcome: "QUERY_OUTCOME_SUCCESS",
      sql: over.sql ?? '/* {"app": "dbt"} */\ncreate table "a"."b" as (select 1)',
      sql_hash: "c81cd29861a45b99ff3f309b0487d881",
      unique_id: over.uniqueId ?? "model.shop.orders",
    },
  });
}

/** readQueryEnd for `line` placed inside larger bytes, as a chunk holds it. */
function readFromBytes(line: string): QueryEvent | null {
  const { bytes, start, end } = inChunk(line);
  return readQueryEnd(bytes, start, end, (from, at) => from.toString("latin1", at, at + 32));
}

describe("readQueryEnd", () => {
  it("reads the engine's own query ends, and of every fixture line it reads, in any layout, what a full parse does", () => {
    let read = 0;
    for (const line of fixtureLines(5, 400)) {
      const event = readFromBytes(line);
      if (event === null) continue;
      read++;
      expect(event).toEqual(parsedEvent(line));
    }
    // Every successful query end the fixtures hold is in the engine's layout.
    const successes = FIXTURE_RECORDS.filter((record) => {
      const attributes = record.attributes as Record<string, unknown>;
      return (
        record.record_type === "SpanEnd" &&
        String(record.event_type).endsWith(".QueryExecuted") &&
        (record.status as { code?: unknown } | null)?.code === 1 &&
        !("query_error_adapter_message" in attributes)
      );
    });
    expect(successes.length).toBeGreaterThan(100);
    for (const record of successes) expect(readFromBytes(JSON.stringify(record))).not.toBeNull();
    expect(read).toBeGreaterThanOrEqual(successes.length);
  });

  it("reads what JSON.parse reads of SQL that spells keys, quotes, escapes and braces", () => {
    for (const sql of [
      '","unique_id":"evil"}}',
      'select "x\\\\" from t -- }}',
      "a\\",
      "tab\there\u2028 \u00e9 \u{1f600}",
      '{"unique_id":"evil","query_outcome":"QUERY_OUTCOME_ERROR"}',
    ]) {
      const line = queryEnd({ sql });
      expect({ sql, event: readFromBytes(line) }).toEqual({ sql, event: parsedEvent(line) });
    }
    expect(readFromBytes(queryEnd())).toMatchObject({
      traceId: TRACE,
      parentSpanId: "db25ea47e965ab68",
      startNs: 1763719202486113622n,
      endNs: 1763719202899200350n,
      uniqueId: "model.shop.orders",
      outcome: "success",
      errorMessage: null,
    });
    // Any severity, as the engine may write another for a query: the event does not hold it.
    const info = queryEnd().replace(
      '"severity_number":5,"severity_text":"DEBUG"',
      '"severity_number":9,"severity_text":"INFO"',
    );
    expect(readFromBytes(info)).toEqual(parsedEvent(info));
    const unnamed = queryEnd({ uniqueId: "" });
    expect(readFromBytes(unnamed)).toEqual(parsedEvent(unnamed));
    // A query that names no node, numbers and literals among its attributes.
    const attributes = {
      adapter_type: "bigquery",
      rows: 12,
      cached: false,
      bytes: -1.5e3,
      x: null,
      sql: "select 1",
    };
    const plain = queryEnd({ name: "Query executed", attributes });
    expect(readFromBytes(plain)).toEqual(parsedEvent(plain));
    expect(readFromBytes(plain)?.uniqueId).toBeNull();
  });

  it("leaves every other line to JSON.parse", () => {
    const line = queryEnd();
    const unsure = [
      // A failed query: its message is shown.
      line.replace('"status":{"message":null,"code":1}', '"status":{"message":"boom","code":2}'),
      queryEnd({
        attributes: { query_error_adapter_message: "boom", query_outcome: "QUERY_OUTCOME_ERROR", sql: "x" },
      }),
      // The node or outcome as text that is not its value.
      queryEnd({ uniqueId: "model.shop.or\\u0064ers" }),
      queryEnd({ uniqueId: "model.shop.\u00f6rders" }),
      line.replace("QUERY_OUTCOME_SUCCESS", "QUERY_OUTCOME_\\u0053UCCESS"),
      // Not the engine's layout.
      line.replace('"links":null', '"links":[]'),
      line.replace('"severity_number":5', '"severity_number":"5"'),
      line.replace('"severity_text":"DEBUG"', '"severity_text":"D\\u0045BUG"'),
      line.replace("db25ea47e965ab68", "DB25EA47E965AB68"),
      line.replace('"parent_span_id":"db25ea47e965ab68"', '"parent_span_id":null'),
      line.replace(TRACE, TRACE.toUpperCase()),
      line.replace('"1763719202486113622"', '"1763719202486113622x"'),
      line.replace('"1763719202486113622"', '""'),
      line.replace(',"sql_hash"', ', "sql_hash"'),
      line.replace('"sql_hash":"c81cd29861a45b99ff3f309b0487d881"', '"sql_hash":{"a":1}'),
      line.replace('"sql_hash":"c81cd29861a45b99ff3f309b0487d881"', '"sql_hash":["a"]'),
      `${line.slice(0, -1)},"x":1}`,
      line.replace('"SpanEnd"', '"SpanStart"'),
      line.replace("Query executed", "Query compiled"),
      line.replace("create table", "create\u0001table"),
      `${line}\r`,
      `${line} `,
      line.slice(0, -1),
      line.slice(0, -2),
    ];
    for (const other of unsure)
      expect({ other, event: readFromBytes(other) }).toEqual({ other, event: null });
  });
});

describe("query ends read from their bytes", () => {
  /** The events a file gives the model, and the number of records, read with or without the bytes path. */
  async function events(text: string, fromBytes: boolean, chunkSize = Infinity) {
    const seen: [number, TelemetryEvent][] = [];
    const located: LocatedEventSink = {
      add: (event, position) => void seen.push([position, event]),
      warn: () => undefined,
      warnAt: () => undefined,
      warnFile: () => undefined,
    };
    const sink = recordsToEvents(located);
    const { eventRead: _unused, ...parseOnly } = sink;
    const bytes = Buffer.from(text);
    const { records } = await decodeJsonl(
      (async function* () {
        for (let at = 0; at < bytes.length; at += chunkSize) yield bytes.subarray(at, at + chunkSize);
      })(),
      "q.jsonl",
      fromBytes ? sink : parseOnly,
    );
    return { records, seen };
  }

  it.each(jsonlFixtures().map((file) => [path.relative(path.join(ROOT, "test/fixtures"), file), file]))(
    "%s gives the model what a full parse does, in any chunks",
    async (_, file) => {
      const text = readFileSync(file, "utf8");
      const full = await events(text, false);
      expect(await events(text, true)).toEqual(full);
      expect(await events(text, true, 777)).toEqual(full);
    },
  );

  it("parses a query end that is the file's last content line (a crashed run may cut it anywhere)", async () => {
    const text = [queryEnd(), queryEnd(), queryEnd(), ""].join("\n");
    const { taken, parsed } = await decodeNoting(text, "q.jsonl");
    // The first content line is always parsed too.
    expect({ taken, parsed }).toEqual({ taken: [2], parsed: [1, 3] });
  });
});
