// Durations the invocation cannot hold are shown as unknown, with one warning naming the nodes; the
// ones it can hold (within its span, give or take the engine's rounding) are kept as they are.
import { describe, expect, it } from "vitest";
import {
  ImplausibleTimes,
  latestRealNs,
  usableInvocationSpan,
  type NodeDurations,
} from "../../src/model/implausible-times.js";
import type { TelemetryEvent } from "../../src/telemetry/events.js";
import { finishEvents } from "../support/finish-events.js";
import { nodeFacts } from "../support/node-facts.js";

const TRACE = "0190aa00bb11cc22dd33ee44ff556677";
/** 2025-11-21T04:40:00.000000Z */
const T0 = 1_763_700_000_000_000_000n;
const SECOND = 1_000_000_000n;
/** An invocation of 60 s. */
const RUN = { startNs: T0, endNs: T0 + 60n * SECOND };

function durations(
  startNs: bigint | null,
  endNs: bigint | null,
  over: Partial<NodeDurations> = {},
): NodeDurations {
  return {
    startNs,
    endNs,
    lifetimeMs: startNs !== null && endNs !== null ? Number((endNs - startNs) / 1_000_000n) : null,
    processingMs: 1_000,
    idleMs: 0,
    warehouseNs: 0,
    longestQueryNs: 0,
    ...over,
  };
}

describe("ImplausibleTimes", () => {
  it("keeps durations the invocation holds, to the second of slack at either end", () => {
    const check = new ImplausibleTimes(RUN);
    const inside = durations(T0 + SECOND, T0 + 30n * SECOND, { processingMs: 29_000, idleMs: 500 });
    expect(check.check("model.a.inside", inside)).toBe(inside);
    const edges = durations(T0 - SECOND, T0 + 61n * SECOND, { processingMs: 61_000 });
    expect(check.check("model.a.edges", edges)).toBe(edges);
    expect(check.warning()).toBeNull();
  });

  it.each([
    [
      "an end before the start",
      durations(T0 + 9n * SECOND, T0 + 2n * SECOND),
      "lifetime: its span runs from 2025-11-21T04:40:09.000000Z to 2025-11-21T04:40:02.000000Z",
    ],
    [
      "an unset start (1970)",
      durations(0n, T0 + 5n * SECOND),
      "lifetime: its span runs from 1970-01-01T00:00:00.000000Z to",
    ],
    [
      "an end after the invocation's",
      durations(T0, T0 + 62n * SECOND),
      "lifetime: its span runs from 2025-11-21T04:40:00.000000Z to 2025-11-21T04:41:02.000000Z",
    ],
  ])("leaves out the lifetime of a span with %s", (_, given, reason) => {
    const check = new ImplausibleTimes(RUN);
    const kept = check.check("model.a.b", given);
    expect(kept).toEqual({ ...given, lifetimeMs: null });
    expect(check.warning()).toContain(`model.a.b (${reason}`);
  });

  it("leaves out a processing or idle time longer than the invocation, and names each", () => {
    const check = new ImplausibleTimes(RUN);
    const kept = check.check(
      "model.a.b",
      durations(T0, T0 + SECOND, { processingMs: 62_000, idleMs: 86_400_000 }),
    );
    expect(kept).toMatchObject({ lifetimeMs: 1_000, processingMs: null, idleMs: null });
    expect(check.warning()).toBe(
      "1 node has times its invocation cannot hold (the invocation ran 1m00s, from 2025-11-21T04:40:00.000000Z to " +
        "2025-11-21T04:41:00.000000Z), left out of the report: model.a.b (processing time 1m02s, idle time 1d00h). " +
        "Such a duration is shown as unknown and such a query is not counted, so neither reaches the slowest lists " +
        "or the timing comparison. The telemetry's times for this node cannot be right (an unset start time, or a " +
        "damaged file)",
    );
  });

  it("leaves a query longer than the invocation out of the warehouse time, and keeps the others", () => {
    const check = new ImplausibleTimes(RUN);
    const fine = durations(T0, T0 + SECOND, { warehouseNs: 61e9, longestQueryNs: 61e9 });
    expect(check.check("model.a.fine", fine)).toBe(fine);
    const unset = Number(T0 + SECOND);
    const kept = check.check(
      "model.a.b",
      durations(T0, T0 + SECOND, { warehouseNs: unset + 3e9, longestQueryNs: unset }),
    );
    expect(kept).toMatchObject({ lifetimeMs: 1_000, processingMs: 1_000, warehouseNs: 3e9 });
    expect(check.warning()).toContain("left out of the report: model.a.b (warehouse time: a query of 20413d");
  });

  it("bounds only a span's order when the invocation has no end (a crashed run)", () => {
    const check = new ImplausibleTimes({ startNs: T0, endNs: null });
    const long = durations(T0, T0 + 86_400n * SECOND, { processingMs: 86_400_000 });
    expect(check.check("model.a.long", long)).toBe(long);
    expect(check.check("model.a.back", durations(T0 + SECOND, T0))).toMatchObject({ lifetimeMs: null });
    expect(check.warning()).toMatch(
      /^1 node has times its invocation cannot hold \(the invocation started at 2025-11-21T04:40:00.000000Z\), left out of the report: model\.a\.back /,
    );
  });

  it("names three nodes and counts the rest", () => {
    const check = new ImplausibleTimes(RUN);
    for (const name of ["a", "b", "c", "d", "e"]) check.check(`model.p.${name}`, durations(0n, T0));
    const warning = check.warning()!;
    expect(warning).toMatch(/^5 nodes have times/);
    expect(warning).toContain("model.p.c (");
    expect(warning).not.toContain("model.p.d");
    expect(warning).toContain("; and 2 more. Such a duration");
  });
});

describe("finishInvocation with times the invocation cannot hold", () => {
  function invocation(endNs: bigint, startNs = T0): TelemetryEvent {
    return {
      kind: "invocation",
      traceId: TRACE,
      ended: true,
      startNs,
      endNs,
      statusCode: 1,
      statusMessage: null,
      invocationId: null,
      command: "build",
      rawCommand: "dbt build",
      target: null,
      version: "2.0.0-preview.120",
    };
  }
  function processed(uniqueId: string, startNs: bigint, endNs: bigint, durationMs: number): TelemetryEvent {
    return {
      kind: "node",
      traceId: TRACE,
      spanId: null,
      ended: true,
      startNs,
      endNs,
      span: "processed",
      facts: nodeFacts(uniqueId, { inSelection: true, durationMs }),
    };
  }
  const finish = (events: TelemetryEvent[]) => finishEvents(TRACE, events);

  it("keeps an unset start's 56 years out of the node's timing and the slowest lists, and says so", () => {
    const inv = finish([
      invocation(T0 + 60n * SECOND),
      processed("model.shop.unset", 0n, T0 + 10n * SECOND, 3_000),
      processed("model.shop.fine", T0 + SECOND, T0 + 5n * SECOND, 4_000),
    ]);
    const unset = inv.nodes.find((node) => node.uniqueId === "model.shop.unset")!;
    expect(unset.timing).toMatchObject({
      lifetimeMs: null,
      processingMs: 3_000,
      startedAt: "1970-01-01T00:00:00.000000Z",
    });
    expect(inv.nodes.find((node) => node.uniqueId === "model.shop.fine")!.timing.lifetimeMs).toBe(4_000);
    expect(inv.slowest.byLifetime.map((node) => node.uniqueId)).toEqual(["model.shop.fine"]);
    expect(inv.readerWarnings).toHaveLength(1);
    expect(inv.readerWarnings[0]).toMatch(
      /^1 node has times its invocation cannot hold \(the invocation ran 1m00s, /,
    );
    expect(inv.readerWarnings[0]).toContain(
      "model.shop.unset (lifetime: its span runs from 1970-01-01T00:00:00.000000Z to",
    );
  });

  it("gives an invocation that ends before it starts no duration, and bounds its nodes by its start alone", () => {
    const inv = finish([
      invocation(T0 - 60n * SECOND),
      processed("model.shop.a", T0, T0 + 5n * SECOND, 5_000),
    ]);
    expect(inv.durationMs).toBeNull();
    expect(inv.nodes[0]!.timing).toMatchObject({ lifetimeMs: 5_000, processingMs: 5_000 });
    expect(inv.readerWarnings).toEqual([
      "the invocation's end (2025-11-21T04:39:00.000000Z) is before its start (2025-11-21T04:40:00.000000Z): its duration is shown as unknown",
    ]);
  });

  it("counts a node's queries without one whose start was never set", () => {
    const query = (startNs: bigint, endNs: bigint): TelemetryEvent => ({
      kind: "query",
      traceId: TRACE,
      parentSpanId: null,
      startNs,
      endNs,
      uniqueId: "model.shop.a",
      outcome: "success",
      errorMessage: null,
    });
    const inv = finish([
      invocation(T0 + 60n * SECOND),
      processed("model.shop.a", T0, T0 + 9n * SECOND, 9_000),
      query(T0 + SECOND, T0 + 3n * SECOND),
      query(0n, T0 + 5n * SECOND),
    ]);
    expect(inv.nodes[0]!.timing).toMatchObject({ warehouseMs: 2_000, queryCount: 2, lifetimeMs: 9_000 });
    expect(inv.slowest.byWarehouse[0]).toMatchObject({ uniqueId: "model.shop.a", warehouseMs: 2_000 });
    expect(inv.readerWarnings[0]).toContain("model.shop.a (warehouse time: a query of 20413d");
  });

  it("gives an invocation whose start was never set no duration, and still finds its nodes' unset starts", () => {
    const inv = finish([
      invocation(T0 + 60n * SECOND, 0n),
      processed("model.shop.a", T0, T0 + 5n * SECOND, 5_000),
      processed("model.shop.unset", 0n, T0 + 5n * SECOND, 5_000),
    ]);
    expect(inv.durationMs).toBeNull();
    expect(inv.nodes.find((node) => node.uniqueId === "model.shop.a")!.timing.lifetimeMs).toBe(5_000);
    expect(inv.nodes.find((node) => node.uniqueId === "model.shop.unset")!.timing.lifetimeMs).toBeNull();
    expect(inv.readerWarnings[0]).toBe(
      "the invocation's start (1970-01-01T00:00:00.000000Z) is not a real time (never set, or a damaged file): its " +
        "duration is shown as unknown",
    );
    expect(inv.readerWarnings[1]).toMatch(
      /^1 node has times its invocation cannot hold \(the invocation ended at 2025-11-21T04:41:00\.000000Z\), left out of the report: model\.shop\.unset \(lifetime: /,
    );
  });

  it("gives an invocation that ends in year 9999 no duration, and keeps its nodes' times to real ones", () => {
    const YEAR_9999 = 253_402_300_799_000_000_000n;
    const inv = finish([
      invocation(YEAR_9999),
      processed("model.shop.a", T0, T0 + 5n * SECOND, 5_000),
      processed("model.shop.far", T0, YEAR_9999, 5_000),
      processed("model.shop.long", T0, T0 + 5n * SECOND, 8_000_000_000_000_000),
    ]);
    expect(inv.durationMs).toBeNull();
    expect(inv.completedAt).toBe("9999-12-31T23:59:59.000000Z");
    const timing = (id: string) => inv.nodes.find((node) => node.uniqueId === id)!.timing;
    expect(timing("model.shop.a")).toMatchObject({ lifetimeMs: 5_000, processingMs: 5_000 });
    expect(timing("model.shop.far").lifetimeMs).toBeNull();
    expect(timing("model.shop.long").processingMs).toBeNull();
    expect(inv.readerWarnings[0]).toBe(
      "the invocation's end (9999-12-31T23:59:59.000000Z) is not a real time (later than this report, a damaged " +
        "file): its duration is shown as unknown",
    );
    expect(inv.readerWarnings[1]).toMatch(
      /^2 nodes have times its invocation cannot hold \(the invocation started at 2025-11-21T04:40:00\.000000Z\), left out of the report: model\.shop\.far \(lifetime: .*\); model\.shop\.long \(processing time /,
    );
  });

  it("takes a time later than the report (give or take a day of clock skew) for no real one", () => {
    const now = Number(T0 / 1_000_000n);
    const latest = latestRealNs(now);
    expect(latest).toBe(T0 + 86_400n * SECOND);
    expect(usableInvocationSpan(T0, latest, latest)).toEqual({
      span: { startNs: T0, endNs: latest },
      problem: null,
    });
    expect(usableInvocationSpan(T0, latest + 1n, latest).span).toEqual({ startNs: T0, endNs: null });
    expect(usableInvocationSpan(latest + 1n, latest + 2n, latest).span).toEqual({
      startNs: null,
      endNs: null,
    });
    // A crashed run (no end): its nodes are bounded by its start and the latest real time.
    const check = new ImplausibleTimes({ startNs: T0, endNs: null }, latest);
    expect(check.check("model.a.fine", durations(T0, T0 + 60n * SECOND)).lifetimeMs).toBe(60_000);
    expect(check.check("model.a.far", durations(T0, latest + 1n)).lifetimeMs).toBeNull();
    expect(
      check.check("model.a.long", durations(T0, T0 + SECOND, { processingMs: 2 * 86_400_000 })).processingMs,
    ).toBeNull();
  });

  it("adds nothing to a run whose times fit", () => {
    const inv = finish([
      invocation(T0 + 60n * SECOND),
      processed("model.shop.a", T0, T0 + 5n * SECOND, 5_000),
    ]);
    expect(inv.durationMs).toBe(60_000);
    expect(inv.readerWarnings).toEqual([]);
  });
});

describe("phase durations", () => {
  const phase = (spanId: string, name: string, startNs: bigint, endNs: bigint): TelemetryEvent => ({
    kind: "phase",
    traceId: TRACE,
    spanId,
    ended: true,
    startNs,
    endNs,
    phase: name,
    nodeCountTotal: 1,
    nodeCountSkipped: null,
    nodeCountError: null,
  });

  it("are unknown where the invocation cannot hold the phase's span, never negative or 56 years", () => {
    const inv = finishEvents(TRACE, [
      {
        kind: "invocation",
        traceId: TRACE,
        ended: true,
        startNs: T0,
        endNs: T0 + 60n * SECOND,
        statusCode: 1,
        statusMessage: null,
        invocationId: null,
        command: "build",
        rawCommand: "dbt build",
        target: null,
        version: "2.0.0-preview.186",
      },
      phase("a", "render", T0 + SECOND, T0 + 3n * SECOND),
      phase("b", "analyze", T0 + 5n * SECOND, T0 + 4n * SECOND),
      phase("c", "run", 5n, T0 + 9n * SECOND),
      phase("d", "debug", T0 + 10n * SECOND, T0 + 90n * SECOND),
    ]);
    expect(inv.phases.map((p) => [p.phase, p.durationMs])).toEqual([
      ["run", null],
      ["render", 2_000],
      ["analyze", null],
      ["debug", null],
    ]);
  });
});
