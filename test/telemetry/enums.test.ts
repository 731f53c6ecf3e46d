// Enum values in the three spellings the normalisers accept: proto names, the docs' words, numbers.
import { describe, expect, it } from "vitest";
import { normalizeNodeOutcome, normalizePhase } from "../../src/telemetry/enums.js";

describe("normalizePhase", () => {
  it.each([
    ["EXECUTION_PHASE_RUN", "run"],
    ["Run", "run"],
    [110, "run"],
    [90, "render"],
    [100, "analyze"],
    [45, "compare"],
    [160, "on_run_end"],
    [0, null],
    [111, null],
    ["EXECUTION_PHASE_UNSPECIFIED", null],
  ])("%j is %j", (value, phase) => {
    expect(normalizePhase(value)).toBe(phase);
  });
});

describe("normalizeNodeOutcome", () => {
  it.each([
    ["NODE_OUTCOME_SUCCESS", "success"],
    ["Cancelled", "canceled"],
    [1, "success"],
    [4, "skipped"],
  ])("%j is %j", (value, outcome) => {
    expect(normalizeNodeOutcome(value)).toBe(outcome);
  });
});
