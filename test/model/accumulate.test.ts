// Joining queries and logs to nodes: by their unique_id when set, otherwise by the node span they ran
// in — whether the file has span starts (JSONL) or only span ends (Parquet).
import { describe, expect, it } from "vitest";
import { accumulate, newInvocationState } from "../../src/model/accumulate.js";
import { toEvent, type NodeFacts, type TelemetryEvent } from "../../src/telemetry/events.js";
import { toRecord } from "../../src/telemetry/jsonl.js";
import { finishEvents } from "../support/finish-events.js";
import { nodeFacts } from "../support/node-facts.js";

const TRACE = "0190aa00bb11cc22dd33ee44ff556677";
const SPAN = "00000000000000a1";
const T0 = 1_763_700_000_000_000_000n;

function facts(uniqueId: string): NodeFacts {
  return nodeFacts(uniqueId);
}

function nodeSpan(ended: boolean, uniqueId = "model.shop.orders", spanId = SPAN): TelemetryEvent {
  return {
    kind: "node",
    traceId: TRACE,
    spanId,
    ended,
    startNs: T0,
    endNs: ended ? T0 + 5_000_000_000n : null,
    span: "evaluated",
    facts: facts(uniqueId),
  };
}

/** The NodeProcessed span end of model.shop.orders (a selected model, `over` its facts), `endNs` after T0. */
function processedEnd(over: Partial<NodeFacts>, endNs = 6_000_000_000n): TelemetryEvent {
  return {
    kind: "node",
    traceId: TRACE,
    spanId: "00000000000000b2",
    ended: true,
    startNs: T0,
    endNs: T0 + endNs,
    span: "processed",
    facts: { ...facts("model.shop.orders"), inSelection: true, ...over },
  };
}

/** A query and an ERROR log that name no node, run inside the node's span. */
const children: TelemetryEvent[] = [
  {
    kind: "query",
    traceId: TRACE,
    parentSpanId: SPAN,
    startNs: T0 + 1_000_000_000n,
    endNs: T0 + 3_000_000_000n,
    uniqueId: null,
    outcome: "success",
    errorMessage: null,
  },
  {
    kind: "log",
    traceId: TRACE,
    spanId: SPAN,
    severity: "ERROR",
    text: "Database Error: relation does not exist",
    uniqueId: null,
    phase: "run",
    code: null,
    path: null,
    line: null,
    column: null,
  },
];

function finish(events: TelemetryEvent[]) {
  return finishEvents(TRACE, events);
}

describe("queries and logs without a unique_id", () => {
  it.each([
    ["span start, children, span end (JSONL)", [nodeSpan(false), ...children, nodeSpan(true)]],
    ["children, then the span end (Parquet keeps no starts)", [...children, nodeSpan(true)]],
  ])("%s: joined to the node of their span", (_, events) => {
    const [node] = finish(events).nodes;
    expect(node!.uniqueId).toBe("model.shop.orders");
    expect(node!.timing.queryCount).toBe(1);
    expect(node!.timing.warehouseMs).toBe(2000);
    expect(node!.message).toBe("Database Error: relation does not exist");
  });

  it("span start and children, no end (a crashed run): joined to the node by the span's start", () => {
    const [node] = finish([nodeSpan(false), ...children]).nodes;
    expect(node!.uniqueId).toBe("model.shop.orders");
    expect(node!.timing.queryCount).toBe(1);
    expect(node!.timing.warehouseMs).toBe(2000);
  });

  it("an ended span is no longer held open: only spans in flight are kept", () => {
    const state = newInvocationState(TRACE);
    for (const event of [nodeSpan(false), ...children, nodeSpan(true)]) accumulate(state, event);
    expect(state.openNodeSpans.size).toBe(0);
    accumulate(state, nodeSpan(false, "model.shop.orders", "00000000000000b2"));
    expect([...state.openNodeSpans]).toEqual([["00000000000000b2", "model.shop.orders"]]);
  });

  it("a query naming its node is joined by the name, whatever span it ran in", () => {
    const named = { ...children[0]!, parentSpanId: "00000000000000ff", uniqueId: "model.shop.orders" };
    const [node] = finish([named as TelemetryEvent, nodeSpan(true)]).nodes;
    expect(node!.timing.queryCount).toBe(1);
  });
});

describe("queries naming a node already seen", () => {
  const query = (over: Partial<Extract<TelemetryEvent, { kind: "query" }>>): TelemetryEvent => ({
    ...(children[0] as Extract<TelemetryEvent, { kind: "query" }>),
    uniqueId: "model.shop.orders",
    ...over,
  });
  const otherSpan = "00000000000000ff";

  it("are counted on the node, keep nothing by span, and total what joining them by span gave", () => {
    const earlier = nodeSpan(true);
    const queries = [
      query({}),
      query({ parentSpanId: otherSpan, endNs: T0 + 1_500_000_001n }),
      query({ parentSpanId: null, startNs: null }),
    ];
    const state = newInvocationState(TRACE);
    for (const event of [earlier, ...queries]) accumulate(state, event);
    expect(state.extras.size).toBe(0);
    // The same queries before the node was seen are kept by span and joined at the end.
    const seenFirst = finish([earlier, ...queries]).nodes[0]!;
    const joinedLater = finish([...queries, earlier]).nodes[0]!;
    expect(seenFirst.timing).toEqual(joinedLater.timing);
    expect(seenFirst.timing.queryCount).toBe(3);
    expect(seenFirst.timing.warehouseMs).toBe(2500);
  });

  it("one with an error message keeps its span: the node's message is its first in span order", () => {
    const failed = (message: string, spanId: string): TelemetryEvent =>
      query({ outcome: "error", errorMessage: message, parentSpanId: spanId });
    const events = [nodeSpan(true), failed("first failure", otherSpan), query({}), failed("second", SPAN)];
    const state = newInvocationState(TRACE);
    for (const event of events) accumulate(state, event);
    expect([...state.extras.keys()]).toEqual([otherSpan, SPAN]);
    const node = finish(events).nodes[0]!;
    expect(node.message).toBe("first failure");
    expect(node.timing.queryCount).toBe(3);
  });
});

describe("a node with a NodeProcessed span", () => {
  it("is decided by that span alone; its phases add only their times", () => {
    const phase: TelemetryEvent = {
      ...(nodeSpan(true) as Extract<TelemetryEvent, { kind: "node" }>),
      facts: { ...facts("model.shop.orders"), path: "models/orders.sql", line: 3, idleMs: 7 },
    };
    const [node] = finish([phase, processedEnd({ durationMs: null })]).nodes;
    // Location and idle come from the summary (which has neither), not from the phase.
    expect(node!.location).toBeNull();
    expect(node!.timing.idleMs).toBeNull();
    // Processing time falls back to the phases' wall time when the summary has no duration.
    expect(node!.timing.processingMs).toBe(5000);
    expect(node!.timing.lifetimeMs).toBe(6000);
  });

  it("with an attribute the reader does not understand is unknown, unless what it understood is a failure", () => {
    const unreadable = "x.jsonl:9: attributes.node_skip_reason is 9, which this reader does not understand";
    const statusOf = (over: Partial<NodeFacts>) => {
      const inv = finish([processedEnd({ ...over, unreadable })]);
      return [inv.nodes[0]!.status, inv.readerWarnings.find((w) => w.startsWith(unreadable))];
    };
    // Never a default: neither a success nor a pass.
    expect(statusOf({ outcome: "success" })).toEqual([
      "unknown",
      `${unreadable}; model.shop.orders is shown as unknown`,
    ]);
    expect(statusOf({ outcome: "success", test: { outcome: "passed", failingRows: 0 } })[0]).toBe("unknown");
    expect(statusOf({ outcome: "canceled" })[0]).toBe("unknown");
    // The engine said the node failed: a detail beside it hides no failure.
    expect(statusOf({ outcome: "error" })).toEqual([
      "error",
      `${unreadable}; model.shop.orders is shown as error`,
    ]);
    expect(statusOf({ outcome: "success", test: { outcome: "failed", failingRows: 0 } })[0]).toBe("fail");
    expect(statusOf({ outcome: "success", freshness: { outcome: "error" } })[0]).toBe("error");
  });

  it("that ended with no outcome at all is unknown, and a warning says why", () => {
    const inv = finish([processedEnd({ outcome: null })]);
    expect(inv.nodes[0]!.status).toBe("unknown");
    expect(inv.readerWarnings).toContain(
      "no span end of model.shop.orders has a node_outcome; it is shown as unknown",
    );
  });
});

describe("a node's location", () => {
  it("is its definition's path, with a line only when given and a 1-based column only with a line", () => {
    const at = (over: Partial<NodeFacts>): unknown => finish([processedEnd(over)]).nodes[0]!.location;
    const cases: [Partial<NodeFacts>, string | null][] = [
      [{ path: "models/orders.sql" }, '{"path":"models/orders.sql"}'],
      [{ path: "models/orders.sql", column: 4 }, '{"path":"models/orders.sql"}'],
      [{ path: "models/orders.yml", line: 12 }, '{"path":"models/orders.yml","line":12}'],
      [
        { path: "models/orders.yml", line: 12, column: 0 },
        '{"path":"models/orders.yml","line":12,"column":1}',
      ],
      [{ path: "target/compiled/orders.sql", line: 3 }, null],
      [{ path: null, line: 3 }, null],
    ];
    // As JSON, so the keys' order (what the report files show) is checked too.
    for (const [over, expected] of cases)
      expect(JSON.stringify(at(over)), JSON.stringify(over)).toBe(expected ?? "null");
  });
});

describe("a node's location from telemetry dbt wrote on Windows", () => {
  // A node that never ended (a crashed run): only its phase spans say where it is, and dbt names
  // the compiled file in the analyze phase's (`target\compiled\…` on Windows), which is no definition.
  const evaluatedEnd = (phase: string, relativePath: string): TelemetryEvent =>
    toEvent(
      toRecord({
        record_type: "SpanEnd",
        trace_id: TRACE,
        span_id: phase === "EXECUTION_PHASE_ANALYZE" ? "00000000000000c1" : "00000000000000c2",
        start_time_unix_nano: String(T0),
        end_time_unix_nano: String(T0 + 1_000_000n),
        event_type: "v1.public.events.fusion.node.NodeEvaluated",
        severity_text: "INFO",
        attributes: {
          unique_id: "test.shop.not_null_orders_id.1a2b",
          node_type: "NODE_TYPE_TEST",
          phase,
          relative_path: relativePath,
        },
      })!,
    )!;

  it("is not the compiled file, and has / between folders", () => {
    const compiled = evaluatedEnd(
      "EXECUTION_PHASE_ANALYZE",
      "target\\compiled\\shop\\models\\orders.yml\\nn.sql",
    );
    const defined = evaluatedEnd("EXECUTION_PHASE_RUN", "models\\marts\\orders.yml");
    expect(finishEvents(TRACE, [compiled]).nodes[0]!.location).toBeNull();
    expect(finishEvents(TRACE, [compiled, defined]).nodes[0]!.location).toEqual({
      path: "models/marts/orders.yml",
    });
  });
});

describe("a node's span starts", () => {
  const started = (ended: boolean, over: Partial<NodeFacts>): TelemetryEvent => ({
    ...(nodeSpan(ended) as Extract<TelemetryEvent, { kind: "node" }>),
    facts: { ...facts("model.shop.orders"), ...over },
  });

  it("count only while none of its spans ended: its ends decide it, as in Parquet, which has no starts", () => {
    // The JSONL reader drops the start of a span that ends (telemetry/jsonl-start-ledger.ts):
    // the report must not depend on whether it did.
    const start = started(false, { name: "from_the_start", path: "models/orders.sql", line: 3 });
    const end = started(true, { name: null, path: null });
    const withStart = finish([start, end]).nodes[0]!;
    const withoutStart = finish([end]).nodes[0]!;
    expect(withStart).toEqual(withoutStart);
    expect(withStart.name).toBe("orders");
    expect(withStart.location).toBeNull();
  });

  it("a start that comes after its own end (records out of order) leaves no span open", () => {
    // Another node's start first: a file that has starts (Parquet and the JSONL reader's fast pass have none).
    const other = { ...started(false, {}), spanId: "00000000000000d4", facts: facts("model.shop.customers") };
    const otherEnd = { ...other, ended: true, endNs: T0 + 1_000_000_000n } as TelemetryEvent;
    const start = started(false, { name: "from_the_start" });
    const end = started(true, {});
    const inOrder = finish([other as TelemetryEvent, start, end, otherEnd]).nodes;
    const reversed = finish([other as TelemetryEvent, end, start, otherEnd]).nodes;
    expect(reversed.map((n) => n.status)).toEqual(inOrder.map((n) => n.status));
    expect(reversed.map((n) => n.status)).not.toContain("unknown");
  });

  it("an end that closed nothing never closes another span's start: a span that never ends is still open", () => {
    // One span's start missing from the file, then a second span of the node that starts and never ends (the crash).
    const other = { ...started(false, {}), spanId: "00000000000000d4", facts: facts("model.shop.customers") };
    const end = started(true, {});
    const second = { ...started(false, {}), spanId: "00000000000000c3" } as TelemetryEvent;
    const node = finish([other as TelemetryEvent, end, second]).nodes.find(
      (n) => n.uniqueId === "model.shop.orders",
    );
    expect(node!.status).toBe("unknown");
  });

  it("describe a node none of whose spans ended (a crashed run)", () => {
    const [node] = finish([
      started(false, { name: "from_the_start", path: "models/orders.sql", line: 3 }),
    ]).nodes;
    expect(node!.name).toBe("from_the_start");
    expect(node!.location).toEqual({ path: "models/orders.sql", line: 3 });
    expect(node!.status).toBe("unknown");
  });
});

describe("one trace, several invocations' ends", () => {
  const invocationEnd = (endNs: bigint): TelemetryEvent => ({
    kind: "invocation",
    traceId: TRACE,
    ended: true,
    startNs: T0,
    endNs,
    statusCode: 1,
    statusMessage: null,
    invocationId: "11111111-2222-3333-4444-555555555555",
    command: "build",
    rawCommand: "dbt build",
    target: null,
    version: "2.0.0-preview.176",
  });
  const sharedTrace = (events: TelemetryEvent[]) =>
    finishEvents(TRACE, events).readerWarnings.filter((w) => w.includes("invocations' ends"));

  it("says so when two runs given one invocation id were appended to one file", () => {
    expect(sharedTrace([invocationEnd(T0 + 5_000_000_000n), invocationEnd(T0 + 9_000_000_000n)])).toEqual([
      `trace ${TRACE} holds 2 invocations' ends: runs given the same invocation id were appended to one file; ` +
        "their nodes are shown as one invocation, a node run again with its last result",
    ]);
  });

  it("keeps a node's result from the run that selected it, not a later one's that did not", () => {
    const inv = finishEvents(TRACE, [
      processedEnd({ outcome: "error" }),
      invocationEnd(T0 + 9_000_000_000n),
      processedEnd({ outcome: "skipped", inSelection: false }, 12_000_000_000n),
      invocationEnd(T0 + 15_000_000_000n),
    ]);
    expect(inv.nodes.map((node) => [node.uniqueId, node.status])).toEqual([["model.shop.orders", "error"]]);
    // Run again and selected, the last result is the node's.
    const again = finishEvents(TRACE, [
      processedEnd({ outcome: "error" }),
      processedEnd({ outcome: "success" }, 12_000_000_000n),
    ]);
    expect(again.nodes.map((node) => node.status)).toEqual(["success"]);
  });

  it("says nothing for the same end read twice (a line repeated)", () => {
    expect(sharedTrace([invocationEnd(T0 + 5_000_000_000n), invocationEnd(T0 + 5_000_000_000n)])).toEqual([]);
  });
});

describe("errors of nodes outside the selection", () => {
  // A model outside `--select` that does not compile stops the run; its node is not reported.
  const unselected: TelemetryEvent[] = [
    {
      kind: "node",
      traceId: TRACE,
      spanId: "00000000000000c3",
      ended: true,
      startNs: T0,
      endNs: T0 + 1_000_000_000n,
      span: "processed",
      facts: { ...facts("model.shop.broken"), outcome: "error", errorType: "user", inSelection: false },
    },
    {
      kind: "log",
      traceId: TRACE,
      spanId: "00000000000000c3",
      severity: "ERROR",
      text: "Compilation Error in model broken: unexpected '}'",
      uniqueId: "model.shop.broken",
      phase: "render",
      code: null,
      path: "models/broken.sql",
      line: 4,
      column: 2,
    },
  ];
  const end = (statusCode: number): TelemetryEvent => ({
    kind: "invocation",
    traceId: TRACE,
    ended: true,
    startNs: T0,
    endNs: T0 + 9_000_000_000n,
    statusCode,
    statusMessage: null,
    invocationId: "11111111-2222-3333-4444-555555555555",
    command: "build",
    rawCommand: "dbt build --select orders",
    target: null,
    version: "2.0.0-preview.176",
  });

  it("are the run's errors when the run failed, with where they are", () => {
    const inv = finish([...unselected, processedEnd({}), end(2)]);
    expect(inv.nodes.map((n) => n.uniqueId)).toEqual(["model.shop.orders"]);
    expect(inv.runErrors).toEqual([
      expect.objectContaining({
        severity: "ERROR",
        text: "Compilation Error in model broken: unexpected '}'",
        location: expect.objectContaining({ path: "models/broken.sql", line: 4 }),
      }),
    ]);
  });

  it("are left out with their node when the run succeeded", () => {
    expect(finish([...unselected, processedEnd({}), end(1)]).runErrors).toEqual([]);
  });
});
