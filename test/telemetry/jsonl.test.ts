import { describe, expect, it } from "vitest";
import { decodeJsonl } from "../../src/telemetry/jsonl.js";
import { TelemetryInputError } from "../../src/telemetry/errors.js";
import type { TelemetryRecord } from "../../src/telemetry/record.js";

async function decode(text: string | string[]): Promise<{ records: TelemetryRecord[]; warnings: string[] }> {
  const records: TelemetryRecord[] = [];
  const warnings: string[] = [];
  const chunks = (Array.isArray(text) ? text : [text]).map((chunk) => new TextEncoder().encode(chunk));
  async function* stream() {
    yield* chunks;
  }
  await decodeJsonl(stream(), "logs/otel.jsonl", {
    add: (record) => records.push(record),
    warn: (message) => warnings.push(message),
  });
  return { records, warnings };
}

const span = (extra: Record<string, unknown> = {}) =>
  JSON.stringify({
    record_type: "SpanEnd",
    trace_id: "0190aa00bb11cc22dd33ee44ff556677",
    span_id: "7a1c0e55d2b94f01",
    parent_span_id: null,
    span_name: "Node processed (model.shop.orders)",
    start_time_unix_nano: "1760000000123456789",
    end_time_unix_nano: "1760000009000000001",
    severity_number: 9,
    severity_text: "INFO",
    status: { code: 2, message: "error" },
    event_type: "v1.public.events.fusion.node.NodeProcessed",
    attributes: { unique_id: "model.shop.orders", duration_ms: "42" },
    ...extra,
  });

describe("decodeJsonl", () => {
  it("keeps exact nanosecond timestamps and hex span ids", async () => {
    const { records } = await decode(`${span()}\n`);
    expect(records).toHaveLength(1);
    expect(records[0]!.startNs).toBe(1760000000123456789n);
    expect(records[0]!.endNs).toBe(1760000009000000001n);
    expect(records[0]!.spanId).toBe("7a1c0e55d2b94f01");
    expect(records[0]!.statusCode).toBe(2);
  });

  it("reassembles lines split across chunks, including multi-byte characters", async () => {
    const line = span({ span_name: "Node processed (model.shop.café_ünïcode)" });
    const bytes = new TextEncoder().encode(`${line}\n${line}\n`);
    const cut = bytes.indexOf(0xc3) + 1; // split inside a two-byte character
    const records: TelemetryRecord[] = [];
    async function* stream() {
      yield bytes.slice(0, cut);
      yield bytes.slice(cut);
    }
    await decodeJsonl(stream(), "x.jsonl", { add: (r) => records.push(r), warn: () => undefined });
    expect(records.map((r) => r.spanName)).toEqual([
      "Node processed (model.shop.café_ünïcode)",
      "Node processed (model.shop.café_ünïcode)",
    ]);
  });

  it("tolerates a truncated last line (crashed run) with a warning naming file and line", async () => {
    const { records, warnings } = await decode(`${span()}\n${span().slice(0, 80)}`);
    expect(records).toHaveLength(1);
    expect(warnings[0]).toMatch(/^logs\/otel\.jsonl:2: last line is truncated/);
  });

  it("rejects an invalid line in the middle of the file, naming file and line", async () => {
    await expect(decode(`${span()}\n{not json\n${span()}\n`)).rejects.toThrow(
      /^logs\/otel\.jsonl:2: invalid JSON/,
    );
  });

  it("rejects an empty file and a file that is not telemetry", async () => {
    await expect(decode("")).rejects.toThrow(/logs\/otel\.jsonl: file is empty/);
    await expect(decode('{"hello":"world"}\n')).rejects.toThrow(TelemetryInputError);
    await expect(decode('{"hello":"world"}\n')).rejects.toThrow(/:1: not dbt Fusion telemetry/);
  });

  it("ignores unknown record types and foreign lines after telemetry, with a warning", async () => {
    const { records, warnings } = await decode(`${span()}\n{"record_type":"Metric","x":1}\n${span()}\n`);
    expect(records).toHaveLength(2);
    expect(warnings.join()).toMatch(/1 line\(s\) were JSON but not telemetry/);
  });

  it("accepts CRLF line endings and blank lines", async () => {
    const { records } = await decode(`${span()}\r\n\r\n${span()}\r\n`);
    expect(records).toHaveLength(2);
  });

  it("strips ANSI colour codes from log bodies", async () => {
    const log = JSON.stringify({
      record_type: "LogRecord",
      trace_id: "0190aa00bb11cc22dd33ee44ff556677",
      span_id: "7a1c0e55d2b94f01",
      time_unix_nano: "1760000004000000000",
      severity_number: 17,
      severity_text: "ERROR",
      body: "\u001b[31mDatabase error\u001b[0m: boom",
      event_type: "v1.public.events.fusion.log.LogMessage",
      attributes: {},
    });
    const { records } = await decode(`${log}\n`);
    expect(records[0]!.body).toBe("Database error: boom");
  });
});
