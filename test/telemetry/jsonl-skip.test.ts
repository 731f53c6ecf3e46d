import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { isRelevant } from "../../src/telemetry/events.js";
import { decodeJsonl } from "../../src/telemetry/jsonl.js";
import {
  isEngineQueryStart,
  isObjectShaped,
  isUnusableRecordLine,
  traceOfRecordLine,
} from "../../src/telemetry/jsonl-skip.js";
import type { RecordSink, TelemetryRecord } from "../../src/telemetry/record.js";
import {
  FIXTURE_RECORDS as RECORDS,
  inChunk,
  jsonlFixtures,
  random,
  reformat,
} from "../support/jsonl-layouts.js";

const TRACE = "0190aa00bb11cc22dd33ee44ff556677";
/** A NodeProcessed span end: a relevant record, parsed. */
const node = JSON.stringify({
  record_type: "SpanEnd",
  trace_id: TRACE,
  span_id: "7a1c0e55d2b94f01",
  start_time_unix_nano: "1760000000123456789",
  end_time_unix_nano: "1760000009000000001",
  severity_text: "INFO",
  event_type: "v1.public.events.fusion.node.NodeProcessed",
  attributes: { unique_id: "model.shop.orders" },
});

function relevant(record: Record<string, unknown>): boolean {
  const text = (key: string): string => (typeof record[key] === "string" ? (record[key] as string) : "");
  return isRelevant(text("event_type"), text("record_type"), text("severity_text"));
}

describe("isUnusableRecordLine", () => {
  it("never skips a relevant record, in any key order or spacing (every fixture line, 20 layouts each)", () => {
    expect(RECORDS.length).toBeGreaterThan(1_000);
    let skipped = 0;
    let checked = 0;
    for (let seed = 1; seed <= 20; seed++) {
      const next = random(seed);
      for (const record of RECORDS) {
        const line = reformat(record, next);
        expect(JSON.parse(line)).toEqual(record);
        const unusable = isUnusableRecordLine(line);
        if (relevant(record)) {
          checked++;
          if (unusable) throw new Error(`relevant record skipped (seed ${seed}): ${line}`);
        } else if (unusable) {
          skipped++;
        }
      }
    }
    // Not vacuous: relevant records were checked, and irrelevant ones are in fact skipped.
    expect(checked).toBeGreaterThan(10_000);
    expect(skipped).toBeGreaterThan(1_000);
  });

  it("keeps a relevant record whatever the case of its severity, and spelled with \\u escapes", () => {
    const log = (severity: string): string =>
      JSON.stringify({
        record_type: "LogRecord",
        trace_id: "0190aa00bb11cc22dd33ee44ff556677",
        event_type: "v1.public.events.fusion.log.LogMessage",
        severity_text: severity,
        body: "x",
      });
    for (const severity of ["error", "Error", "eRRoR", "WARN", "warn", "Warning", "WARNıNG"]) {
      expect(isRelevant("v1.public.events.fusion.log.LogMessage", "LogRecord", severity)).toBe(true);
      expect(isUnusableRecordLine(log(severity))).toBe(false);
    }
    expect(isUnusableRecordLine(log("DEBUG"))).toBe(true);
    const escaped = log("DEBUG")
      .replace("LogMessage", "\\u004cogMessage")
      .replace('"DEBUG"', '"\\u0045RROR"');
    expect(isRelevant(JSON.parse(escaped).event_type, "LogRecord", JSON.parse(escaped).severity_text)).toBe(
      true,
    );
    expect(isUnusableRecordLine(escaped)).toBe(false);
    const node = JSON.stringify({
      record_type: "SpanEnd",
      trace_id: "0190aa00bb11cc22dd33ee44ff556677",
      event_type: "v1.public.events.fusion.node.\u0000odeProcessed",
    }).replace("\\u0000", "\\u004e");
    expect(JSON.parse(node).event_type).toBe("v1.public.events.fusion.node.NodeProcessed");
    expect(isUnusableRecordLine(node)).toBe(false);
  });

  // What makes the ASCII-only, case-insensitive severity test a superset: no other character
  // upper-cases to one of the letters of ERROR, WARN or WARNING alone, except ı (to I), and a word
  // with it still has WARN in it.
  it("relies on no character but ı upper-casing to a letter of ERROR/WARN/WARNING alone", () => {
    const found: string[] = [];
    for (let code = 0x80; code <= 0x10ffff; code++) {
      if (code >= 0xd800 && code <= 0xdfff) continue;
      const upper = String.fromCodePoint(code).toUpperCase();
      if (upper.length === 1 && "ERONWAIG".includes(upper)) found.push(String.fromCodePoint(code));
    }
    expect(found).toEqual(["ı"]);
  });

  it("parses what is not a one-line object or does not name the three keys of a record", () => {
    const debug = JSON.stringify({
      record_type: "LogRecord",
      trace_id: "0190aa00bb11cc22dd33ee44ff556677",
      event_type: "v1.public.events.fusion.log.CompiledCode",
      severity_text: "DEBUG",
    });
    expect(isUnusableRecordLine(debug)).toBe(true);
    expect(isUnusableRecordLine(` \t${debug}\t `)).toBe(true);
    expect(isUnusableRecordLine(debug.slice(0, -1))).toBe(false);
    expect(isUnusableRecordLine(`[${debug}]`)).toBe(false);
    expect(isUnusableRecordLine(debug.replace('"trace_id"', '"trace"'))).toBe(false);
    expect(isObjectShaped("{}")).toBe(true);
    expect(isObjectShaped("{")).toBe(false);
    expect(isObjectShaped(" } {")).toBe(false);
  });
});

describe("decodeJsonl for a sink of relevant records only", () => {
  const debug = JSON.stringify({
    record_type: "LogRecord",
    trace_id: TRACE,
    severity_text: "DEBUG",
    event_type: "v1.public.events.fusion.log.CompiledCode",
    attributes: { sql: { text: "select 1" } },
  });
  // Cut just after an inner `}`: it still has the shape of an object.
  const cutAfterBrace = debug.slice(0, debug.indexOf("}") + 1);

  async function decode(text: string, relevantOnly: boolean) {
    const records: TelemetryRecord[] = [];
    const warnings: string[] = [];
    const sink: RecordSink = {
      relevantOnly,
      add: (record) => records.push(record),
      warn: (message) => warnings.push(message),
    };
    async function* stream() {
      yield new TextEncoder().encode(text);
    }
    try {
      const { records: count } = await decodeJsonl(stream(), "logs/otel.jsonl", sink);
      return { count, records: records.map((r) => r.eventType), warnings };
    } catch (error) {
      return { error: (error as Error).message };
    }
  }

  it("counts unusable records without handing them on", async () => {
    const text = `${node}\n${debug}\n${debug}\n${node}\n`;
    expect(await decode(text, true)).toEqual({
      count: 4,
      records: [JSON.parse(node).event_type, JSON.parse(node).event_type],
      warnings: [],
    });
    expect((await decode(text, false)).records).toHaveLength(4);
  });

  it.each([
    ["a truncated irrelevant line in the middle", `${node}\n${debug.slice(0, 60)}\n${node}\n`],
    ["a truncated irrelevant last line", `${node}\n${debug}\n${debug.slice(0, 60)}`],
    ["an irrelevant last line cut just after a }", `${node}\n${debug}\n${cutAfterBrace}`],
    ["an irrelevant last line cut just after a }, then blank lines", `${node}\n${cutAfterBrace}\n\n \n`],
    ["an irrelevant first line cut just after a }", `${cutAfterBrace}\n${node}\n`],
    ["a foreign JSON line", `${node}\n{"record_type":"Metric","x":1}\n${node}\n`],
    ["a line that is not JSON, shaped like an object", `${node}\n{not json}\n${node}\n`],
  ])("reports %s as before", async (_name, text) => {
    const before = await decode(text, false);
    const now = await decode(text, true);
    expect(before.error ?? before.warnings?.join("\n")).toBeTruthy();
    expect(now.error).toEqual(before.error);
    expect(now.warnings).toEqual(before.warnings);
    expect(now.count).toEqual(before.count);
  });

  it("does not see corruption inside a line that has the shape of an unusable record (it is not parsed)", async () => {
    const corrupt = debug.replace('"DEBUG"', '"DEBUG" oops');
    const text = `${node}\n${corrupt}\n${node}\n`;
    expect((await decode(text, false)).error).toMatch(/^logs\/otel\.jsonl:2: invalid JSON/);
    expect(await decode(text, true)).toEqual({ count: 3, records: expect.any(Array), warnings: [] });
  });
});

function parsedOrNull(line: string): Record<string, unknown> | null {
  try {
    return JSON.parse(line) as Record<string, unknown>;
  } catch {
    return null;
  }
}

describe("traceOfRecordLine", () => {
  const OTHER = "0190aa00bb11cc22dd33ee44ff556677";
  const traceOf = (record: Record<string, unknown>): string => record.trace_id as string;

  it("names the trace of every fixture line as the engine writes it, span links and all", () => {
    let withLinks = 0;
    for (const record of RECORDS) {
      const line = JSON.stringify(record);
      if (line.includes('"links":[{"trace_id"')) withLinks++;
      expect(traceOfRecordLine(line, new Set([OTHER, traceOf(record)]))).toBe(traceOf(record));
      expect(traceOfRecordLine(line, new Set([OTHER]))).toBeNull();
    }
    expect(RECORDS.length).toBeGreaterThan(1_000);
    expect(withLinks).toBeGreaterThan(100);
  });

  it("never names a trace JSON.parse would not read, in any layout or after hostile edits", () => {
    const edits = [
      (line: string, at: number) => `${line.slice(0, at)},"trace_id":"${OTHER}"${line.slice(at)}`,
      (line: string, at: number) => `${line.slice(0, at)}, "trace_id" : "${OTHER}"${line.slice(at)}`,
      (line: string, at: number) => `${line.slice(0, at)},"\\u0074race_id":"${OTHER}"${line.slice(at)}`,
      (line: string, at: number) => `${line.slice(0, at)}{"trace_id":"${OTHER}"}${line.slice(at)}`,
      (line: string, at: number) => `${line.slice(0, at)}"${line.slice(at)}`,
      (line: string, at: number) => line.slice(0, at),
    ];
    let named = 0;
    let parsed = 0;
    for (let seed = 1; seed <= 2; seed++) {
      const next = random(seed);
      for (const record of RECORDS) {
        const compact = JSON.stringify(record);
        const lines = [
          compact,
          reformat(record, next),
          ...edits.map((edit) => edit(compact, Math.floor(next() * compact.length))),
          // After the top-level head, where a second key would count.
          edits[0]!(compact, compact.length - 1),
          edits[2]!(compact, compact.length - 1),
        ];
        for (const line of lines) {
          const trace = traceOfRecordLine(line, new Set([traceOf(record), OTHER]));
          if (trace === null) continue;
          named++;
          const value = parsedOrNull(line);
          // Damage that keeps the shape goes unnoticed in a line left unparsed.
          if (value === null) continue;
          parsed++;
          if (value.trace_id !== trace)
            throw new Error(`named ${trace}, JSON.parse reads ${String(value.trace_id)}: ${line}`);
        }
      }
    }
    // Not vacuous: lines were named, and many of them parse.
    expect(named).toBeGreaterThan(5_000);
    expect(parsed).toBeGreaterThan(2_000);
  });

  it("leaves a second top-level trace_id, a \\u escape or a cut line to JSON.parse", () => {
    const line = JSON.stringify({
      record_type: "SpanEnd",
      trace_id: "019aa5db3d7b72b6ba40e3542f2258d1",
      span_id: "15c067879dbd01d3",
      links: [{ trace_id: OTHER, span_id: "15c067879dbd01d4" }],
      event_type: "v1.public.events.fusion.node.NodeProcessed",
    });
    const traces = new Set(["019aa5db3d7b72b6ba40e3542f2258d1"]);
    expect(traceOfRecordLine(line, traces)).toBe("019aa5db3d7b72b6ba40e3542f2258d1");
    expect(traceOfRecordLine(` ${line}`, traces)).toBeNull();
    expect(traceOfRecordLine(line.slice(0, -1), traces)).toBeNull();
    expect(traceOfRecordLine(line.replace(/}$/, `,"trace_id":"${OTHER}"}`), traces)).toBeNull();
    expect(traceOfRecordLine(line.replace(/}$/, `,"\\u0074race_id":"${OTHER}"}`), traces)).toBeNull();
    expect(
      traceOfRecordLine(
        line.replace("019aa5db3d7b72b6ba40e3542f2258d1", "019AA5DB3D7B72B6BA40E3542F2258D1"),
        traces,
      ),
    ).toBeNull();
  });
});

describe("query span starts told from their bytes", () => {
  /** A query span start as the engine writes it, key order and all. */
  const queryStart = (sql = "select 1"): string =>
    JSON.stringify({
      record_type: "SpanStart",
      trace_id: TRACE,
      span_id: "04b9eb07ae3df8a0",
      span_name: "Query executed (model.shop.orders)",
      parent_span_id: "db25ea47e965ab68",
      links: null,
      start_time_unix_nano: "1763719202486113622",
      severity_number: 5,
      severity_text: "DEBUG",
      event_type: "v1.public.events.fusion.query.QueryExecuted",
      attributes: { adapter_type: "snowflake", sql, unique_id: "model.shop.orders" },
    });

  /** isEngineQueryStart for `line` placed inside larger bytes, as a chunk holds it. */
  function takes(line: string): boolean {
    const { bytes, start, end } = inChunk(line);
    return isEngineQueryStart(bytes, start, end);
  }

  it("takes only query span starts, never a relevant record (every fixture line as written, and in 5 layouts)", () => {
    let taken = 0;
    const check = (line: string): void => {
      if (!takes(line)) return;
      taken++;
      const record = parsedOrNull(line);
      expect(record).not.toBeNull();
      expect([record!.record_type, String(record!.event_type).split(".").pop()]).toEqual([
        "SpanStart",
        "QueryExecuted",
      ]);
      expect(relevant(record!)).toBe(false);
    };
    for (const file of jsonlFixtures())
      for (const line of readFileSync(file, "utf8").split("\n")) check(line);
    // Every query span start the fixtures hold is in the engine's layout.
    const queryStarts = RECORDS.filter(
      (record) => record.record_type === "SpanStart" && String(record.event_type).endsWith(".QueryExecuted"),
    ).length;
    expect(queryStarts).toBeGreaterThan(100);
    expect(taken).toBe(queryStarts);
    for (let seed = 1; seed <= 5; seed++) {
      const next = random(seed);
      for (const record of RECORDS) check(reformat(record, next));
    }
  });

  it("leaves to the text a line whose bytes are not the engine's query start", () => {
    const line = queryStart();
    expect(takes(line)).toBe(true);
    for (const other of [
      line.replace(TRACE, TRACE.toUpperCase()),
      line.replace("04b9eb07ae3df8a0", "04B9EB07AE3DF8A0"),
      line.replace("04b9eb07ae3df8a0", '04b9eb07ae3df8"0'),
      `${line}\r`,
      `${line} `,
      line.slice(0, -2),
      line.replace('"SpanStart"', '"SpanEnd"'),
      line.replace('"span_name":"Query executed', '"span_name":"Query compiled'),
      line.replace('"span_name":"Query executed (model.shop.orders)",', ""),
      ` ${line}`,
    ]) {
      expect({ other, taken: takes(other) }).toEqual({ other, taken: false });
    }
  });

  async function decode(text: string) {
    const records: string[] = [];
    const warnings: string[] = [];
    const stats = { scanned: 0, copied: 0, decoded: 0 };
    const sink: RecordSink = {
      relevantOnly: true,
      add: (record) => records.push(record.eventType),
      warn: (message) => warnings.push(message),
    };
    async function* stream() {
      yield new TextEncoder().encode(text);
    }
    const { records: count } = await decodeJsonl(stream(), "logs/otel.jsonl", sink, stats);
    return { count, records, warnings, decoded: stats.decoded };
  }

  it("counts a query span start as a record and never makes it a string, whatever its SQL says", async () => {
    // Words and escapes that send a line to JSON.parse when it is read as text (isUnusableRecordLine).
    const text = [
      node,
      queryStart(),
      queryStart("select 'Node', 'Phase', 'SpanEnd', '\\u0041'"),
      node,
      "",
    ].join("\n");
    expect(await decode(text)).toEqual({
      count: 4,
      records: [JSON.parse(node).event_type, JSON.parse(node).event_type],
      warnings: [],
      decoded: 2,
    });
  });

  // The last content line is always parsed: a crashed run may cut it anywhere, also just after a `}`.
  const cut = queryStart().slice(0, queryStart().lastIndexOf("}"));
  it.each([
    ["last, cut just after a }", `${node}\n${queryStart()}\n${cut}`],
    ["last, cut just after a }, with its line end", `${node}\n${queryStart()}\n${cut}\n`],
    ["cut just after a }, then blank lines", `${node}\n${cut}\n\n \n`],
  ])("reports a query span start %s as truncated, as JSON.parse would", async (_name, text) => {
    expect(cut.endsWith("}")).toBe(true);
    const { warnings } = await decode(text);
    expect(warnings.join("\n")).toMatch(/last line is truncated|invalid JSON/);
  });
});
