import { describe, expect, it } from "vitest";
import { expandHome, pathInside } from "../../src/text/paths.js";

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

describe("expandHome", () => {
  it("reads ~ and ~/… as the home folder, as a shell does; ~user and a ~ further in are left", () => {
    expect(expandHome("~/reports/r.json", "/home/ana", "linux")).toBe("/home/ana/reports/r.json");
    expect(expandHome("~", "/home/ana", "linux")).toBe("/home/ana");
    expect(expandHome("~bob/r.json", "/home/ana", "linux")).toBe("~bob/r.json");
    expect(expandHome("out/~/r.json", "/home/ana", "linux")).toBe("out/~/r.json");
    expect(expandHome("~\\r.json", "/home/ana", "linux")).toBe("~\\r.json");
  });

  it("also reads ~\\… on Windows", () => {
    expect(expandHome("~\\r.json", "C:\\Users\\ana", "win32")).toBe("C:\\Users\\ana\\r.json");
    expect(expandHome("~/r.json", "C:\\Users\\ana", "win32")).toBe("C:\\Users\\ana/r.json");
  });
});
