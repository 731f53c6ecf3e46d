// The house as docs/architecture.md draws it: which part of src/ may import which, and which
// libraries only one place may load. Read from the import lines of every source file, so a new
// import that crosses a wall fails here, naming the file, the line and the import.
import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const SRC = path.resolve(import.meta.dirname, "../src");

/** Where a file sits in the picture: its folder under src/, or the role of a top-level file. */
const TOP_LEVEL: Record<string, Part> = {
  "index.ts": "action",
  "main.ts": "action",
  "action-pipeline.ts": "action",
  "action-report.ts": "action",
  "cli-entry.ts": "cli",
  "cli.ts": "cli",
  "cli-options.ts": "cli",
  "cli-pipeline.ts": "cli",
  "cli-report.ts": "cli",
  "inputs.ts": "inputs",
  "report-files.ts": "report-files",
  "version.ts": "version",
  "young-generation.ts": "runtime",
  "optimising-compiler.ts": "runtime",
};

type Part =
  | "action"
  | "cli"
  | "inputs"
  | "report-files"
  | "version"
  | "runtime"
  | "pipeline"
  | "sources"
  | "telemetry"
  | "model"
  | "render"
  | "github"
  | "text";

/** What each part may import from src/ (besides itself). Data flows one way: sources → github. */
export const MAY_IMPORT: Record<Part, readonly Part[]> = {
  text: [],
  telemetry: ["text"],
  sources: ["telemetry", "text"],
  model: ["telemetry", "text"],
  render: ["model", "text"],
  // github/ implements what sources/ asks for (it fetches an artifact's zip) and publishes what
  // model/ and render/ made.
  github: ["sources", "model", "render", "text"],
  pipeline: ["sources", "telemetry", "model", "text"],
  "report-files": ["model", "render", "text"],
  // The Action's inputs name the outputs github/ publishes and the dbt platform settings.
  inputs: ["model", "sources", "github", "text"],
  version: [],
  runtime: [],
  // The entries join everything; the CLI never loads GitHub code.
  action: [
    "inputs",
    "report-files",
    "version",
    "runtime",
    "pipeline",
    "sources",
    "telemetry",
    "model",
    "render",
    "github",
    "text",
  ],
  cli: ["report-files", "version", "runtime", "pipeline", "sources", "telemetry", "model", "render", "text"],
};

/** Libraries only some places may load (the rest of node_modules: anywhere that is not pure). */
const LIBRARY_HOMES: { pattern: RegExp; homes: readonly string[]; why: string }[] = [
  {
    pattern: /^@actions\/artifact$/,
    homes: ["github/artifact-client.ts"],
    why: "one import site (lazy loading)",
  },
  { pattern: /^(@actions\/github|@octokit\/)/, homes: ["github/"], why: "only github/ talks to GitHub" },
  {
    pattern: /^@actions\/core$/,
    homes: ["main.ts", "github/"],
    why: "logic modules never use @actions/core",
  },
  { pattern: /^undici$/, homes: ["sources/dbt-cloud/index.ts"], why: "one import site (lazy loading)" },
  { pattern: /^yauzl$/, homes: ["sources/artifact-zip.ts"], why: "the zip reader has one home" },
  {
    pattern: /^hyparquet\/src\//,
    homes: ["telemetry/parquet/hyparquet.ts"],
    why: "hyparquet's internals have one boundary module",
  },
];

/** Pure parts: strings and objects in, strings and objects out, no I/O. */
const PURE: readonly Part[] = ["model", "render", "text"];
const IO_MODULES = /^node:(fs|fs\/promises|child_process|net|http|https|os|process)$/;

/**
 * Modules loaded by one file only (besides type imports), so that loading them only when a run
 * uses them is a change in that one place: the dbt platform client, the Mermaid diagrams.
 */
const ONE_IMPORT_SITE: Record<string, string> = {
  "sources/dbt-cloud/index.ts": "pipeline/collect.ts",
  "render/mermaid.ts": "render/extra-sections.ts",
  "sources/artifact-zip.ts": "sources/artifact.ts",
};

export interface ImportLine {
  file: string;
  line: number;
  specifier: string;
  /** `import type …` / `export type …`: erased, loads nothing. */
  typeOnly: boolean;
}

/** Every static import, re-export and dynamic import() of a TypeScript source, with its line. */
export function readImports(file: string, source: string): ImportLine[] {
  const found: ImportLine[] = [];
  const patterns = [
    /^\s*(?:import|export)\b[^;]*?\bfrom\s*["']([^"']+)["']/gm,
    /^\s*import\s*["']([^"']+)["']/gm,
    /\bimport\(\s*(?:\/\*[^*]*\*\/\s*)?["']([^"']+)["']\s*\)/g,
  ];
  for (const pattern of patterns) {
    for (const match of source.matchAll(pattern)) {
      const at = (match.index ?? 0) + match[0].lastIndexOf(match[1]!);
      const typeOnly = /^\s*(?:import|export)\s+type\b/.test(match[0]);
      found.push({ file, line: source.slice(0, at).split("\n").length, specifier: match[1]!, typeOnly });
    }
  }
  return found;
}

function partOf(relative: string): Part {
  const [first] = relative.split("/");
  if (relative.includes("/")) {
    if (first === "pipeline") return "pipeline";
    return first as Part;
  }
  const part = TOP_LEVEL[relative];
  if (!part)
    throw new Error(`src/${relative} is not in the picture: add it to docs/architecture.md and TOP_LEVEL`);
  return part;
}

/** The violations among `imports` of files under src/ (paths relative to src/). */
export function checkImports(imports: readonly ImportLine[]): string[] {
  const problems: string[] = [];
  for (const { file, line, specifier, typeOnly } of imports) {
    const where = `src/${file}:${line} imports "${specifier}"`;
    if (specifier.startsWith(".")) {
      const target = path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier));
      if (target.startsWith("../")) {
        if (file !== "version.ts" || target !== "../package.json") problems.push(`${where}: outside src/`);
        continue;
      }
      const module = target.replace(/\.js$/, ".ts");
      const from = partOf(file);
      const to = partOf(module);
      const site = ONE_IMPORT_SITE[module];
      if (site && site !== file && !typeOnly) {
        problems.push(`${where}: only ${site} may load ${module} (one import site, to load it lazily)`);
      }
      if (from !== to && !MAY_IMPORT[from].includes(to)) {
        problems.push(`${where}: ${from} may not import ${to} (docs/architecture.md)`);
      }
      continue;
    }
    if (IO_MODULES.test(specifier) && PURE.includes(partOf(file))) {
      problems.push(`${where}: ${partOf(file)} is pure, it does no I/O (docs/architecture.md)`);
    }
    for (const rule of LIBRARY_HOMES) {
      if (!rule.pattern.test(specifier)) continue;
      const home = rule.homes.some((h) =>
        h.endsWith("/") || !h.endsWith(".ts") ? file.startsWith(h) : file === h,
      );
      if (!home) problems.push(`${where}: only ${rule.homes.join(", ")} may (${rule.why})`);
    }
  }
  return problems;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith(".ts") ? [full] : [];
  });
}

function allImports(): ImportLine[] {
  return sourceFiles(SRC).flatMap((full) => {
    const relative = path.relative(SRC, full).split(path.sep).join("/");
    return readImports(relative, readFileSync(full, "utf8"));
  });
}

/** Every src file and package a file loads when it runs, following value imports (not types). */
function loadedBy(entry: string, imports: readonly ImportLine[]): Set<string> {
  const loaded = new Set<string>();
  const pending = [entry];
  while (pending.length > 0) {
    const file = pending.pop()!;
    if (loaded.has(file)) continue;
    loaded.add(file);
    for (const { specifier, typeOnly } of imports.filter((i) => i.file === file)) {
      if (typeOnly) continue;
      if (!specifier.startsWith(".")) {
        loaded.add(specifier);
        continue;
      }
      const target = path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier));
      if (!target.startsWith("../")) pending.push(target.replace(/\.js$/, ".ts"));
    }
  }
  return loaded;
}

describe("the import rules of docs/architecture.md", () => {
  it("keep GitHub code and the zip reader out of what the CLI loads", () => {
    const loaded = [...loadedBy("cli-entry.ts", allImports())];
    expect(loaded).toContain("pipeline/run.ts");
    expect(
      loaded.filter((m) =>
        /^(github\/|sources\/(baseline-)?artifact(-zip)?\.ts$|@actions\/|@octokit\/|yauzl$)/.test(m),
      ),
    ).toEqual([]);
  });

  it("keep both entries wiring only (issue 12: main.ts ≤ 80 lines, cli.ts ≤ 120)", () => {
    const lines = (file: string) => readFileSync(path.join(SRC, file), "utf8").trimEnd().split("\n").length;
    expect(lines("main.ts")).toBeLessThanOrEqual(80);
    expect(lines("cli.ts")).toBeLessThanOrEqual(120);
  });

  it("hold for every file under src/", () => {
    const imports = sourceFiles(SRC).flatMap((full) => {
      const relative = path.relative(SRC, full).split(path.sep).join("/");
      return readImports(relative, readFileSync(full, "utf8"));
    });
    expect(imports.length).toBeGreaterThan(100);
    expect(checkImports(imports)).toEqual([]);
  });

  it("name the file, the line and the import that breaks one", () => {
    const source = [
      'import type { Report } from "../model/types.js";',
      "import {",
      "  publishAll,",
      '} from "../github/publish.js";',
      'const lazy = await import(/* webpackMode: "eager" */ "@actions/artifact");',
    ].join("\n");
    expect(checkImports(readImports("sources/local.ts", source))).toEqual([
      'src/sources/local.ts:1 imports "../model/types.js": sources may not import model (docs/architecture.md)',
      'src/sources/local.ts:4 imports "../github/publish.js": sources may not import github (docs/architecture.md)',
      'src/sources/local.ts:5 imports "@actions/artifact": only github/artifact-client.ts may (one import site (lazy loading))',
    ]);
    expect(
      checkImports(readImports("render/x.ts", 'import { readFile } from "node:fs/promises";')),
    ).toHaveLength(1);
    expect(checkImports(readImports("cli.ts", 'import { createClient } from "./github/client.js";'))).toEqual(
      ['src/cli.ts:1 imports "./github/client.js": cli may not import github (docs/architecture.md)'],
    );
    expect(
      checkImports(readImports("cli.ts", 'import { diagramSections } from "./render/mermaid.js";')),
    ).toEqual([
      'src/cli.ts:1 imports "./render/mermaid.js": only render/extra-sections.ts may load render/mermaid.ts (one import site, to load it lazily)',
    ]);
    const typeOnly = 'import type { DbtCloudTelemetry } from "../sources/dbt-cloud/index.js";';
    expect(checkImports(readImports("pipeline/run.ts", typeOnly))).toEqual([]);
  });
});
