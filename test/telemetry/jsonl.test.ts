import { gzipSync } from "node:zlib";
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

  it("reads a span status code given by its OpenTelemetry name, as the number the engine writes", async () => {
    const codes = [
      2,
      "2",
      "STATUS_CODE_ERROR",
      "Error",
      "STATUS_CODE_OK",
      "Ok",
      "STATUS_CODE_UNSET",
      "bogus",
      1.5,
    ];
    const { records } = await decode(
      codes.map((code) => `${span({ status: { code, message: "Error: compile" } })}\n`).join(""),
    );
    expect(records.map((record) => record.statusCode)).toEqual([2, 2, 2, 2, 1, 1, 0, null, null]);
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

  it("rejects an invalid line in the middle of the file, naming file and line, and says the file was damaged", async () => {
    await expect(decode(`${span()}\n{not json\n${span()}\n`)).rejects.toThrow(
      /^logs\/otel\.jsonl:2: invalid JSON \(.+\); lines follow it, and a crash cuts only the last line, so the file was damaged after it was written: check that one dbt run wrote it and that it was copied whole, or read the run's Parquet file instead$/,
    );
  });

  // The engine appends to its JSONL: a run killed while writing a record leaves it cut with no line
  // break, and the next run (`dbt retry`, a second command) starts its first record on that line.
  it("reads a run appended after one that was cut off mid-record, warning about the cut record", async () => {
    const nextRun = span({ trace_id: "0190aa00bb11cc22dd33ee44ff55aaaa", span_id: "00000000000000aa" });
    for (const cut of [80, 30, 5]) {
      const { records, warnings } = await decode(`${span()}\n${span().slice(0, cut)}${nextRun}\n${span()}\n`);
      expect(records.map((r) => r.traceId)).toEqual([
        "0190aa00bb11cc22dd33ee44ff556677",
        "0190aa00bb11cc22dd33ee44ff55aaaa",
        "0190aa00bb11cc22dd33ee44ff556677",
      ]);
      expect(warnings).toEqual([
        "logs/otel.jsonl:2: a record cut off where its run stopped (killed or crashed while writing it), with " +
          "the next run's first record appended to it on the same line; the cut record was ignored",
      ]);
    }
  });

  it("reads a run appended after a query span start that was cut, where such starts are left out unparsed", async () => {
    const queryStart = JSON.stringify({
      record_type: "SpanStart",
      trace_id: "0190aa00bb11cc22dd33ee44ff556677",
      span_id: "00000000000000bb",
      span_name: "Query executed",
      parent_span_id: null,
      start_time_unix_nano: "1760000000123456789",
      event_type: "v1.public.events.fusion.query.QueryExecuted",
      attributes: { sql: "select 1", sql_hash: "805a54f78c82a635b130f1497d868bc1" },
    });
    const nextRun = span({ trace_id: "0190aa00bb11cc22dd33ee44ff55aaaa", span_id: "00000000000000aa" });
    const records: TelemetryRecord[] = [];
    const warnings: string[] = [];
    const text = `${span()}\n${queryStart}\n${queryStart.slice(0, 150)}${nextRun}\n${span()}\n`;
    async function* stream() {
      yield new TextEncoder().encode(text);
    }
    // Read in full (no node span starts left out): the glued line is told from a whole query start.
    await decodeJsonl(stream(), "logs/otel.jsonl", {
      relevantOnly: true,
      add: (record) => records.push(record),
      warn: (message) => warnings.push(message),
    });
    expect(records.map((r) => r.spanId)).toEqual([
      "7a1c0e55d2b94f01",
      "00000000000000aa",
      "7a1c0e55d2b94f01",
    ]);
    expect(warnings).toEqual([
      expect.stringMatching(/^logs\/otel\.jsonl:3: a record cut off where its run stopped/),
    ]);
  });

  it("a record of the cut one's own invocation after it is damage, not an appended run", async () => {
    await expect(decode(`${span()}\n${span().slice(0, 80)}${span()}\n${span()}\n`)).rejects.toThrow(
      /^logs\/otel\.jsonl:2: invalid JSON .*lines follow it/,
    );
    // Nor is a cut record followed by anything but a whole record.
    await expect(
      decode(`${span()}\n${span().slice(0, 80)}${span().slice(0, 90)}\n${span()}\n`),
    ).rejects.toThrow(/^logs\/otel\.jsonl:2: invalid JSON/);
  });

  it("rejects an empty file and a file that is not telemetry", async () => {
    await expect(decode("")).rejects.toThrow(/logs\/otel\.jsonl: file is empty/);
    await expect(decode('{"hello":"world"}\n')).rejects.toThrow(TelemetryInputError);
    await expect(decode('{"hello":"world"}\n')).rejects.toThrow(/:1: not dbt Fusion telemetry/);
  });

  // A file whose only line does not parse was reported as "no telemetry records found" (the line was
  // taken for a crashed run's half-written last record), while `[1,2]` was named: every first line now is.
  it.each([
    ["[[[", /^logs\/otel\.jsonl:1: invalid JSON \(/],
    ['[[[{"a":1}', /^logs\/otel\.jsonl:1: invalid JSON \(/],
    ["[[[\n\n\n", /^logs\/otel\.jsonl:1: invalid JSON \(/],
    ["\ufeff[[[\n", /^logs\/otel\.jsonl:1: invalid JSON \(/],
    ["xyz", /^logs\/otel\.jsonl:1: invalid JSON \(/],
    [`${span().slice(0, 80)}\n`, /^logs\/otel\.jsonl:1: invalid JSON \(/],
    [`[[[\n${span()}\n`, /^logs\/otel\.jsonl:1: invalid JSON \(/],
    [
      '{"metadata": {"dbt_schema_version": "https://schemas.getdbt.com/dbt/run-results/v6.json"}, "results": [',
      /^logs\/otel\.jsonl:1: this is dbt's run_results\.json \(schema run-results v6\), not telemetry: /,
    ],
    ["[\n", /^logs\/otel\.jsonl:1: this is a JSON document spread over several lines/],
    ["[1,2]\n", /^logs\/otel\.jsonl:1: this is a JSON array, not JSON Lines/],
    ["[[[1]]]\n", /^logs\/otel\.jsonl:1: this is a JSON array, not JSON Lines/],
    ["42\n", /^logs\/otel\.jsonl:1: not dbt Fusion telemetry/],
    ["null\n", /^logs\/otel\.jsonl:1: not dbt Fusion telemetry/],
    ['"x"\n', /^logs\/otel\.jsonl:1: not dbt Fusion telemetry/],
  ])("names what is wrong with a first line %j", async (text, message) => {
    const error = await decode(text).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TelemetryInputError);
    expect((error as Error).message).toMatch(message);
  });

  it("ignores unknown record types and foreign lines after telemetry, with a warning", async () => {
    const { records, warnings } = await decode(`${span()}\n{"record_type":"Metric","x":1}\n${span()}\n`);
    expect(records).toHaveLength(2);
    expect(warnings.join()).toMatch(/1 line\(s\) were JSON but not telemetry/);
  });

  it.each([
    [
      '{"record_type":"Metric","event_type":"x"}',
      'has record_type "Metric", which is none of SpanStart, SpanEnd, LogRecord',
    ],
    ['{"event_type":"x"}', "has no record_type"],
    ['{"record_type":7}', "has a record_type that is not text"],
    ['{"record_type":"LogRecord"}', "has no event_type"],
    ['{"record_type":"LogRecord","event_type":5}', "has an event_type that is not text"],
    ["[1]", "is not a JSON object"],
  ])("says where the first line that is not a record is, and why: %s", async (line, why) => {
    const { warnings } = await decode(`${span()}\n${span()}\n${line}\n{"other":1}\n${span()}\n`);
    expect(warnings).toContain(
      `logs/otel.jsonl:3: 2 line(s) were JSON but not telemetry records and were ignored; the first, on this line, ${why}`,
    );
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

const MIB = 1024 * 1024;

/** A stream of `chunks` that counts the bytes the decoder pulled from it. */
function counting(chunks: Iterable<Uint8Array>): { stream: AsyncIterable<Uint8Array>; pulled: () => number } {
  let pulled = 0;
  return {
    stream: (async function* () {
      for (const chunk of chunks) {
        pulled += chunk.length;
        yield chunk;
      }
    })(),
    pulled: () => pulled,
  };
}

function* inChunks(bytes: Uint8Array, size = 64 * 1024): Generator<Uint8Array> {
  for (let at = 0; at < bytes.length; at += size) yield bytes.subarray(at, at + size);
}

const errorLog = (body: string) =>
  JSON.stringify({
    record_type: "LogRecord",
    trace_id: "0190aa00bb11cc22dd33ee44ff556677",
    span_id: "7a1c0e55d2b94f01",
    time_unix_nano: "1760000004000000000",
    severity_number: 17,
    severity_text: "ERROR",
    body,
    event_type: "v1.public.events.fusion.log.LogMessage",
    attributes: {},
  });

describe("decodeJsonl closes its source", () => {
  it.each([
    ["a one-chunk file whose first line is refused", ["[1,2]\n"]],
    ["a refusal after more chunks", [`${span()}\n`, "[1,2]\n", `${span()}\n`]],
    ["a gzip file whose first line is refused", [gzipSync("[1,2]\n")]],
    // The control: a source read to its end closes itself.
    ["a file read to its end", [`${span()}\n`]],
  ])("%s", async (_name, chunks) => {
    // A file's chunks are a generator that closes the file in its finally (file-chunks.ts): a
    // reader that stops without ending it leaves the file open until the garbage collector warns.
    let closed = false;
    async function* source() {
      try {
        for (const chunk of chunks) yield typeof chunk === "string" ? new TextEncoder().encode(chunk) : chunk;
      } finally {
        closed = true;
      }
    }
    await decodeJsonl(source(), "t.jsonl", { add: () => undefined, warn: () => undefined }).catch(
      () => undefined,
    );
    expect(closed).toBe(true);
  });
});

describe("decodeJsonl: long lines, in linear time", () => {
  it("reads a 16 MB line in 64 KiB chunks, looking at each byte once", async () => {
    const text = `${span()}\n${errorLog("x".repeat(16 * 1000 * 1000))}\n${span()}\n`;
    const bytes = new TextEncoder().encode(text);
    const records: TelemetryRecord[] = [];
    const stats = { scanned: 0, copied: 0 };
    const { stream } = counting(inChunks(bytes));
    await decodeJsonl(stream, "big.jsonl", { add: (r) => records.push(r), warn: () => undefined }, stats);
    expect(records.map((r) => r.body?.length ?? null)).toEqual([null, 16 * 1000 * 1000, null]);
    // Each byte is searched for a line end once, and each byte of the long line copied at most
    // twice (out of its chunk, which the source may reuse, then into the joined line): rebuilding
    // and rescanning the carried text per chunk (quadratic) would count ~128 GB here.
    expect(stats.scanned).toBe(bytes.length);
    expect(stats.copied).toBeLessThanOrEqual(2 * bytes.length);
  });

  it("stops at the first line over 64 MiB, with its number, without reading the rest", async () => {
    const x = new Uint8Array(64 * 1024).fill(0x78);
    const head = new TextEncoder().encode(`${span()}\n`);
    const input = counting(
      (function* () {
        yield head;
        for (let i = 0; i < 2048; i++) yield x; // 128 MiB on line 2, no line end
      })(),
    );
    await expect(
      decodeJsonl(input.stream, "logs/t.jsonl", { add: () => undefined, warn: () => undefined }),
    ).rejects.toThrow(/^logs\/t\.jsonl:2: line longer than 64 MiB/);
    expect(input.pulled()).toBeLessThanOrEqual(head.length + 64 * MIB + x.length);
  });
});

describe("decodeJsonl: what people actually pass", () => {
  it("skips a UTF-8 byte order mark, even split across chunks", async () => {
    const bytes = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(`${span()}\n${span()}\n`)]);
    const records: TelemetryRecord[] = [];
    await decodeJsonl(
      (async function* () {
        yield bytes.subarray(0, 1);
        yield bytes.subarray(1, 2);
        yield bytes.subarray(2);
      })(),
      "bom.jsonl",
      { add: (r) => records.push(r), warn: () => undefined },
    );
    expect(records).toHaveLength(2);
  });

  it("reads gzip by its magic bytes, as a stream, whatever the file is called", async () => {
    const plain = Buffer.from(`${span()}\n${errorLog("boom")}\n${span()}\n`);
    const expected = await decode(plain.toString());
    const gz = gzipSync(plain);
    const records: TelemetryRecord[] = [];
    // One byte first: the magic arrives in two chunks.
    await decodeJsonl(
      (async function* () {
        yield gz.subarray(0, 1);
        yield* inChunks(gz.subarray(1), 7);
      })(),
      "otel.jsonl",
      { add: (r) => records.push(r), warn: () => undefined },
    );
    expect(records).toEqual(expected.records);
  });

  it("keeps what a truncated gzip held, with a warning; rejects corrupt gzip", async () => {
    const lines = Array.from({ length: 200 }, () => span()).join("\n");
    const gz = gzipSync(Buffer.from(`${lines}\n`));
    const got: TelemetryRecord[] = [];
    const warned: string[] = [];
    await decodeJsonl(inBytes(gz.subarray(0, Math.floor(gz.length * 0.8))), "t.jsonl.gz", {
      add: (r) => got.push(r),
      warn: (m) => warned.push(m),
    });
    expect(got.length).toBeGreaterThan(50);
    expect(got.length).toBeLessThan(200);
    expect(warned.join("\n")).toMatch(/t\.jsonl\.gz: the gzip data ends early \(the file is truncated\)/);
    // The line the data ends in is the run's last, cut: named as such.
    expect(warned.join("\n")).toMatch(/t\.jsonl\.gz:\d+: last line is truncated or not valid JSON/);
    // Cut inside the first line: the cut is named, not an empty file or the half line's JSON.
    for (const end of [2, 12, 40]) {
      await expect(
        decodeJsonl(inBytes(gz.subarray(0, end)), "f.jsonl.gz", {
          add: () => undefined,
          warn: () => undefined,
        }),
        String(end),
      ).rejects.toThrow(
        /^f\.jsonl\.gz: the gzip data ends early \(the file is truncated\) before the end of its first line: no telemetry record could be read$/,
      );
    }
    const corrupt = Buffer.from(gz);
    corrupt.fill(0xff, 10, 40);
    await expect(
      decodeJsonl(inBytes(corrupt), "c.jsonl.gz", { add: () => undefined, warn: () => undefined }),
    ).rejects.toThrow(/^c\.jsonl\.gz: the gzip data is corrupt/);
  });

  it("stops a gzip that expands beyond any telemetry (a decompression bomb)", async () => {
    const bomb = gzipSync(Buffer.alloc(80 * MIB, 0x0a), { level: 9 });
    await expect(
      decodeJsonl(inBytes(bomb), "bomb.jsonl.gz", { add: () => undefined, warn: () => undefined }),
    ).rejects.toThrow(/^bomb\.jsonl\.gz: gzip data expands more than 256-fold/);
  });

  it("says what a dbt artifact or a JSON document is, and what to pass instead", async () => {
    const runResults = {
      metadata: {
        dbt_schema_version: "https://schemas.getdbt.com/dbt/run-results/v6.json",
        dbt_version: "2.0.0",
      },
      results: [],
    };
    const hint = /pass the Fusion telemetry instead: .*--otel-file-name.*--otel-parquet-file-name/;
    for (const text of [JSON.stringify(runResults, null, 2), JSON.stringify(runResults)]) {
      const error = await decode(text).catch((e: Error) => e);
      expect((error as Error).message).toMatch(
        /^logs\/otel\.jsonl:1: this is dbt's run_results\.json \(schema run-results v6\), not telemetry: /,
      );
      expect((error as Error).message).toMatch(hint);
    }
    const manifest = JSON.stringify(
      { metadata: { dbt_schema_version: "https://schemas.getdbt.com/dbt/manifest/v12.json" }, nodes: {} },
      null,
      2,
    );
    await expect(decode(manifest)).rejects.toThrow(/this is dbt's manifest\.json/);
    await expect(decode(JSON.stringify(JSON.parse(span()), null, 2))).rejects.toThrow(
      /:1: this is a JSON document spread over several lines, not JSON Lines/,
    );
    await expect(decode(`[${span()}]\n`)).rejects.toThrow(/:1: this is a JSON array, not JSON Lines/);
  });

  it("never echoes raw control bytes in an invalid-JSON message", async () => {
    const binary = Buffer.from([0, 1, 2, 0x1b, 0x5b, 0x32, 0x4a, 7, 8, 0xff, 0xfe, 10, 0, 1]);
    const error = (await decodeJsonl(inBytes(binary), "b.jsonl", {
      add: () => undefined,
      warn: () => undefined,
    }).catch((e: Error) => e)) as Error;
    expect(error.message).toMatch(
      /^b\.jsonl:1: this is binary data, not JSON Lines \(it starts with "\\x00\\x01\\x02\\x1b\[2J\\x07.*"\): pass the Fusion telemetry instead/,
    );
    const midFile = `${span()}\n{"a": "\u001b]0;pwned\u0007\u001b[2J" oops}\n${span()}\n`;
    const invalid = (await decode(midFile).catch((e: Error) => e)) as Error;
    expect(invalid.message).toMatch(/^logs\/otel\.jsonl:2: invalid JSON \(/);
    // eslint-disable-next-line no-control-regex
    expect(invalid.message).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f]/);
  });
});

function inBytes(bytes: Uint8Array): AsyncIterable<Uint8Array> {
  return (async function* () {
    yield* inChunks(bytes);
  })();
}
