// Both enum spellings (proto wire names and the docs' simplified form) and both number styles
// (pbjson strings, serde numbers) produce the same events.
import { describe, expect, it } from "vitest";
import { toEvent, type NodeFacts } from "../../src/telemetry/events.js";
import { toRecord } from "../../src/telemetry/jsonl.js";

function nodeFacts(
  attributes: Record<string, unknown>,
  eventType = "v1.public.events.fusion.node.NodeProcessed",
): NodeFacts {
  const record = toRecord({
    record_type: "SpanEnd",
    trace_id: "0190aa00bb11cc22dd33ee44ff556677",
    span_id: "7a1c0e55d2b94f01",
    event_type: eventType,
    severity_text: "INFO",
    attributes: { unique_id: "test.shop.not_null_orders_id.1a2b", ...attributes },
  });
  const event = toEvent(record!);
  if (event?.kind !== "node") throw new Error("expected a node event");
  return event.facts;
}

describe("node facts", () => {
  it("reads proto enum names", () => {
    const facts = nodeFacts({
      node_outcome: "NODE_OUTCOME_SKIPPED",
      node_skip_reason: "NODE_SKIP_REASON_UPSTREAM",
      node_skip_upstream_detail: { upstream_unique_id: "model.shop.orders" },
      last_phase: "EXECUTION_PHASE_RUN",
      node_type: "NODE_TYPE_TEST",
      duration_ms: "3",
      in_selection: true,
    });
    expect(facts).toMatchObject({
      outcome: "skipped",
      skipReason: "upstream",
      upstreamId: "model.shop.orders",
      phase: "run",
      nodeType: "test",
      durationMs: 3,
      inSelection: true,
    });
  });

  it("takes a negative or fractional duration or idle time for none (uint64 milliseconds on the wire)", () => {
    for (const bad of ["-5", -5, 1.5, "1e400", "soon"]) {
      expect(nodeFacts({ duration_ms: bad, idle_time_ms: bad })).toMatchObject({
        durationMs: null,
        idleMs: null,
      });
    }
    expect(nodeFacts({ duration_ms: "0", idle_time_ms: 12 })).toMatchObject({ durationMs: 0, idleMs: 12 });
  });

  it("takes a negative or fractional row count for none (uint64 on the wire)", () => {
    for (const bad of ["-5", -5, 1.5, "1e400", "many"]) {
      expect(nodeFacts({ rows_affected: bad }).rowsAffected, String(bad)).toBeNull();
    }
    expect(nodeFacts({ rows_affected: "0" }).rowsAffected).toBe(0);
    expect(nodeFacts({ rows_affected: "1200" }).rowsAffected).toBe(1200);
  });

  it("takes a negative or fractional node count of a phase for none (uint64 on the wire)", () => {
    const phase = (count: unknown) =>
      toEvent(
        toRecord({
          record_type: "SpanEnd",
          trace_id: "0190aa00bb11cc22dd33ee44ff556677",
          span_id: "7a1c0e55d2b94f02",
          event_type: "v1.public.events.fusion.phase.PhaseExecuted",
          severity_text: "INFO",
          attributes: {
            phase: "EXECUTION_PHASE_RUN",
            node_count_total: count,
            node_count_skipped: count,
            node_count_error: count,
          },
        })!,
      );
    for (const bad of [-1, "-1", 2.5, "many"]) {
      expect(phase(bad)).toMatchObject({
        nodeCountTotal: null,
        nodeCountSkipped: null,
        nodeCountError: null,
      });
    }
    expect(phase("7")).toMatchObject({ nodeCountTotal: 7, nodeCountSkipped: 7, nodeCountError: 7 });
  });

  it("reads the docs' simplified spelling the same way", () => {
    const facts = nodeFacts(
      { node_outcome: "success", phase: "Run", test_outcome: "failed", failing_rows: 4, duration_ms: 3 },
      "v1.public.events.fusion.node.NodeEvaluated",
    );
    expect(facts).toMatchObject({
      outcome: "success",
      phase: "run",
      test: { outcome: "failed", failingRows: 4 },
    });
  });

  it("treats a missing test outcome as passed and missing failing rows as 0", () => {
    expect(nodeFacts({ node_outcome: "NODE_OUTCOME_SUCCESS", node_test_detail: {} }).test).toEqual({
      outcome: "passed",
      failingRows: 0,
    });
  });

  it("gives every plain passed test one shared, frozen result; any other test its own", () => {
    const passed = (detail: Record<string, unknown>) =>
      nodeFacts({ node_outcome: "NODE_OUTCOME_SUCCESS", node_test_detail: detail }).test;
    const shared = passed({});
    expect(passed({ test_outcome: "TEST_OUTCOME_PASSED", failing_rows: "0" })).toBe(shared);
    expect(Object.isFrozen(shared)).toBe(true);
    expect(JSON.stringify(shared)).toBe('{"outcome":"passed","failingRows":0}');
    // Anything more said about it, or another outcome, is the test's own.
    for (const [detail, expected] of [
      [{ failing_rows: 2 }, { outcome: "passed", failingRows: 2 }],
      [{ store_failures: false }, { outcome: "passed", failingRows: 0, storeFailures: false }],
      [{ diff_table: "d" }, { outcome: "passed", failingRows: 0, diffTable: "d" }],
      [{ test_outcome: "TEST_OUTCOME_WARNED" }, { outcome: "warned", failingRows: 0 }],
    ] as const) {
      const own = passed(detail);
      expect(own).not.toBe(shared);
      expect(own).toEqual(expected);
    }
    expect(shared).toEqual({ outcome: "passed", failingRows: 0 });
  });

  it("reads freshness with the doubled OUTCOME word and string ages", () => {
    const facts = nodeFacts({
      node_outcome: "NODE_OUTCOME_SUCCESS",
      node_freshness_outcome: {
        node_freshness_outcome: "SOURCE_FRESHNESS_OUTCOME_OUTCOME_WARNED",
        age_seconds: "7200",
      },
    });
    expect(facts.freshness).toEqual({ outcome: "warn", ageSeconds: 7200 });
  });

  it("ignores unknown enum values instead of failing", () => {
    const facts = nodeFacts({
      node_outcome: "NODE_OUTCOME_EXPLODED",
      node_skip_reason: "NODE_SKIP_REASON_NEW",
    });
    expect(facts.outcome).toBeNull();
    expect(facts.skipReason).toBeNull();
    // Not fatal, but not a plain "skipped" either: the model shows the node as unknown.
    expect(facts.unreadable).toMatch(/attributes\.node_skip_reason is "NODE_SKIP_REASON_NEW"/);
  });

  it("reads numeric enum values (pbjson accepts them)", () => {
    expect(nodeFacts({ node_outcome: 2, node_error_type: 0 })).toMatchObject({
      outcome: "error",
      errorType: "internal",
    });
  });

  it("keeps a position only as a whole number that points somewhere (line ≥ 1, column ≥ 0)", () => {
    expect(nodeFacts({ defined_at_line: "14", defined_at_col: 0 })).toMatchObject({ line: 14, column: 0 });
    for (const [line, column] of [
      [-1, -1],
      [1.5, 2.5],
      ["-5", "x"],
      [0, 1e300],
    ]) {
      expect(
        nodeFacts({ defined_at_line: line, defined_at_col: column }),
        `${line}, ${column}`,
      ).toMatchObject({
        line: null,
        column: null,
        unreadable: null,
      });
    }
    const log = (attributes: Record<string, unknown>) =>
      toEvent(
        toRecord({
          record_type: "LogRecord",
          trace_id: "0190aa00bb11cc22dd33ee44ff556677",
          span_id: "7a1c0e55d2b94f01",
          event_type: "v1.public.events.fusion.log.LogMessage",
          severity_text: "ERROR",
          body: "boom",
          attributes: { relative_path: "models/a.sql", ...attributes },
        })!,
      );
    expect(log({ code_line: "3", code_column: 0, code: 1002 })).toMatchObject({
      line: 3,
      column: 0,
      code: 1002,
    });
    expect(log({ code_line: -3, code_column: 1.5, code: 1.5 })).toMatchObject({
      line: null,
      column: null,
      code: null,
    });
  });

  it("drops records no report needs (debug logs, call traces)", () => {
    const record = toRecord({
      record_type: "LogRecord",
      trace_id: "0190aa00bb11cc22dd33ee44ff556677",
      span_id: null,
      event_type: "v1.public.events.fusion.log.UserLogMessage",
      severity_text: "DEBUG",
      body: "hello",
      attributes: {},
    });
    expect(toEvent(record!)).toBeNull();
  });
});

describe("details the reader cannot understand (never a default outcome)", () => {
  const failedTest = { node_outcome: "NODE_OUTCOME_SUCCESS", node_type: "NODE_TYPE_TEST" };
  it.each([
    [{ node_test_detail: [1] }, "attributes.node_test_detail is [1], not an object"],
    [{ node_test_detail: "failed" }, 'attributes.node_test_detail is "failed", not an object'],
    [{ node_test_detail: { test_outcome: 7 } }, "attributes.node_test_detail.test_outcome is 7, which"],
    [
      { node_test_detail: { test_outcome: "TEST_OUTCOME_BOGUS" } },
      'node_test_detail.test_outcome is "TEST_OUTCOME_BOGUS"',
    ],
    [{ node_test_detail: { test_outcome: { x: 1 } } }, 'node_test_detail.test_outcome is {"x":1}'],
    [{ test_outcome: 7 }, "attributes.test_outcome is 7"],
    [
      { node_test_detail: { test_outcome: "TEST_OUTCOME_FAILED", failing_rows: "many" } },
      'failing_rows is "many"',
    ],
    // A count of rows: the wire type is an int32, and run_results.json's failures an integer.
    [{ node_test_detail: { test_outcome: "TEST_OUTCOME_FAILED", failing_rows: -1 } }, "failing_rows is -1"],
    [{ node_test_detail: { test_outcome: "TEST_OUTCOME_FAILED", failing_rows: 2.5 } }, "failing_rows is 2.5"],
    [
      { node_test_detail: { test_outcome: "TEST_OUTCOME_FAILED", diff_table: { a: 1 } } },
      "node_test_detail.diff_table is",
    ],
    [
      { node_freshness_outcome: { node_freshness_outcome: {} } },
      "node_freshness_outcome.node_freshness_outcome is {}",
    ],
    [{ node_freshness_outcome: 3 }, "attributes.node_freshness_outcome is 3, not an object"],
    [{ node_skip_upstream_detail: { upstream_unique_id: 5 } }, "upstream_unique_id is 5"],
    [{ node_evaluation_detail: { node_warning_outcome: [] } }, "node_warning_outcome is []"],
    [{ node_skip_reason: 99 }, "attributes.node_skip_reason is 99"],
    [{ node_outcome: "NODE_OUTCOME_FOO" }, 'attributes.node_outcome is "NODE_OUTCOME_FOO", which'],
    [{ in_selection: "yes" }, 'attributes.in_selection is "yes", not true or false'],
    [{ node_test_detail: "\u001b[2J\u202e" }, String.raw`attributes.node_test_detail is "\u001b[2J\u202E"`],
  ])("%j", (attributes, problem) => {
    const facts = nodeFacts({ ...failedTest, ...attributes });
    expect(facts.unreadable).toContain(problem);
    expect(facts.test?.outcome ?? null).not.toBe("passed");
  });

  it.each([
    [{ node_test_detail: {} }],
    [{ node_test_detail: { test_outcome: 0 } }],
    [{ node_test_detail: { test_outcome: "TEST_OUTCOME_FAILED", failing_rows: "3", diff_table: "d" } }],
    [{ node_skip_reason: "NODE_SKIP_REASON_UNSPECIFIED" }],
    [{ node_skip_reason: 0 }],
    [{ node_evaluation_detail: { node_warning_outcome: 0 } }],
    [{ node_cache_detail: { node_cache_reason: 2 } }],
    [{ node_freshness_outcome: { node_freshness_outcome: 1, age_seconds: 60 } }],
    [{ in_selection: false, node_skip_upstream_detail: {} }],
  ])("understands %j", (attributes) => {
    expect(nodeFacts({ ...failedTest, ...attributes }).unreadable).toBeNull();
  });
});
