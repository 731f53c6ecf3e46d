// The glob library spells the paths it finds its own way: on Windows `D:/a/repo/logs/x.jsonl`, where
// Node's paths (a named file, a folder's entries) are `D:\a\repo\logs\x.jsonl`. Here, on any system,
// it answers with a spelling of the same path that is not Node's (`//` between folders): a file both
// named and globbed, or in a folder and globbed, is still found once.
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it, vi } from "vitest";
import { findTelemetryFiles } from "../../src/sources/local.js";
import { makeTempDir } from "../support/temp-dir.js";

vi.mock("tinyglobby", async (importOriginal) => {
  const actual = await importOriginal<typeof import("tinyglobby")>();
  return {
    ...actual,
    glob: async (...args: Parameters<typeof actual.glob>) =>
      (await actual.glob(...args)).map((file) => file.replace(/\/(?=[^/]+$)/, "//")),
  };
});

describe("findTelemetryFiles, with the glob's own spelling of a path", () => {
  it("finds a file once when a glob and its name, or its folder, both name it", async () => {
    const cwd = makeTempDir("fusion-local-spelling-");
    mkdirSync(path.join(cwd, "logs"));
    writeFileSync(path.join(cwd, "logs/dbt.jsonl"), '{"record_type":"SpanStart"}\n');
    const named = path.join(cwd, "logs", "dbt.jsonl");
    for (const patterns of [["logs/dbt.jsonl", "logs/*.jsonl"], ["logs", "logs/*.jsonl"], ["logs/*.jsonl"]]) {
      expect((await findTelemetryFiles(patterns, cwd)).files, patterns.join(", ")).toEqual([named]);
    }
  });
});
