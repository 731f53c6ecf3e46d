// Compact durations and percentages that never wrap inside a number (issue 14).
import { describe, expect, it } from "vitest";
import { formatCount, formatDelta, formatDuration, formatPercent, plural } from "../../src/render/format.js";

describe("formatDuration", () => {
  it.each([
    [null, "–"],
    [0, "0ms"],
    [185, "185ms"],
    [999.4, "999ms"],
    [999.6, "1.00s"],
    [5_420, "5.42s"],
    [9_996, "10.0s"],
    [16_800, "16.8s"],
    [59_960, "1m00s"],
    [66_000, "1m06s"],
    [85_000, "1m25s"],
    [3_599_600, "1h00m"],
    [7_500_000, "2h05m"],
    [273_600_000, "3d04h"],
  ])("%s ms → %s", (ms, text) => {
    expect(formatDuration(ms)).toBe(text);
    expect(text).not.toMatch(/\s/);
  });

  it("signs slowdowns and percentages", () => {
    expect(formatDelta(66_000)).toBe("+1m06s");
    expect(formatPercent(350.2)).toBe("+350%");
    expect(formatPercent(52.35)).toBe("+52.4%");
    expect(formatPercent(-4)).toBe("-4%");
    expect(formatCount(18_282)).toBe("18,282");
  });

  it("counts things with thousands separators", () => {
    expect(plural(1, "node")).toBe("1 node");
    expect(plural(3_300, "node")).toBe("3,300 nodes");
    expect(plural(20_834, "slowest node")).toBe("20,834 slowest nodes");
  });

  it("groups counts as toLocaleString('en-US') does", () => {
    const counts = [0, 7, 42, 999, 1_000, 12_345, 123_456, 1_234_567, -1, -1_000, -98_765_432];
    for (const n of [...counts, Number.MAX_SAFE_INTEGER, 2 ** 53 + 2, 1.5, 1234.5678, NaN, Infinity, -0]) {
      expect(formatCount(n), String(n)).toBe(n.toLocaleString("en-US"));
    }
  });
});
