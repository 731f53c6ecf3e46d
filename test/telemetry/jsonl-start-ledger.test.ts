import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { memoryJsonl, type JsonlFile } from "../support/memory-jsonl.js";
import { ReportBuilder, type BuildOptions } from "../../src/model/build-report.js";
import type { Report } from "../../src/model/types.js";
import { readTelemetryReport } from "../../src/pipeline/read-telemetry.js";
import { locatedEvents, recordsToEvents } from "../../src/telemetry/events.js";
import { decodeJsonl, toRecord } from "../../src/telemetry/jsonl.js";
import { UnpairedStarts, StartLedger, nodeStartKind } from "../../src/telemetry/jsonl-start-ledger.js";
import type { TelemetryRecord } from "../../src/telemetry/record.js";
import { createRandom } from "../../scripts/fixture-gen/random.js";
import { FIXTURE_RECORDS, jsonlFixtures, random, reformat } from "../support/jsonl-layouts.js";
import { ROOT } from "../support/report.js";

const OPTIONS: BuildOptions = { slowest: 5, failOn: "errors", generatorVersion: "test" };
const TRACE = "0190aa00bb11cc22dd33ee44ff556677";

/**
 * A node span start as the engine writes it (key order and all), its span name the event's; with
 * `named: false` without a span name, so that its kind is told by its event type.
 */
function engineStart(
  fields: { span?: string; event?: string; uniqueId?: string; named?: boolean } = {},
): string {
  const event = fields.event ?? "NodeEvaluated";
  return JSON.stringify({
    record_type: "SpanStart",
    trace_id: TRACE,
    span_id: fields.span ?? "7a1c0e55d2b94f01",
    span_name:
      fields.named === false
        ? undefined
        : `Node ${event === "NodeProcessed" ? "processed" : "evaluated"} (model.shop.orders)`,
    parent_span_id: "1b2c3d4e5f607182",
    links: null,
    start_time_unix_nano: "1760000000123456789",
    severity_number: 5,
    severity_text: "DEBUG",
    event_type: `v1.public.events.fusion.node.${event}`,
    attributes: {
      name: "orders",
      phase: "EXECUTION_PHASE_RUN",
      unique_id: fields.uniqueId ?? "model.shop.orders",
    },
  });
}

/** Start lines with the engine's head and span name that JSON.parse reads as some other record. */
const STARTS_READ_OTHERWISE = [
  engineStart().replace(".node.NodeEvaluated", ".node.NodeProcessed"),
  engineStart({ event: "PhaseExecuted" }).replace(
    '"span_name":"Node processed',
    '"span_name":"Node evaluated',
  ),
  engineStart().replace(TRACE, TRACE.toUpperCase()),
  engineStart({ span: "7A1C0E55D2B94F01" }),
  engineStart({ uniqueId: "model.shop.or\\u0064ers" }),
  engineStart({ uniqueId: "" }),
  engineStart().replace(',"unique_id":"model.shop.orders"', ""),
  engineStart().replace('"links":null', '"links":null,"record_type":"SpanEnd"'),
];

function kindOf(value: Record<string, unknown>): "processed" | "evaluated" | null {
  const event = String(value.event_type ?? "")
    .split(".")
    .pop();
  const attributes = value.attributes as Record<string, unknown> | undefined;
  if (value.record_type !== "SpanStart" || typeof attributes?.unique_id !== "string") return null;
  if (!attributes.unique_id) return null;
  if (event === "NodeProcessed") return "processed";
  return event === "NodeEvaluated" || event === "Node" ? "evaluated" : null;
}

/** The report a parse of every line gives: what dropping starts must never change. */
async function fullParseReport(name: string, text: string): Promise<Report> {
  const builder = new ReportBuilder(OPTIONS);
  const sink = locatedEvents(builder.startFile({ files: [name], format: "jsonl" }), name, "line");
  await decodeJsonl(memoryJsonl(name, text).openStream(), name, recordsToEvents(sink));
  return builder.finish();
}

async function settled(read: () => Promise<Report>): Promise<Report | string> {
  try {
    return await read();
  } catch (error) {
    return `error: ${(error as Error).message}`;
  }
}

describe("nodeStartKind", () => {
  it("says what JSON.parse says of every fixture line it reads, in any layout, and reads the engine's own", () => {
    let read = 0;
    for (let seed = 0; seed <= 10; seed++) {
      const next = random(seed + 100);
      for (const record of FIXTURE_RECORDS) {
        // Seed 0 is the engine's layout; the others shuffle keys and spaces.
        const line = seed === 0 ? JSON.stringify(record) : reformat(record, next);
        const kind = nodeStartKind(line);
        if (kind === null) continue;
        read++;
        const parsed = JSON.parse(line) as Record<string, unknown>;
        expect(kindOf(parsed)).toBe(kind);
        expect(line.slice(39, 71)).toBe(parsed.trace_id);
        expect(line.slice(84, 100)).toBe(parsed.span_id);
      }
    }
    const engineStarts = FIXTURE_RECORDS.filter((record) => kindOf(record) !== null);
    expect(engineStarts.length).toBeGreaterThan(400);
    // Every node span start of the real and generated fixtures is read (most layouts are not).
    for (const record of engineStarts) expect(nodeStartKind(JSON.stringify(record))).toBe(kindOf(record));
    expect(read).toBeGreaterThanOrEqual(engineStarts.length);
  });

  it("leaves every line it cannot be sure of to be parsed", () => {
    // Without the engine's span name, the kind is the event type's, and every doubt sends the line
    // to be parsed.
    expect(nodeStartKind(engineStart({ named: false }))).toBe("evaluated");
    expect(nodeStartKind(engineStart({ event: "NodeProcessed", named: false }))).toBe("processed");
    const unsure = [
      engineStart({ named: false }).replace(TRACE, TRACE.toUpperCase()),
      engineStart({ span: "7A1C0E55D2B94F01", named: false }),
      engineStart({ span: "7a1c0e55d2b94f0", named: false }),
      engineStart({ uniqueId: "model.shop.or\\u0064ers", named: false }),
      engineStart({ uniqueId: "", named: false }),
      engineStart({ event: "NodeEvaluatedLater", named: false }),
      engineStart({ event: "PhaseExecuted", named: false }),
      engineStart({ named: false }).replace('"record_type":"SpanStart"', '"record_type":"SpanEnd"'),
      engineStart({ named: false }).replace(
        '"links":null',
        '"links":[{"event_type":"v1.public.events.fusion.node.NodeEvaluated"}]',
      ),
      engineStart({ named: false }).replace(',"unique_id":"model.shop.orders"', ""),
      // With the span name too: the head must hold its ids in their places, and the line end with `}`.
      engineStart().replace('"record_type":"SpanStart"', '"record_type":"SpanEnd"'),
      engineStart({ span: "7a1c0e55d2b94f0" }),
      engineStart().replace('"span_id":"7a1c0e55d2b94f01","span_name"', '"span_name"'),
      `${engineStart()} x`,
      ` ${engineStart()}`,
    ];
    for (const line of unsure) expect({ line, kind: nodeStartKind(line) }).toEqual({ line, kind: null });
  });

  it("takes an engine start line's kind from its span name, and leaves the rest to the ledger", () => {
    expect(nodeStartKind(engineStart())).toBe("evaluated");
    expect(nodeStartKind(engineStart({ event: "NodeProcessed" }))).toBe("processed");
    // What JSON.parse would read otherwise is not looked for: such a start is dropped as the name's
    // kind, and the ledger sees to the rest (the next test).
    for (const line of STARTS_READ_OTHERWISE) expect(nodeStartKind(line)).toBe("evaluated");
    // Another span name: the kind is the event type's, as for any other layout.
    const renamed = engineStart().replace('"span_name":"Node evaluated', '"span_name":"Node evaluating');
    expect(nodeStartKind(renamed)).toBe("evaluated");
    expect(nodeStartKind(renamed.replace(".node.NodeEvaluated", ".node.NodeEvaluatedLater"))).toBeNull();
  });

  it("reports a named start that JSON.parse reads otherwise as a parse of every line does", async () => {
    const text = readFileSync(
      path.join(ROOT, "test/fixtures/real/preview120_build_success.otel.jsonl"),
      "utf8",
    );
    const lines = text.split("\n");
    const at = lines.findIndex((line) => nodeStartKind(line) === "evaluated");
    expect(at).toBeGreaterThan(0);
    const { trace_id: trace, span_id: span } = JSON.parse(lines[at]!) as {
      trace_id: string;
      span_id: string;
    };
    const cases: [string, string, number][] = [
      // Ids not as its end writes them (JSON.parse normalises the record's, not the head's): the
      // ledger finds no end for it, and the file is read again.
      [
        "ids in capitals",
        lines[at]!.replace(trace, trace.toUpperCase()).replace(span, span.toUpperCase()),
        2,
      ],
      ["a span no end closes", lines[at]!.replace(span, "0123456789abcdef"), 2],
      // Another event type than its name's: its span's end comes, and a start is used only while
      // its span has not ended, so what it would have said is never read.
      ["a NodeProcessed event type", lines[at]!.replace(".node.NodeEvaluated", ".node.NodeProcessed"), 1],
    ];
    for (const [name, changed, reads] of cases) {
      expect(nodeStartKind(changed)).toBe("evaluated");
      const edited = [...lines];
      edited[at] = changed;
      const opened = { count: 0 };
      const report = await readTelemetryReport([memoryJsonl("s.jsonl", edited.join("\n"), opened)], OPTIONS);
      expect({ name, opened: opened.count }).toEqual({ name, opened: reads });
      expect(report).toEqual(await fullParseReport("s.jsonl", edited.join("\n")));
    }
  });
});

describe("StartLedger", () => {
  const end = (fields: Partial<TelemetryRecord> & { uniqueId?: string | null } = {}): TelemetryRecord => ({
    recordType: "SpanEnd",
    traceId: TRACE,
    spanId: "7a1c0e55d2b94f01",
    parentSpanId: null,
    spanName: null,
    eventType: "v1.public.events.fusion.node.NodeEvaluated",
    startNs: null,
    endNs: null,
    timeNs: null,
    severity: "INFO",
    body: null,
    statusCode: null,
    statusMessage: null,
    attributes: fields.uniqueId === null ? {} : { unique_id: fields.uniqueId ?? "model.shop.orders" },
    ...fields,
  });

  it("pairs dropped starts with their ends in any order", () => {
    const starts = new StartLedger();
    expect(starts.drop(engineStart({ span: "00000000000000a1" }))).toBe("evaluated");
    expect(starts.drop(engineStart({ span: "00000000000000a2", event: "NodeProcessed" }))).toBe("processed");
    starts.settle(end({ spanId: "00000000000000a2", eventType: "x.NodeProcessed" }));
    starts.settle(end({ spanId: "00000000000000a1" }));
    expect(() => starts.finish()).not.toThrow();
  });

  it("pairs a parsed start with its end too, and ignores records that are not node spans", () => {
    const starts = new StartLedger();
    starts.settle({ ...end(), recordType: "SpanStart" });
    starts.settle(end({ eventType: "v1.public.events.fusion.query.QueryExecuted" }));
    starts.settle({ ...end(), recordType: "LogRecord" });
    starts.settle(end());
    expect(() => starts.finish()).not.toThrow();
  });

  it.each([
    ["no end", () => []],
    ["an end of another kind", () => [end({ eventType: "v1.public.events.fusion.node.NodeProcessed" })]],
    ["an end of another span", () => [end({ spanId: "7a1c0e55d2b94f02" })]],
    ["an end of another invocation", () => [end({ traceId: TRACE.replace("0190", "0191") })]],
    ["an end that names no node (the model closes no span with it)", () => [end({ uniqueId: null })]],
    ["an end, and another end", () => [end(), end()]],
  ])("fails a start with %s, so the file is read again", (_name, ends) => {
    const starts = new StartLedger();
    starts.drop(engineStart());
    expect(() => {
      for (const record of ends()) starts.settle(record);
      starts.finish();
    }).toThrow(UnpairedStarts);
  });

  it("fails an end that comes before its start (the model would leave that span open)", () => {
    const starts = new StartLedger();
    expect(() => starts.settle(end())).toThrow(UnpairedStarts);
    const other = new StartLedger();
    other.drop(engineStart({ span: "00000000000000b1" }));
    expect(() => other.settle(end())).toThrow(UnpairedStarts);
  });

  it("takes the engine's start lines from their bytes, wherever they lie in a chunk, as drop takes their text", () => {
    const lines = FIXTURE_RECORDS.map((record) => JSON.stringify(record));
    let taken = 0;
    for (const line of lines) {
      // Between other lines, in a buffer holding more than the line.
      const bytes = Buffer.from(`{"x":1}\n${line}\n{"record_type":"SpanStart"`);
      const kind = new StartLedger().dropBytes(bytes, 8, 8 + Buffer.byteLength(line));
      if (kind === null) continue;
      taken++;
      expect({ line, kind }).toEqual({ line, kind: nodeStartKind(line) });
    }
    // Every node span start of the fixtures is the engine's own.
    expect(taken).toBe(FIXTURE_RECORDS.filter((record) => kindOf(record) !== null).length);
  });

  it("enters a start taken from bytes as its end takes it out: a finished run's ledger empties", () => {
    const text = readFileSync(path.join(ROOT, "test/fixtures/real/preview120_build_success.otel.jsonl"));
    const starts = new StartLedger();
    let dropped = 0;
    for (let start = 0; start < text.length;) {
      const lineEnd = text.indexOf(10, start) === -1 ? text.length : text.indexOf(10, start);
      if (lineEnd > start && starts.dropBytes(text, start, lineEnd) !== null) dropped++;
      else if (lineEnd > start) starts.settle(toRecord(JSON.parse(text.toString("utf8", start, lineEnd)))!);
      start = lineEnd + 1;
    }
    expect(dropped).toBeGreaterThan(40);
    expect(() => starts.finish()).not.toThrow();
    // Each start's ids count: an end of another span does not take a start taken from bytes out.
    const other = new StartLedger();
    const line = Buffer.from(engineStart({ span: "00000000000000c1" }));
    expect(other.dropBytes(line, 0, line.length)).toBe("evaluated");
    expect(() => {
      other.settle(end({ spanId: "00000000000000c2" }));
      other.finish();
    }).toThrow(UnpairedStarts);
    const same = new StartLedger();
    same.dropBytes(line, 0, line.length);
    same.settle(end({ spanId: "00000000000000c1" }));
    expect(() => same.finish()).not.toThrow();
  });

  it("leaves a start line to its text when its bytes are not the engine's own in every place it looks", () => {
    const start = engineStart();
    const unsure = [
      start.replace(TRACE, TRACE.toUpperCase()),
      engineStart({ span: "7A1C0E55D2B94F01" }),
      engineStart({ named: false }),
      `${start}\r`,
      start.slice(0, -2),
      start.replace('"record_type":"SpanStart"', '"record_type":"SpanEnd"'),
      // Not ASCII where an id is (two bytes for one character): the text's places are not the bytes'.
      start.replace("7a1c0e55d2b94f01", "7a1c0e55d2b94fé"),
      start.slice(0, 60),
      "",
    ];
    for (const line of unsure) {
      const bytes = Buffer.from(line);
      expect({ line, kind: new StartLedger().dropBytes(bytes, 0, bytes.length) }).toEqual({
        line,
        kind: null,
      });
    }
  });

  it("leaves out spans whose ids the engine never writes (no dropped start has them)", () => {
    const starts = new StartLedger();
    starts.settle({ ...end({ spanId: "7a1c" }), recordType: "SpanStart" });
    starts.settle(end({ traceId: "7a1c" }));
    expect(() => starts.finish()).not.toThrow();
  });
});

/** The file in chunks of `size` bytes, as a pipe or a file's reads may cut it. */
function chunkedJsonl(name: string, text: string, size: number, opened: { count: number }): JsonlFile {
  const bytes = Buffer.from(text);
  const chunks: Buffer[] = [];
  for (let at = 0; at < bytes.length; at += size) chunks.push(bytes.subarray(at, at + size));
  return memoryJsonl(name, chunks, opened);
}

describe("dropping node span starts", () => {
  it("makes no string of a node span start the engine wrote, after the first line", async () => {
    const text = readFileSync(
      path.join(ROOT, "test/fixtures/real/preview120_build_success.otel.jsonl"),
      "utf8",
    );
    const lines = text.split("\n");
    const starts = lines.filter((line, at) => at > 0 && line && kindOf(JSON.parse(line)) !== null).length;
    expect(starts).toBeGreaterThan(40);
    // Query span starts are taken as bytes too, when the next line follows at once (jsonl-skip.ts).
    const queryStarts = lines.filter((line, at) => {
      if (at === 0 || !line || !lines[at + 1]?.startsWith("{")) return false;
      const record = JSON.parse(line) as { record_type: string; event_type: string };
      return record.record_type === "SpanStart" && record.event_type.endsWith(".QueryExecuted");
    }).length;
    expect(queryStarts).toBeGreaterThan(40);
    const stats = { scanned: 0, copied: 0, decoded: 0 };
    await decodeJsonl(
      memoryJsonl("a", text).openStream(),
      "a",
      { relevantOnly: true, recordLeftOut: () => undefined, add: () => undefined, warn: () => undefined },
      stats,
    );
    expect(stats.decoded).toBe(lines.length - (text.endsWith("\n") ? 1 : 0) - starts - queryStarts);
  });

  it("settles the lines before a start taken as bytes as before any other line: a damaged one is reported", async () => {
    const sink = {
      relevantOnly: true,
      recordLeftOut: () => undefined,
      add: () => undefined,
      warn: () => undefined,
    };
    // Each line ends with a line feed, so the last too lies whole in the chunk.
    const text = [engineStart({ span: "00000000000000d1" }), '{"record_type":', engineStart(), ""].join("\n");
    await expect(decodeJsonl(memoryJsonl("d", text).openStream(), "d.jsonl", sink)).rejects.toThrow(
      /^d\.jsonl:2: invalid JSON .*lines follow it/,
    );
  });

  it("gives one report whatever chunks the bytes come in (a line cut between chunks is made a string)", async () => {
    for (const fixture of [
      "real/preview120_build_success.otel.jsonl",
      "generated/large-run/telemetry.jsonl",
      "generated/crashed-run/telemetry.jsonl",
    ]) {
      const text = readFileSync(path.join(ROOT, "test/fixtures", fixture), "utf8");
      const expected = await fullParseReport(fixture, text);
      for (const size of [1, 97, 4096, 1 << 20]) {
        const opened = { count: 0 };
        const report = await readTelemetryReport([chunkedJsonl(fixture, text, size, opened)], OPTIONS);
        expect({ fixture, size, same: report }).toEqual({ fixture, size, same: expected });
        expect({ fixture, size, opened: opened.count }).toEqual({
          fixture,
          size,
          opened: fixture.includes("crashed") ? 2 : 1,
        });
      }
    }
  });

  it("hands on no node span start of a finished run, and reads it once", async () => {
    const file = path.join(ROOT, "test/fixtures/real/preview120_build_success.otel.jsonl");
    const text = readFileSync(file, "utf8");
    const records: TelemetryRecord[] = [];
    const { records: read } = await decodeJsonl(memoryJsonl("a", text).openStream(), "a", {
      relevantOnly: true,
      recordLeftOut: () => undefined,
      add: (record) => records.push(record),
      warn: () => undefined,
    });
    expect(read).toBe(text.split("\n").filter((line) => line.trim()).length);
    expect(records.some((record) => record.recordType === "SpanEnd" && /Node/.test(record.eventType))).toBe(
      true,
    );
    expect(
      records.filter((record) => record.recordType === "SpanStart" && /\.Node/.test(record.eventType)),
    ).toEqual([]);
    const opened = { count: 0 };
    await readTelemetryReport([memoryJsonl("a", text, opened)], OPTIONS);
    expect(opened.count).toBe(1);
  });

  it("reads a crashed run again with every start parsed: its unfinished nodes are reported", async () => {
    const text = readFileSync(path.join(ROOT, "test/fixtures/generated/crashed-run/telemetry.jsonl"), "utf8");
    await expect(
      decodeJsonl(memoryJsonl("c", text).openStream(), "c", {
        relevantOnly: true,
        recordLeftOut: () => undefined,
        add: () => undefined,
        warn: () => undefined,
      }),
    ).rejects.toThrow(UnpairedStarts);
    const opened = { count: 0 };
    const report = await readTelemetryReport([memoryJsonl("c", text, opened)], OPTIONS);
    expect(opened.count).toBe(2);
    expect(report).toEqual(await fullParseReport("c", text));
    expect(report.invocations[0]!.nodes.some((node) => /never finished/.test(node.message ?? ""))).toBe(true);
  });

  it("counts a dropped start against the report's span limit as a parsed one", async () => {
    for (const fixture of [
      "real/preview120_build_success.otel.jsonl",
      "generated/large-run/telemetry.jsonl",
    ]) {
      const text = readFileSync(path.join(ROOT, "test/fixtures", fixture), "utf8");
      /** The fewest spans a report of the file may hold, read with starts dropped or not. */
      const fewest = async (rereadable: boolean): Promise<number> => {
        let [low, high] = [1, 100_000];
        while (low < high) {
          const limit = Math.floor((low + high) / 2);
          const file = { ...memoryJsonl("f", text), rereadable };
          const fits = await readTelemetryReport([file], { ...OPTIONS, limits: { spans: limit } }).then(
            () => true,
            () => false,
          );
          if (fits) high = limit;
          else low = limit + 1;
        }
        return low;
      };
      const full = await fewest(false);
      expect(full).toBeGreaterThan(100);
      expect(await fewest(true)).toBe(full);
    }
  });

  it("gives the report a parse of every line gives, for every fixture and lines dropped, moved or cut", async () => {
    const fixtures = jsonlFixtures();
    expect(fixtures.length).toBeGreaterThan(10);
    const pick = createRandom(31);
    let cases = 0;
    let retried = 0;
    for (const file of fixtures) {
      const lines = readFileSync(file, "utf8").split("\n");
      for (let variant = 0; variant < 12; variant++) {
        const changed = [...lines];
        // Variant 0 is the file as it is; the others drop, move or cut lines (a crash, a lost line).
        for (let edit = 0; edit < variant % 4; edit++) {
          const at = Math.floor(pick() * changed.length);
          const kind = Math.floor(pick() * 3);
          if (kind === 0) changed.splice(at, 1);
          else if (kind === 1)
            changed.splice(Math.floor(pick() * changed.length), 0, ...changed.splice(at, 1));
          else changed.splice(at);
        }
        const text = changed.join("\n");
        const opened = { count: 0 };
        const name = `${path.basename(path.dirname(file))}-${variant}.jsonl`;
        const fast = await settled(() => readTelemetryReport([memoryJsonl(name, text, opened)], OPTIONS));
        expect(fast, name).toEqual(await settled(() => fullParseReport(name, text)));
        cases++;
        if (opened.count > 1) retried++;
      }
    }
    // Not vacuous: most cases need no second read, and some do.
    expect(cases).toBeGreaterThan(100);
    expect(retried).toBeGreaterThan(0);
    expect(retried).toBeLessThan(cases / 2);
  });
});
