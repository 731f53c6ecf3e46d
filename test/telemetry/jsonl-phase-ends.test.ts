import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { readTelemetryReport } from "../../src/pipeline/read-telemetry.js";
import type { TelemetryFile } from "../../src/sources/telemetry-file.js";
import { TracesWithProcessed, readPhaseEnd } from "../../src/telemetry/jsonl-phase-ends.js";
import { decodeJsonl } from "../../src/telemetry/jsonl.js";
import { UnpairedStarts } from "../../src/telemetry/jsonl-start-ledger.js";
import { FIXTURE_RECORDS, random, reformat } from "../support/jsonl-layouts.js";
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

describe("TracesWithProcessed", () => {
  it("knows the invocations with a NodeProcessed start, few or many", () => {
    const traces = new TracesWithProcessed();
    const ids = Array.from({ length: 20 }, (_, i) => i.toString(16).padStart(32, "0"));
    for (const trace of ids.slice(0, 19)) traces.processedStart(`x${trace}`, 1);
    for (const trace of ids.slice(0, 19)) expect(traces.hasProcessed(trace, 0)).toBe(true);
    expect(traces.hasProcessed(ids[19]!, 0)).toBe(false);
  });
});

describe("phase ends read from text", () => {
  const file = (text: string, opened: { count: number }, rereadable = true): TelemetryFile => ({
    name: "t.jsonl",
    format: "jsonl",
    openStream: async function* () {
      opened.count++;
      yield Buffer.from(text);
    },
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
      "2 node(s) read from phase ends have no NodeProcessed end",
    );
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
