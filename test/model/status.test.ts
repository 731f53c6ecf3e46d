// The outcome mapping as the engine documents it (fusion-telemetry.md §9 and issue 2's table).
import { describe, expect, it } from "vitest";
import { decideStatus } from "../../src/model/status.js";
import { legacyStatus } from "../../src/render/run-results.js";

describe("decideStatus", () => {
  it.each([
    [{ outcome: "success" }, "success"],
    [{ outcome: "error" }, "error"],
    [{ outcome: "skipped", skipReason: "upstream" }, "skipped"],
    [{ outcome: "success", test: { outcome: "passed", failingRows: 0 } }, "pass"],
    [{ outcome: "success", test: { outcome: "warned", failingRows: 3 } }, "warn"],
    [{ outcome: "success", test: { outcome: "failed", failingRows: 2 } }, "fail"],
    [{ outcome: "error", test: { outcome: "failed", failingRows: 2 } }, "error"],
    [{ outcome: "skipped", skipReason: "cached" }, "reused"],
    [{ outcome: "skipped", skipReason: "no_op" }, "no-op"],
    [{ outcome: "skipped", skipReason: "phase_disabled" }, "phase-disabled"],
    [{ outcome: "skipped", skipReason: "phase_skipped" }, "phase-skipped"],
    [{ outcome: "canceled" }, "canceled"],
    [{ outcome: "success", freshness: { outcome: "pass" } }, "pass"],
    [{ outcome: "success", freshness: { outcome: "warn" } }, "warn"],
    [{ outcome: "success", freshness: { outcome: "error" } }, "error"],
    [{ outcome: null }, "unknown"],
  ] as const)("%j → %s", (facts, status) => {
    expect(decideStatus({ skipReason: null, test: null, freshness: null, ...facts } as never)).toBe(status);
  });
});

describe("legacyStatus (run_results.json)", () => {
  it.each([
    ["reused", "reused"],
    ["no-op", "no-op"],
    ["fail", "fail"],
    ["phase-disabled", "skipped"],
    ["phase-skipped", "skipped"],
    ["canceled", "skipped"],
    ["unknown", "error"],
  ] as const)("%s → %s", (status, legacy) => {
    expect(legacyStatus(status)).toBe(legacy);
  });
});
