import { describe, expect, it } from "vitest";
import { nanosToIso } from "../../src/telemetry/values.js";

/**
 * The plain definition: whole milliseconds (rounded down) through Date, without its `.sssZ`, then
 * the first six digits of the fraction of the second.
 */
function reference(ns: bigint): string | null {
  const ms = ns / 1_000_000n - (ns % 1_000_000n < 0n ? 1n : 0n);
  const date = new Date(Number(ms));
  if (Number.isNaN(date.getTime())) return null;
  const frac = (((ns % 1_000_000_000n) + 1_000_000_000n) % 1_000_000_000n).toString().padStart(9, "0");
  return `${date.toISOString().replace(/\.\d{3}Z$/, "")}.${frac.slice(0, 6)}Z`;
}

describe("nanosToIso", () => {
  it("keeps microseconds exactly and agrees with the plain definition in any call order", () => {
    const base = 1_763_700_000_123_456_789n;
    const values: bigint[] = [
      base,
      base + 1n,
      base + 999_999_999n,
      base + 1_000_000_000n,
      base - 1_000_000_000n,
      base,
      0n,
      999_999_999n,
      1_000_000_000n,
      -1n,
      -1_500_000_000n,
      -500_000_000n,
      10n ** 25n,
      base,
    ];
    let seed = 5n;
    for (let i = 0; i < 500; i++) {
      seed = (seed * 6364136223846793005n + 1442695040888963407n) % 2n ** 64n;
      values.push(base + (seed % 5_000_000_000n));
      // Across minutes, hours and days, and either side of year 10000 (expanded ISO years).
      values.push(base + (seed % 300_000_000_000_000n) - 150_000_000_000_000n);
      values.push(253_402_300_800_000_000_000n + (seed % 240_000_000_000n) - 120_000_000_000n);
    }
    // Every day from 1970 to past 2255 (where whole microseconds stop fitting a Number exactly).
    for (let ns = 1_000_000_000n; ns < 9_300_000_000_000_000_000n; ns += 86_399_999_999_999n) values.push(ns);
    values.push(9_007_199_254_740_991_000n, 9_007_199_254_740_991_999n, 9_007_199_254_740_992_000n);
    for (const ns of values) expect(nanosToIso(ns), String(ns)).toBe(reference(ns));
    expect(nanosToIso(1_763_700_000_123_456_789n)).toBe("2025-11-21T04:40:00.123456Z");
    expect(nanosToIso(null)).toBeNull();
  });

  it("writes times before 1970 and past the year 9999 as valid ISO-8601 (hostile or damaged files)", () => {
    expect(nanosToIso(-1n)).toBe("1969-12-31T23:59:59.999999Z");
    expect(nanosToIso(-1_500_000_000n)).toBe("1969-12-31T23:59:58.500000Z");
    expect(nanosToIso(253_402_300_799_999_999_999n)).toBe("9999-12-31T23:59:59.999999Z");
    expect(nanosToIso(253_402_300_800_000_000_000n)).toBe("+010000-01-01T00:00:00.000000Z");
    expect(nanosToIso(300_000_000_000_123_456_789n)).toBe("+011476-08-15T05:20:00.123456Z");
    expect(nanosToIso(-62_167_219_201_000_000_000n)).toBe("-000001-12-31T23:59:59.000000Z");
    // Past what Date can hold (±275,760 years): no time.
    expect(nanosToIso(10n ** 25n)).toBeNull();
  });
});
