import { describe, expect, it } from "vitest";
import { liftAttributes } from "../../../src/telemetry/parquet/payload.js";

describe("liftAttributes (json_payload is untrusted)", () => {
  it("never lets a payload's __proto__ key become the attributes' prototype", () => {
    const payload = JSON.stringify({
      __proto__: { unique_id: "model.injected", polluted: true },
      idle_time_ms: 5,
    });
    for (const event of ["NodeProcessed", "QueryExecuted"]) {
      const out = liftAttributes(event, { unique_id: "model.shop.a" }, payload);
      expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
      expect(out.polluted).toBeUndefined();
      expect(out).toEqual({ unique_id: "model.shop.a", idle_time_ms: 5 });
    }
  });

  it("lifts only real oneof tags, not inherited property names", () => {
    const payload = JSON.stringify({
      node_outcome_detail: { NodeTestDetail: { test_outcome: "TEST_OUTCOME_FAILED" }, toString: {} },
      constructor: 1,
    });
    const out = liftAttributes("NodeEvaluated", {}, payload);
    expect(out).toEqual({
      node_test_detail: { test_outcome: "TEST_OUTCOME_FAILED" },
      toString: {},
      constructor: 1,
    });
  });
});
