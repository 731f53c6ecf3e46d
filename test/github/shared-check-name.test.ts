import { describe, expect, it } from "vitest";
import {
  externalIdPrefix,
  sharedNameNote,
  sharedNameWarning,
  worstConclusion,
} from "../../src/github/shared-check-name.js";

describe("shared check name (a matrix whose jobs report under one check-name)", () => {
  it("the external id starts with the run attempt, so another attempt or run never counts", () => {
    expect(externalIdPrefix("42.1")).toBe("fusion-report-42.1-");
    expect(externalIdPrefix("42.1").startsWith(externalIdPrefix("42.11"))).toBe(false);
    expect(externalIdPrefix(null)).toBe("fusion-report-");
  });

  it("the worst conclusion wins: failure over neutral over success; unknown or unfinished ones count for nothing", () => {
    const run = (conclusion: string | null) => ({ conclusion, url: null });
    expect(worstConclusion("success", [])).toBe("success");
    expect(worstConclusion("success", [run("failure")])).toBe("failure");
    expect(worstConclusion("success", [run("neutral"), run("success")])).toBe("neutral");
    expect(worstConclusion("failure", [run("success")])).toBe("failure");
    expect(worstConclusion("neutral", [run(null), run("cancelled"), run("toString")])).toBe("neutral");
  });

  it("the note and the warning name the check and the fix", () => {
    expect(sharedNameNote("dbt `prod`", 2)).toContain("2 other jobs of this workflow run");
    expect(sharedNameNote("dbt `prod`", 2)).toContain("`` dbt `prod` ``");
    expect(sharedNameWarning("dbt", [{ conclusion: "failure", url: null }])).toMatch(
      /^Another job of this workflow run already reported check 'dbt' on this commit \(failure\).*check-name: dbt Fusion \(\$\{\{ matrix\.target \}\}\)/,
    );
  });
});
