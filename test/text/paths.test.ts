import { describe, expect, it } from "vitest";
import { pathInside } from "../../src/text/paths.js";

describe("pathInside", () => {
  it("gives the path from the folder for a file inside it, '' for the folder itself", () => {
    expect(pathInside("/work/repo", "/work/repo/logs/t.jsonl")).toBe("logs/t.jsonl");
    expect(pathInside("/work/repo", "/work/repo")).toBe("");
    // A name that starts with two dots is still inside.
    expect(pathInside("/work/repo", "/work/repo/..hidden.jsonl")).toBe("..hidden.jsonl");
  });

  it("is null for a file outside it, a sibling folder with the same prefix included", () => {
    expect(pathInside("/work/repo", "/dev/stdin")).toBeNull();
    expect(pathInside("/work/repo", "/work")).toBeNull();
    expect(pathInside("/work/repo", "/work/repo-other/t.jsonl")).toBeNull();
  });
});
