// The one status table: the sums every output shows, and its guard against values that are not statuses.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { emptyCounts } from "../../src/model/counts.js";
import {
  headlineCounts,
  isFailure,
  STATUS,
  STEP_COUNT_OUTPUTS,
  statusRow,
  stepOutputCounts,
} from "../../src/model/status-table.js";
import type { StatusCounts } from "../../src/model/types.js";

// Distinct powers of two, so every sum below says exactly which statuses went into it.
const COUNTS: StatusCounts = {
  ...emptyCounts(),
  success: 1,
  pass: 2,
  error: 4,
  fail: 8,
  warn: 16,
  skipped: 32,
  reused: 64,
  noOp: 128,
  phaseDisabled: 256,
  phaseSkipped: 512,
  canceled: 1024,
  unknown: 2048,
};

describe("status table", () => {
  it("sums the headline cells as the comment has always shown them", () => {
    expect(headlineCounts(COUNTS)).toEqual({
      passed: 1 + 2,
      errors: 4,
      failedTests: 8,
      warned: 16,
      skipped: 32 + 512,
      reused: 64,
      noOp: 128 + 256,
      canceled: 1024,
      unfinished: 2048,
    });
  });

  it("sums the Action's count outputs, each of which action.yml declares", () => {
    expect(stepOutputCounts(COUNTS)).toEqual({
      errors: 4,
      "failed-tests": 8,
      "warned-tests": 16,
      skipped: 32 + 512,
      passed: 1 + 2,
    });
    const outputs = readFileSync("action.yml", "utf8").split(/^outputs:/m)[1] ?? "";
    for (const name of STEP_COUNT_OUTPUTS) expect(outputs).toMatch(new RegExp(`^  ${name}:`, "m"));
  });

  it("counts every status in its own key", () => {
    const keys = Object.values(STATUS).map((row) => row.countKey);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it("calls only errors and failed tests failures", () => {
    expect(Object.keys(STATUS).filter(isFailure).sort()).toEqual(["error", "fail"]);
  });

  it("knows no row for a value that is not a status, prototype keys included", () => {
    for (const value of ["constructor", "__proto__", "toString", "", "ERROR", "<img src=x>"]) {
      expect(statusRow(value)).toBeNull();
      expect(isFailure(value)).toBe(false);
    }
  });
});
