// The README documents everything a user can set: each action.yml input and output has a row in
// the README's Inputs / Outputs table, and each CLI option in the usage text is mentioned.
import { existsSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { USAGE } from "../src/cli.js";

const ROOT = new URL("../", import.meta.url);
const README = new URL("README.md", ROOT);
const actionYml = readFileSync(new URL("action.yml", ROOT), "utf8");
const readme = existsSync(README) ? readFileSync(README, "utf8") : "";

/** Top-level keys of a top-level mapping in action.yml (`inputs:` / `outputs:`), in order. */
function actionKeys(section: "inputs" | "outputs"): string[] {
  const block =
    new RegExp(`^${section}:\\s*\\n((?:[ \\t]+.*\\n|[ \\t]*\\n)*)`, "m").exec(actionYml)?.[1] ?? "";
  return [...block.matchAll(/^ {2}([A-Za-z0-9_-]+):/gm)].map((m) => m[1]!);
}

/** The README section under a heading whose text contains `title` (up to the next heading of the same or a higher level). */
function section(title: string): string {
  const lines = readme.split("\n");
  const start = lines.findIndex((l) => new RegExp(`^#{1,6}\\s.*\\b${title}\\b`, "i").test(l));
  if (start < 0) return "";
  const level = /^#+/.exec(lines[start]!)![0].length;
  const end = lines.findIndex((l, i) => i > start && /^#+\s/.test(l) && /^#+/.exec(l)![0].length <= level);
  return lines.slice(start + 1, end < 0 ? undefined : end).join("\n");
}

/** Names in the first cell of table rows: | `name` | … */
function tableNames(markdown: string): Set<string> {
  return new Set([...markdown.matchAll(/^\|\s*`([^`]+)`\s*\|/gm)].map((m) => m[1]!));
}

const inputs = actionKeys("inputs");
const outputs = actionKeys("outputs");

describe("README.md", () => {
  it("exists", () => {
    expect(existsSync(README), "README.md is missing").toBe(true);
  });

  it("action.yml parses into inputs and outputs (guards this test itself)", () => {
    expect(inputs).toContain("telemetry");
    expect(inputs).toContain("github-token");
    expect(outputs).toContain("conclusion");
    expect(outputs).toContain("check-run-url");
  });

  it("has a row in the Inputs table for every action.yml input", () => {
    const documented = tableNames(section("Inputs"));
    expect(inputs.filter((name) => !documented.has(name))).toEqual([]);
  });

  it("has a row in the Outputs table for every action.yml output", () => {
    const documented = tableNames(section("Outputs"));
    expect(outputs.filter((name) => !documented.has(name))).toEqual([]);
  });

  it("documents no input or output that action.yml does not have", () => {
    const known = new Set([...inputs, ...outputs]);
    const documented = [...tableNames(section("Inputs")), ...tableNames(section("Outputs"))];
    expect(documented.filter((name) => !known.has(name))).toEqual([]);
  });

  it("mentions every CLI option of the usage text", () => {
    const options = [...new Set([...USAGE.matchAll(/(?<![\w-])--[a-z][a-z0-9-]*/g)].map((m) => m[0]))];
    expect(options).toContain("--json");
    expect(options.filter((option) => !readme.includes(option))).toEqual([]);
  });
});
