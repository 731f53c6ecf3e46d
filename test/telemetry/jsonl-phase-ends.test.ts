import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { memoryJsonl } from "../support/memory-jsonl.js";
import { readTelemetryReport } from "../../src/pipeline/read-telemetry.js";
import type { TelemetryFile } from "../../src/sources/telemetry-file.js";
import {
  TracesWithProcessed,
  phaseEndIdAt,
  readPhaseEnd,
  type PhaseEnd,
} from "../../src/telemetry/jsonl-phase-ends.js";
import { decodeJsonl } from "../../src/telemetry/jsonl.js";
import { END_HEAD } from "../../src/telemetry/jsonl-span-head.js";
import { UnpairedStarts } from "../../src/telemetry/jsonl-start-ledger.js";
import { FIXTURE_RECORDS, fixtureLines, inChunk, random, reformat } from "../support/jsonl-layouts.js";
import { ROOT } from "../support/report.js";

const TRACE = "0190aa00bb11cc22dd33ee44ff556677";

/** A phase span end as the engine writes it (key order, links and status as in the real files). */
function engineEnd(
  over: { status?: unknown; links?: unknown; start?: string; uniqueId?: string } = {},
): string {
  return JSON.stringify({
    record_type: "SpanEnd",
    trace_id: TRACE,
    span_id: "7a1c0e55d2b94f01",
    span_name: "Node evaluated (model.shop.orders)",
    parent_span_id: "1b2c3d4e5f607182",
    links: over.links ?? [{ trace_id: TRACE, span_id: "9eb0462f06becb1c", attributes: {} }],
    start_time_unix_nano: over.start ?? "1760000000123456789",
    end_time_unix_nano: "1760000009000000001",
    severity_number: 5,
    severity_text: "DEBUG",
    status: over.status === undefined ? { message: null, code: 1 } : over.status,
    event_type: "v1.public.events.fusion.node.NodeEvaluated",
    attributes: {
      name: "orders",
      phase: "EXECUTION_PHASE_RUN",
      unique_id: over.uniqueId ?? "model.shop.orders",
    },
  });
}

function isPhaseEnd(value: Record<string, unknown>): boolean {
  const event = String(value.event_type ?? "")
    .split(".")
    .pop();
  const attributes = value.attributes as Record<string, unknown> | undefined;
  return (
    value.record_type === "SpanEnd" &&
    (event === "NodeEvaluated" || event === "Node") &&
    typeof attributes?.unique_id === "string" &&
    attributes.unique_id !== "" &&
    /^\d+$/.test(String(value.start_time_unix_nano)) &&
    /^\d+$/.test(String(value.end_time_unix_nano))
  );
}

describe("readPhaseEnd", () => {
  it("says what JSON.parse says of every fixture line it reads, in any layout, and reads the engine's own", () => {
    let read = 0;
    for (let seed = 0; seed <= 10; seed++) {
      const next = random(seed + 200);
      for (const record of FIXTURE_RECORDS) {
        const line = seed === 0 ? JSON.stringify(record) : reformat(record, next);
        const end = readPhaseEnd(line);
        if (end === null) continue;
        read++;
        const parsed = JSON.parse(line) as Record<string, unknown>;
        expect(isPhaseEnd(parsed)).toBe(true);
        expect(end).toEqual({
          traceId: parsed.trace_id,
          spanId: parsed.span_id,
          uniqueId: (parsed.attributes as Record<string, unknown>).unique_id,
          startNs: BigInt(parsed.start_time_unix_nano as string),
          endNs: BigInt(parsed.end_time_unix_nano as string),
        });
      }
    }
    // A line with a backslash (an escaped character anywhere) is parsed: one of the fixtures' has one.
    const engineEnds = FIXTURE_RECORDS.filter(
      (record) => isPhaseEnd(record) && !JSON.stringify(record).includes("\\"),
    );
    expect(engineEnds.length).toBeGreaterThan(300);
    for (const record of engineEnds) expect(readPhaseEnd(JSON.stringify(record))).not.toBeNull();
    expect(read).toBeGreaterThanOrEqual(engineEnds.length);
  });

  it("leaves every line it cannot be sure of to be parsed", () => {
    expect(readPhaseEnd(engineEnd())).not.toBeNull();
    expect(readPhaseEnd(engineEnd({ status: null, links: null }))).not.toBeNull();
    const unsure = [
      engineEnd({ status: { message: null, code: 1, detail: {} } }),
      engineEnd({ links: [{ attributes: { event_type: "x" } }] }).replace('}}],"start', '}],"start'),
      engineEnd({ start: "17600000001234x" }),
      engineEnd({ start: "" }),
      engineEnd({ uniqueId: "" }),
      engineEnd({ uniqueId: "model.shop.or\\u0064ers" }),
      // A raw control character in the node id: no JSON, so parsed and reported.
      engineEnd({ uniqueId: "model.shop.raw_orders" }).replace("raw_orders", "raw\u0001orders"),
      engineEnd().replace("NodeEvaluated", "NodeProcessed"),
      engineEnd().replace(',"start_time_unix_nano":"1760000000123456789"', ""),
      engineEnd().replace('"status":{"message":null,"code":1},', ""),
      engineEnd().replace(TRACE, TRACE.toUpperCase()),
      `${engineEnd()} x`,
      // Keys of a nested object, which JSON.parse would not take as the record's.
      engineEnd({ links: [{ start_time_unix_nano: "1", attributes: {} }] }).replace(
        ',"start_time_unix_nano":"1760000000123456789"',
        "",
      ),
      engineEnd().replace(
        '"unique_id":"model.shop.orders"}}',
        '"unique_id":"model.shop.orders"},"x":{"unique_id":"y"}}',
      ),
      engineEnd().replace(
        '"unique_id":"model.shop.orders"}}',
        '"unique_id":"model.shop.orders","zz":{"unique_id":"y"}}}',
      ),
      engineEnd().replace('"links":[{', '"links":[]},{"x":[{'),
      // The engine's name for a NodeProcessed or a query span right after the head: parsed, whatever
      // event type follows (JSON.parse reads the one it finds).
      engineEnd().replace('"span_name":"Node evaluated', '"span_name":"Node processed'),
      engineEnd().replace('"span_name":"Node evaluated', '"span_name":"Query executed'),
    ];
    for (const line of unsure) expect({ line, end: readPhaseEnd(line) }).toEqual({ line, end: null });
    // Any other name, or none, leaves the line to the rules.
    expect(
      readPhaseEnd(engineEnd().replace('"span_name":"Node evaluated', '"span_name":"Node built')),
    ).not.toBeNull();
    expect(
      readPhaseEnd(engineEnd().replace('"span_name":"Node evaluated (model.shop.orders)",', "")),
    ).not.toBeNull();
  });
});

/** The node id phaseEndIdAt finds in `line`, placed amid other bytes as in a chunk; else null. */
function idFromBytes(line: string): string | null {
  const { bytes, start, end } = inChunk(line);
  const at = phaseEndIdAt(bytes, start, end);
  return at === -1 ? null : bytes.toString("latin1", at, end - 3);
}

/** The engine's name for a phase span of this node, and the node as its attributes' last key. */
function withNode(line: string, uniqueId: string): string {
  return line
    .replace("(model.shop.orders)", `(${uniqueId})`)
    .replace('"unique_id":"model.shop.orders"}}', `"unique_id":"${uniqueId}"}}`);
}

describe("phaseEndIdAt", () => {
  it("reads the engine's own phase ends, and of every fixture line it reads, in any layout, what JSON.parse says", () => {
    let read = 0;
    for (const line of fixtureLines(10, 300)) {
      const uniqueId = idFromBytes(line);
      if (uniqueId === null) continue;
      read++;
      const parsed = JSON.parse(line) as Record<string, unknown>;
      expect(isPhaseEnd(parsed)).toBe(true);
      expect(uniqueId).toBe((parsed.attributes as Record<string, unknown>).unique_id);
      expect(line.slice(END_HEAD.traceAt, END_HEAD.traceAt + 32)).toBe(parsed.trace_id);
      expect(line.slice(END_HEAD.spanIdAt, END_HEAD.spanIdAt + 16)).toBe(parsed.span_id);
    }
    const engineEnds = FIXTURE_RECORDS.filter(
      (record) =>
        isPhaseEnd(record) &&
        String(record.span_name).startsWith("Node evaluated (") &&
        /^[\x20-\x7e]*$/.test(JSON.stringify(record)) &&
        !JSON.stringify(record).includes("\\"),
    );
    expect(engineEnds.length).toBeGreaterThan(300);
    for (const record of engineEnds) {
      expect(idFromBytes(JSON.stringify(record))).toBe(
        (record.attributes as Record<string, unknown>).unique_id,
      );
    }
    expect(read).toBeGreaterThanOrEqual(engineEnds.length);
  });

  it("leaves every other line to the text", () => {
    expect(idFromBytes(engineEnd())).toBe("model.shop.orders");
    expect(idFromBytes(engineEnd({ status: null, links: null }))).toBe("model.shop.orders");
    // Its times are not read: their node's NodeProcessed end stands in for them.
    expect(idFromBytes(engineEnd({ start: "17600000001234x" }))).toBe("model.shop.orders");
    const unsure = [
      // The node its name holds is not its attributes'.
      engineEnd({ uniqueId: "model.shop.other" }),
      engineEnd({ uniqueId: "model.shop.orders2" }),
      engineEnd().replace("(model.shop.orders)", "(model.shop.orders2)"),
      engineEnd().replace("(model.shop.orders)", "(model.shop.orders) again"),
      engineEnd({ uniqueId: "" }),
      // Text that is not its value as it stands: an escape, a raw control character, non-ASCII.
      withNode(engineEnd(), "model.shop.or\\u0064ers"),
      withNode(engineEnd(), "model.shop.raw\u0001orders"),
      withNode(engineEnd(), "model.shop.\u00f6rders"),
      // Not the attributes' last key, or not the engine's head or span name.
      engineEnd().replace('"unique_id":"model.shop.orders"}}', '"unique_id":"model.shop.orders","x":1}}'),
      engineEnd().replace('"unique_id":"model.shop.orders"}}', '"unique_ids":"model.shop.orders"}}'),
      engineEnd().replace('"unique_id":"model.shop.orders"}}', '"unique_id":"model.shop.orders"}}}'),
      engineEnd().replace(TRACE, TRACE.toUpperCase()),
      engineEnd().replace('"record_type":"SpanEnd"', '"record_type":"SpanStart"'),
      engineEnd().replace('"span_name":"Node evaluated', '"span_name":"Node processed'),
      engineEnd().replace('"span_name":"Node evaluated (model.shop.orders)",', ""),
      `${engineEnd()}\r`,
      `${engineEnd()} `,
    ];
    for (const line of unsure) expect({ line, id: idFromBytes(line) }).toEqual({ line, id: null });
  });
});

describe("TracesWithProcessed", () => {
  it("knows the invocations with a NodeProcessed start, few or many", () => {
    const traces = new TracesWithProcessed();
    const ids = Array.from({ length: 20 }, (_, i) => i.toString(16).padStart(32, "0"));
    for (const trace of ids.slice(0, 19)) traces.processedStart(`x${trace}`, 1);
    for (const trace of ids.slice(0, 19)) expect(traces.hasProcessed(trace, 0)).toBe(true);
    expect(traces.hasProcessed(ids[19]!, 0)).toBe(false);
    for (const few of [1, 19]) {
      const known = new TracesWithProcessed();
      for (const trace of ids.slice(0, few)) known.processedStart(trace, 0);
      const bytes = Buffer.from(`"${ids[few - 1]}","${ids[19]}"`);
      expect(known.processedTrace(bytes, 1)).toBe(ids[few - 1]);
      expect(known.processedTrace(bytes, 36)).toBeNull();
    }
  });
});

describe("phase ends read from their text or bytes", () => {
  const file = (text: string, opened: { count: number }, rereadable = true): TelemetryFile => ({
    ...memoryJsonl("t.jsonl", text, opened),
    rereadable,
  });
  const options = { slowest: 5, failOn: "errors" as const, generatorVersion: "test" };

  it.each([
    ["a file with NodeProcessed spans (preview.120)", "real/preview120_build_success.otel.jsonl"],
    ["a file without them (preview.72), whose phases are parsed", "real/preview72_build_success.otel.jsonl"],
  ])("%s is read once", async (_, fixture) => {
    const text = readFileSync(path.join(ROOT, "test/fixtures", fixture), "utf8");
    const opened = { count: 0 };
    const report = await readTelemetryReport([file(text, opened)], options);
    expect(opened.count).toBe(1);
    const full = await readTelemetryReport([file(text, { count: 0 }, false)], options);
    expect(report).toEqual(full);
  });

  it("parses a phase end that is the file's last line, so that a damaged one is still reported", async () => {
    // In real preview.120 output a third of the phase ends come after their node's NodeProcessed end,
    // so one can be the last line of a crashed run. Damage the text rule does not see (a line read
    // from text is not checked to be JSON) must still get the last line's warning.
    const text = readFileSync(path.join(ROOT, "test/fixtures/real/preview120_failed.otel.jsonl"), "utf8");
    const lines = text.split("\n").slice(0, 18);
    lines[17] = lines[17]!.replace('"severity_number":5,', '"severity_number":5x,');
    expect(readPhaseEnd(lines[17]!)).not.toBeNull();
    const damaged = lines.join("\n");
    const report = await readTelemetryReport([file(damaged, { count: 0 })], options);
    expect(report).toEqual(await readTelemetryReport([file(damaged, { count: 0 }, false)], options));
    expect(JSON.stringify(report)).toContain("last line is truncated or not valid JSON");
    // Cut before its last `}`, the line is not read from text at all.
    expect(readPhaseEnd(text.split("\n")[17]!.slice(0, -1))).toBeNull();
  });

  it("reads phase ends from text only for a sink that counts the nodes left undecided, and asks it", async () => {
    const text = readFileSync(
      path.join(ROOT, "test/fixtures/real/preview120_build_success.otel.jsonl"),
      "utf8",
    );
    const read = async (undecided?: number): Promise<{ fromText: number; error?: unknown }> => {
      let fromText = 0;
      const sink = {
        relevantOnly: true,
        recordLeftOut: () => undefined,
        phaseEnd: () => void fromText++,
        ...(undecided === undefined ? {} : { undecidedPhaseNodes: () => undecided }),
        add: () => undefined,
        warn: () => undefined,
      };
      const chunks = (async function* () {
        yield Buffer.from(text);
      })();
      return decodeJsonl(chunks, "p.jsonl", sink).then(
        () => ({ fromText }),
        (error: unknown) => ({ fromText, error }),
      );
    };
    expect(await read()).toEqual({ fromText: 0 });
    expect((await read(0)).fromText).toBeGreaterThan(100);
    const undecided = await read(2);
    expect(undecided.error).toBeInstanceOf(UnpairedStarts);
    expect((undecided.error as Error).message).toBe(
      "2 node(s) read from phase ends have no NodeProcessed end, or one without their times",
    );
  });

  /** The real build's lines, the node of its first phase end read from its bytes, and that node's NodeProcessed end. */
  const byteReadNode = (): { lines: string[]; uniqueId: string; processedEnd: number } => {
    const text = readFileSync(
      path.join(ROOT, "test/fixtures/real/preview120_build_success.otel.jsonl"),
      "utf8",
    );
    const lines = text.split("\n");
    const uniqueId = lines.map((line) => idFromBytes(line)).find((id) => id !== null)!;
    const processedEnd = lines.findIndex(
      (line) =>
        line.includes('"SpanEnd"') &&
        line.includes(".NodeProcessed") &&
        line.endsWith(`"unique_id":"${uniqueId}"}}`),
    );
    expect(processedEnd).toBeGreaterThan(0);
    return { lines, uniqueId, processedEnd };
  };

  it.each([
    ["its duration", /"duration_ms":"\d+",/],
    ["its start", /"start_time_unix_nano":"\d+",/],
    ["its end", /"end_time_unix_nano":"\d+",/],
  ])(
    "reads the file again when a node whose phase end was read without its times has a NodeProcessed end without %s",
    async (_, attribute) => {
      const { lines, uniqueId, processedEnd } = byteReadNode();
      const cut = lines[processedEnd]!.replace(attribute, "");
      expect(cut).not.toBe(lines[processedEnd]);
      lines[processedEnd] = cut;
      const opened = { count: 0 };
      const report = await readTelemetryReport([file(lines.join("\n"), opened)], options);
      expect(opened.count).toBe(2);
      const full = await readTelemetryReport([file(lines.join("\n"), { count: 0 }, false)], options);
      expect(report).toEqual(full);
      // What the phases' times say in its place.
      const node = report.invocations[0]!.nodes.find((each) => each.uniqueId === uniqueId)!;
      expect(node.timing.processingMs).not.toBeNull();
      expect(node.timing.startedAt).not.toBeNull();
      expect(node.timing.completedAt).not.toBeNull();
    },
  );

  it("reads the file again when a phase end read from its bytes had no start", async () => {
    const { lines } = byteReadNode();
    const end = lines.findIndex((line) => idFromBytes(line) !== null);
    const spanId = lines[end]!.slice(END_HEAD.spanIdAt, END_HEAD.spanIdAt + 16);
    const start = lines.findIndex(
      (line) => line.includes('"SpanStart"') && line.includes(`"span_id":"${spanId}"`),
    );
    expect(start).toBeGreaterThan(0);
    lines.splice(start, 1);
    const opened = { count: 0 };
    const report = await readTelemetryReport([file(lines.join("\n"), opened)], options);
    expect(opened.count).toBe(2);
    expect(report).toEqual(await readTelemetryReport([file(lines.join("\n"), { count: 0 }, false)], options));
  });

  it("reads a phase end from its text where the next line does not follow it in the same bytes", async () => {
    const text = readFileSync(
      path.join(ROOT, "test/fixtures/real/preview120_build_success.otel.jsonl"),
      "utf8",
    );
    const read = async (chunks: string[]): Promise<{ fromBytes: number; fromText: number }> => {
      const counts = { fromBytes: 0, fromText: 0 };
      const sink = {
        relevantOnly: true,
        recordLeftOut: () => undefined,
        phaseEnd: (end: PhaseEnd) => void (end.timesFromProcessed ? counts.fromBytes++ : counts.fromText++),
        undecidedPhaseNodes: () => 0,
        add: () => undefined,
        warn: () => undefined,
      };
      await decodeJsonl(memoryJsonl("p.jsonl", chunks).openStream(), "p.jsonl", sink);
      return counts;
    };
    const whole = await read([text]);
    expect(whole.fromText).toBe(0);
    expect(whole.fromBytes).toBeGreaterThan(100);
    // Each line its own chunk: no phase end is followed by the next line in its bytes.
    const lines = text.split("\n");
    expect(await read(lines.map((line, i) => (i < lines.length - 1 ? `${line}\n` : line)))).toEqual({
      fromBytes: 0,
      fromText: whole.fromBytes,
    });
    // Split anywhere, the report is the same.
    const opened = { count: 0 };
    const next = random(7);
    const pieces: string[] = [];
    for (let at = 0; at < text.length;) {
      const size = 1 + Math.floor(next() * 3000);
      pieces.push(text.slice(at, at + size));
      at += size;
    }
    const report = await readTelemetryReport([memoryJsonl("t.jsonl", pieces, opened)], options);
    expect(opened.count).toBe(1);
    expect(report).toEqual(await readTelemetryReport([file(text, { count: 0 }, false)], options));
  });

  it("reads the file again when a node read from its phase ends has no NodeProcessed end", async () => {
    const text = readFileSync(
      path.join(ROOT, "test/fixtures/real/preview120_build_success.otel.jsonl"),
      "utf8",
    );
    const lines = text.split("\n");
    const processedEnd = lines.findIndex(
      (line) => line.includes('"SpanEnd"') && line.includes(".NodeProcessed"),
    );
    lines.splice(processedEnd, 1);
    const opened = { count: 0 };
    const report = await readTelemetryReport([file(lines.join("\n"), opened)], options);
    expect(opened.count).toBe(2);
    const full = await readTelemetryReport([file(lines.join("\n"), { count: 0 }, false)], options);
    expect(report).toEqual(full);
  });
});
