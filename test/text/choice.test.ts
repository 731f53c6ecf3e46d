import { describe, expect, it } from "vitest";
import { matchChoice } from "../../src/text/choice.js";

describe("matchChoice", () => {
  const allowed = ["errors", "new-errors"] as const;

  it("reads a value in any case, without the spaces around it", () => {
    expect(matchChoice("errors", allowed)).toBe("errors");
    expect(matchChoice("Errors", allowed)).toBe("errors");
    expect(matchChoice(" NEW-Errors \n", allowed)).toBe("new-errors");
  });

  it("is null for anything else, so the caller names what is allowed", () => {
    expect(matchChoice("error", allowed)).toBeNull();
    expect(matchChoice("", allowed)).toBeNull();
    expect(matchChoice("new_errors", allowed)).toBeNull();
  });
});
