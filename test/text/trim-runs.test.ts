import { describe, expect, it } from "vitest";
import { trimLeading, trimTrailing } from "../../src/text/trim-runs.js";

describe("trimTrailing and trimLeading", () => {
  it("cut the run of one character at the end (the start), as replace(/c+$/) and replace(/^c+/) do", () => {
    for (const text of ["", "\n", "\n\n\n", "a", "a\n\n", "\n\na", "\na\n\nb\n", "a\nb"]) {
      expect(trimTrailing(text, "\n")).toBe(text.replace(/\n+$/, ""));
      expect(trimLeading(text, "\n")).toBe(text.replace(/^\n+/, ""));
    }
    expect(trimTrailing("not a valid zip: bad entry...", ".")).toBe("not a valid zip: bad entry");
    expect(trimTrailing("https://ghe.example/", "/")).toBe("https://ghe.example");
    const same = "no run here";
    expect(trimTrailing(same, "\n")).toBe(same);
  });

  it("keep a long run that is not at the end (where the regex was quadratic)", () => {
    const text = `${"\n".repeat(200_000)}x`;
    expect(trimTrailing(text, "\n")).toBe(text);
    expect(trimLeading(text, "\n")).toBe("x");
    expect(trimTrailing(`x${".".repeat(200_000)}`, ".")).toBe("x");
  });
});
