// The README documents everything a user can set: each action.yml input and output has a row in
// the README's Inputs / Outputs table, and each CLI option in the usage text is mentioned. Its
// sample comment is the golden file's text, and the Markdown files link only to what exists.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
// @ts-expect-error -- a plain .mjs script without type declarations
import { fillReadmeSamples, readmeSampleSources } from "../scripts/readme-samples.mjs";
import { USAGE } from "../src/cli-options.js";

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

describe("README sample comment", () => {
  it("is the golden file's text, as scripts/readme-samples.mjs fills it", () => {
    const sources = readmeSampleSources(readme) as string[];
    expect(sources).toContain("test/fixtures/real/expected/preview120_build_success.md");
    const filled = fillReadmeSamples(readme, (file: string) => readFileSync(new URL(file, ROOT), "utf8"));
    // On failure: run `npm run readme:samples` and commit README.md.
    expect(filled).toBe(readme);
  });

  it("shows the golden's code blocks as code, inside a longer fence", () => {
    const block = /<!-- readme-sample: \S+ lines \d+-\d+ -->\n(`{3,})markdown\n([\s\S]*?)\n\1\n/.exec(readme);
    expect(block).not.toBeNull();
    expect(block![2]).toContain("```text\nUnexpected internal error");
  });
});

describe("links in the Markdown files", () => {
  const files = [
    "README.md",
    "CHANGELOG.md",
    ...readdirSync(new URL("docs/", ROOT)).map((name) => `docs/${name}`),
    "test/fixtures/generated/README.md",
    "test/fixtures/real/SOURCES.md",
    "scripts/fixture-gen/README.intro.md",
  ].filter((file) => file.endsWith(".md"));

  it.each(files)("%s links only to files and headings that exist", (file) => {
    const text = readFileSync(new URL(file, ROOT), "utf8");
    const broken: string[] = [];
    for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
      if (/^[a-z]+:/i.test(target!)) continue;
      const [pathPart, anchor] = target!.split("#") as [string, string | undefined];
      // GitHub resolves "/x" from the repository root and "x" from the file's folder.
      const resolved =
        pathPart === "" ? file : pathPart.startsWith("/") ? pathPart.slice(1) : join(dirname(file), pathPart);
      if (!existsSync(new URL(resolved, ROOT))) {
        broken.push(target!);
        continue;
      }
      if (
        anchor &&
        resolved.endsWith(".md") &&
        !anchors(readFileSync(new URL(resolved, ROOT), "utf8")).has(anchor)
      ) {
        broken.push(target!);
      }
    }
    expect(broken).toEqual([]);
  });
});

describe("docs/fusion-telemetry.md", () => {
  const reference = readFileSync(new URL("docs/fusion-telemetry.md", ROOT), "utf8");

  it("keeps the numbered sections the code cites (fusion-telemetry.md §5, §9)", () => {
    const numbers = [...reference.matchAll(/^## (\d+)\. /gm)].map((m) => Number(m[1]));
    expect(numbers).toEqual(Array.from({ length: 16 }, (_, i) => i));
    const cited = new Set<number>();
    for (const dir of ["src", "test"]) {
      for (const entry of readdirSync(new URL(`${dir}/`, ROOT), { recursive: true, encoding: "utf8" })) {
        if (!entry.endsWith(".ts")) continue;
        const code = readFileSync(new URL(`${dir}/${entry}`, ROOT), "utf8");
        for (const m of code.matchAll(/fusion-telemetry\.md §(\d+)/g)) cited.add(Number(m[1]));
      }
    }
    expect(cited.size).toBeGreaterThan(0);
    for (const section of cited) expect(numbers).toContain(section);
  });

  it("names its sources and uses only the tags it defines", () => {
    const table = reference.slice(reference.indexOf("## 0. Sources"), reference.indexOf("## 1."));
    const tags = new Set([...table.matchAll(/^\| \*\*(\w+)\*\* \|/gm)].map((m) => m[1]!));
    expect([...tags]).toEqual(["F176", "F186", "B2", "F86", "F14", "FWD", "DOCS"]);
    const used = new Set([...reference.matchAll(/\b(F\d+|B\d+|FWD|DOCS)\b/g)].map((m) => m[1]!));
    expect([...used].filter((tag) => !tags.has(tag))).toEqual([]);
  });
});

/** The anchors GitHub makes for a Markdown file's headings, plus explicit `<a id>`s. */
function anchors(markdown: string): Set<string> {
  const found = new Set<string>();
  const counts = new Map<string, number>();
  for (const [, heading] of markdown.matchAll(/^#{1,6} (.+)$/gm)) {
    const slug = heading!
      .trim()
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, "")
      .replace(/\s/g, "-");
    const seen = counts.get(slug) ?? 0;
    counts.set(slug, seen + 1);
    found.add(seen === 0 ? slug : `${slug}-${seen}`);
  }
  for (const [, id] of markdown.matchAll(/<a id="([^"]+)"/g)) found.add(id!);
  return found;
}
