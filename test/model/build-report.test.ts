// The most one report holds (nodes, spans, invocations), counted over all its files while they are
// read. Small limits are injected here; production uses the constants in telemetry/limits.ts.
import { describe, expect, it } from "vitest";
import {
  readerWarningsOf,
  REPORT_LIMITS,
  ReportBuilder,
  ReportLimitError,
  type ReportLimits,
} from "../../src/model/build-report.js";
import type { NodeFacts, TelemetryEvent } from "../../src/telemetry/events.js";
import { nodeFacts } from "../support/node-facts.js";
import { MAX_REPORT_INVOCATIONS, MAX_REPORT_NODES, MAX_REPORT_SPANS } from "../../src/telemetry/limits.js";

const TRACE = "0190aa00bb11cc22dd33ee44ff556677";
const T0 = 1_763_700_000_000_000_000n;

function facts(uniqueId: string): NodeFacts {
  return nodeFacts(uniqueId, { inSelection: true });
}

/** An ended span of node `n` (its own span id), as Parquet has them. */
function node(n: number, span: "processed" | "evaluated" = "processed", traceId = TRACE): TelemetryEvent {
  return {
    kind: "node",
    traceId,
    spanId: `span-${span}-${n}`,
    ended: true,
    startNs: T0,
    endNs: T0 + 1_000_000n,
    span,
    facts: facts(`model.shop.m${n}`),
  };
}

function phase(n: number): TelemetryEvent {
  return {
    kind: "phase",
    traceId: TRACE,
    spanId: `phase-${n}`,
    ended: true,
    startNs: T0,
    endNs: T0 + 1n,
    phase: "run",
    nodeCountTotal: null,
    nodeCountSkipped: null,
    nodeCountError: null,
  };
}

function query(span: string): TelemetryEvent {
  return {
    kind: "query",
    traceId: TRACE,
    parentSpanId: span,
    startNs: T0,
    endNs: T0 + 1n,
    uniqueId: null,
    outcome: "success",
    errorMessage: null,
  };
}

function builder(limits: Partial<ReportLimits>): ReportBuilder {
  return new ReportBuilder({ slowest: 5, failOn: "errors", generatorVersion: "test", limits });
}

function feed(b: ReportBuilder, file: string, events: TelemetryEvent[]): void {
  const sink = b.startFile({ files: [file], format: "parquet" });
  for (const event of events) sink.add(event);
}

const range = (n: number): number[] => Array.from({ length: n }, (_, i) => i);

function limitError(action: () => void): ReportLimitError {
  try {
    action();
  } catch (error) {
    expect(error).toBeInstanceOf(ReportLimitError);
    return error as ReportLimitError;
  }
  throw new Error("no ReportLimitError");
}

describe("ReportBuilder limits", () => {
  it("production uses the constants of telemetry/limits.ts", () => {
    expect(REPORT_LIMITS).toEqual({
      nodes: MAX_REPORT_NODES,
      spans: MAX_REPORT_SPANS,
      invocations: MAX_REPORT_INVOCATIONS,
    });
  });

  it("nodes: the limit itself is read; one more stops the read, naming the file and the limit", () => {
    const b = builder({ nodes: 3 });
    feed(
      b,
      "ok.parquet",
      range(3).map((n) => node(n)),
    );
    expect(b.finish().counts.total).toBe(3);
    const error = limitError(() =>
      feed(
        builder({ nodes: 3 }),
        "big.parquet",
        range(4).map((n) => node(n)),
      ),
    );
    expect(error.message).toBe(
      "big.parquet: more than 3 nodes in one report, the most fusion-report reads (the biggest dbt " +
        "projects have tens of thousands): this is not dbt telemetry as the engine writes it",
    );
    expect(error.file).toBe("big.parquet");
    expect(error.what).toBe("nodes");
  });

  it("nodes: a node seen again (another of its spans) is not counted twice", () => {
    const b = builder({ nodes: 2 });
    feed(b, "t.parquet", [node(0, "evaluated"), node(0), node(1, "evaluated"), node(1)]);
    expect(b.finish().counts.total).toBe(2);
  });

  it("invocations: every new trace id counts, whatever the event", () => {
    const events = range(3).map((n) => node(n, "processed", `trace-${n}`));
    feed(builder({ invocations: 3 }), "ok.jsonl", events);
    const error = limitError(() =>
      feed(builder({ invocations: 3 }), "many.jsonl", [
        ...events,
        { kind: "process", traceId: "trace-3", version: null },
      ]),
    );
    expect(error.message).toMatch(/^many\.jsonl: more than 3 invocations \(trace ids\) in one report/);
    expect(error.message).toContain("a build has one per dbt command");
  });

  it("spans: phases, spans with queries and kept phase facts each count", () => {
    // 2 phases + 1 span with queries (two queries in it) + 1 phase span kept as facts = 4.
    const events = [phase(0), phase(1), query("q-0"), query("q-0"), node(0, "evaluated")];
    feed(builder({ spans: 4 }), "ok.parquet", events);
    const error = limitError(() => feed(builder({ spans: 4 }), "spans.parquet", [...events, phase(2)]));
    expect(error.message).toMatch(/^spans\.parquet: more than 4 spans \(node phases, phases, spans/);
    expect(error.what).toBe("spans");
  });

  it("spans: the phase of a node its NodeProcessed span already decided keeps nothing and counts nothing", () => {
    const b = builder({ spans: 0 });
    feed(b, "t.parquet", [node(0), node(0, "evaluated"), node(0, "evaluated")]);
    expect(b.finish().counts.total).toBe(1);
  });

  it("counts over all the files of one report: the file that passes the limit is named", () => {
    const b = builder({ nodes: 3 });
    feed(b, "first.parquet", [node(0), node(1)]);
    const error = limitError(() => feed(b, "second.parquet", [node(2), node(3)]));
    expect(error.file).toBe("second.parquet");
  });

  it("a discarded file gives back what it counted", () => {
    const b = builder({ nodes: 3, spans: 2, invocations: 1 });
    const sink = b.startFile({ files: ["broken.parquet"], format: "parquet" });
    for (const event of [node(0), node(1), node(2), phase(0), phase(1)]) sink.add(event);
    b.discardLastFile();
    feed(b, "whole.jsonl", [node(3), node(4), node(5), phase(2), phase(3)]);
    const report = b.finish();
    expect(report.counts.total).toBe(3);
    expect(report.invocations[0]!.source.files).toEqual(["whole.jsonl"]);
  });
});

describe("reader warnings", () => {
  it("lists a file's first hundred, counts the rest, and keeps whole-file warnings first", () => {
    const b = builder({});
    const sink = b.startFile({ files: ["t.jsonl"], format: "jsonl" });
    sink.add(node(1));
    sink.add(node(2, "processed", "ffffffffffffffffffffffffffffffff"));
    for (const i of range(150)) sink.warn(`t.jsonl:${i + 1}: odd value`);
    sink.warnFile?.("other.jsonl:3: invalid JSON — skipped: it names no invocation (read from t.jsonl)");
    const report = b.finish();
    const [first] = report.invocations;
    // Then the invocation's own (these have no end record).
    expect(first!.readerWarnings).toHaveLength(103);
    expect(first!.readerWarnings[0]).toMatch(/^other\.jsonl:3: .* skipped/);
    expect(first!.readerWarnings[100]).toBe("t.jsonl:100: odd value");
    expect(first!.readerWarnings[101]).toBe("… and 50 more warnings about t.jsonl, not listed");
    // Both invocations of the file carry them; said once in a log.
    expect(report.invocations).toHaveLength(2);
    expect(readerWarningsOf(report)).toEqual(first!.readerWarnings);
    expect(report.invocations[1]!.readerWarnings).toEqual(first!.readerWarnings);
  });
});

describe("warnings of a file no invocation was made from", () => {
  it("go with the report when no invocation was read from it (a file cut before its run began)", () => {
    const b = builder({});
    const sink = b.startFile({ files: ["cut.jsonl"], format: "jsonl" });
    sink.warn("cut.jsonl:2: the last line is truncated (no newline at the end)");
    const report = b.finish();
    expect(report.invocations).toEqual([]);
    expect(report.readerWarnings).toEqual([
      "cut.jsonl:2: the last line is truncated (no newline at the end)",
    ]);
    expect(readerWarningsOf(report)).toEqual(report.readerWarnings);
  });

  it("go with the invocation a better file was chosen for, when it was read for that one too", () => {
    const b = builder({});
    feed(b, "t.parquet", [node(1), node(2)]);
    const sink = b.startFile({ files: ["t.jsonl"], format: "jsonl" });
    sink.add(node(1));
    sink.warn("t.jsonl:9: the last line is truncated (no newline at the end)");
    const report = b.finish();
    expect(report.invocations).toHaveLength(1);
    expect(report.invocations[0]!.source.files).toEqual(["t.parquet", "t.jsonl"]);
    expect(report.invocations[0]!.readerWarnings).toContain(
      "t.jsonl:9: the last line is truncated (no newline at the end)",
    );
    expect(report.readerWarnings).toBeUndefined();
  });

  it("are not made when there are none", () => {
    const b = builder({});
    feed(b, "t.parquet", [node(1)]);
    expect(Object.keys(b.finish())).not.toContain("readerWarnings");
  });
});

describe("undecidedPhaseNodes", () => {
  const timesAlone = (n: number, traceId = TRACE): TelemetryEvent => ({
    kind: "phaseTimes",
    traceId,
    spanId: `span-evaluated-${n}`,
    uniqueId: `model.shop.m${n}`,
    startNs: T0,
    endNs: T0 + 1_000_000n,
  });

  it("counts the nodes read from phase ends as their times alone that no NodeProcessed end decided", () => {
    const sink = builder({}).startFile({ files: ["t.parquet"], format: "parquet" });
    // m1: times alone, then decided; m2: times alone, never decided; m3: a phase read in full, no
    // NodeProcessed (decided by its phases, as a file without them is); m4 in another invocation.
    const other = "0190aa00bb11cc22dd33ee44ff55ffff";
    for (const event of [timesAlone(1), timesAlone(2), node(3, "evaluated"), node(1), timesAlone(4, other)]) {
      sink.add(event);
    }
    expect(sink.undecidedPhaseNodes!()).toBe(2);
    sink.add(node(4, "processed", other));
    expect(sink.undecidedPhaseNodes!()).toBe(1);
  });
});
