import { describe, expect, it } from "vitest";
import { parseDecimal } from "../../src/text/decimal.js";

describe("parseDecimal", () => {
  it.each([
    ["10", 10],
    [" 10 \n", 10],
    ["2.5", 2.5],
    [".5", 0.5],
    ["5.", 5],
    ["1e3", 1000],
    ["-1", -1],
    ["+5", 5],
  ])("reads %j as %d", (text, value) => {
    expect(parseDecimal(text)).toBe(value);
  });

  it.each(["", "  ", "0x10", "0b11", "0o7", "Infinity", "1_000", "ten", "1,5", "10 20"])(
    "reads %j as no number (Number() would take some of them)",
    (text) => {
      expect(parseDecimal(text)).toBeNaN();
    },
  );
});
