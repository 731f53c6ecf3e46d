// The README documents everything a user can set: each action.yml input and output has a row in
// the README's Inputs / Outputs table, and each CLI option in the usage text is mentioned. Its
// sample comment images were rendered from the current golden files, and the Markdown files link only to what exists.
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path, { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { parse as parseYaml } from "yaml";
import { OPTIONS, USAGE } from "../src/cli-options.js";
import { EXIT } from "../src/cli-report.js";
import { CHECK_OUTPUT_MAX_BYTES, MAX_REFUSED_SPLITS } from "../src/github/check-run.js";
import { COMMENT_MAX_CHARS } from "../src/github/comment.js";
import { SUMMARY_MAX_BYTES } from "../src/github/summary.js";
import { STOPPED } from "../src/github/unusable.js";
import { JOB_SUMMARY_BUDGET_BYTES } from "../src/render/markdown.js";
import { TERMINAL_LIMITS } from "../src/render/terminal.js";
import { DEFAULT_ARTIFACT_LIMITS } from "../src/sources/artifact-zip.js";
import { BASELINE_LIMITS } from "../src/sources/baseline-artifact.js";
import { DEFAULT_DOWNLOAD_LIMITS } from "../src/sources/dbt-cloud/client.js";
import { ANSWER_TIMEOUTS_IN_ALL, MAX_ANSWER_BYTES } from "../src/sources/dbt-cloud/http.js";
import { DBT_CLOUD_DEFAULTS, MAX_CONCURRENCY, MIN_POLL_SECONDS } from "../src/sources/dbt-cloud/settings.js";
import * as LIMITS from "../src/telemetry/limits.js";
import { ensureBuilt, runCliBundle } from "./e2e/helpers.js";

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

/** The second cell of each `| \`name\` | description | … |` row, by name. */
function tableDescriptions(markdown: string): Map<string, string> {
  const rows = new Map<string, string>();
  for (const line of markdown.split("\n")) {
    const cells = line.split(/(?<!\\)\|/).map((cell) => cell.trim());
    const name = /^`([^`]+)`$/.exec(cells[1] ?? "")?.[1];
    if (name !== undefined && cells[2] !== undefined) rows.set(name, cells[2]);
  }
  return rows;
}

/** The Markdown files with workflow YAML in ```yaml blocks, and the example workflows (one YAML file each). */
const WORKFLOW_FILES = [
  "README.md",
  "docs/action.md",
  ...readdirSync(new URL("examples/", ROOT))
    .filter((name) => name.endsWith(".yml"))
    .map((name) => `examples/${name}`),
];

interface FusionReportStep {
  uses: string;
  if?: unknown;
  with?: Record<string, unknown>;
}

/** Every step of `file`'s workflow YAML that runs this Action (`fusion-report/fusion-report@…` or `./`). */
function fusionReportSteps(file: string): FusionReportStep[] {
  const text = readFileSync(new URL(file, ROOT), "utf8");
  const blocks = file.endsWith(".yml")
    ? [text]
    : [...text.matchAll(/^```ya?ml\n([\s\S]*?)^```$/gm)].map((m) => m[1]!);
  expect(blocks.length).toBeGreaterThan(0);
  const steps: FusionReportStep[] = [];
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(visit);
    else if (value && typeof value === "object") {
      const uses = (value as { uses?: unknown }).uses;
      if (typeof uses === "string" && /^(fusion-report\/fusion-report@|\.\/?$)/.test(uses)) {
        steps.push(value as FusionReportStep);
      }
      Object.values(value).forEach(visit);
    }
  };
  for (const block of blocks) visit(parseYaml(block));
  return steps;
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

  it("describes every input and output in the words action.yml gives them (the Marketplace page, editors' hints)", () => {
    const action = parseYaml(actionYml) as Record<
      "inputs" | "outputs",
      Record<string, { description: string }>
    >;
    const mismatches: string[] = [];
    for (const kind of ["inputs", "outputs"] as const) {
      const rows = tableDescriptions(section(kind === "inputs" ? "Inputs" : "Outputs"));
      for (const [name, { description }] of Object.entries(action[kind])) {
        const row = rows.get(name) ?? "";
        // The README may go on with a sentence that points to its own section on the matter.
        const extra = row.slice(description.length);
        const same =
          row === description || (row.startsWith(`${description} `) && /\]\(#[\w-]+\)/.test(extra));
        if (!same) mismatches.push(`${kind} ${name}:\n  action.yml: ${description}\n  README:     ${row}`);
      }
    }
    expect(mismatches.join("\n")).toBe("");
  });

  it("documents no input or output that action.yml does not have", () => {
    const known = new Set([...inputs, ...outputs]);
    const documented = [...tableNames(section("Inputs")), ...tableNames(section("Outputs"))];
    expect(documented.filter((name) => !known.has(name))).toEqual([]);
  });

  it.each(WORKFLOW_FILES)(
    "%s: every YAML example parses, and its fusion-report steps use only action.yml's inputs",
    (file) => {
      const steps = fusionReportSteps(file);
      // examples/fork-safe.yml only builds and uploads: the report runs in its pair.
      if (file.endsWith(".md")) expect(steps.length).toBeGreaterThan(2);
      for (const step of steps) {
        expect(Object.keys(step.with ?? {}).filter((name) => !inputs.includes(name))).toEqual([]);
      }
    },
  );

  it.each(WORKFLOW_FILES)(
    "%s: a step that reads its own job's telemetry runs with if: always() (or !cancelled()), as the README says",
    (file) => {
      // An artifact or a dbt platform run is read in a job of its own: no failed build step comes before it.
      const readsOwnBuild = (step: FusionReportStep) =>
        !["artifact-name", "dbt-cloud-run-id", "dbt-cloud-job-id"].some(
          (name) => step.with?.[name] !== undefined,
        );
      const unguarded = fusionReportSteps(file)
        .filter(readsOwnBuild)
        .filter((step) => !/\balways\(\)|!\s*cancelled\(\)/.test(String(step.if ?? "")));
      expect(unguarded.map((step) => JSON.stringify(step.with ?? {}))).toEqual([]);
    },
  );

  it("shows each Action input's default as action.yml has it", () => {
    const action = parseYaml(actionYml) as { inputs: Record<string, { default?: string }> };
    const rows = new Map<string, string>();
    for (const line of section("Inputs").split("\n")) {
      const cells = line.split(/(?<!\\)\|/).map((cell) => cell.trim());
      const name = /^`([^`]+)`$/.exec(cells[1] ?? "")?.[1];
      if (name !== undefined && cells[3] !== undefined) rows.set(name, cells[3]);
    }
    const wrong = Object.entries(action.inputs).flatMap(([name, { default: fallback = "" }]) => {
      // A list default (one per line) is shown as `a` and `b`.
      const lines = fallback.split("\n").filter((line) => line !== "");
      const shown = lines.map((line) => `\`${line}\``).join(" and ");
      return rows.get(name) === shown
        ? []
        : [`${name}: action.yml ${shown || "(none)"}, README ${rows.get(name)}`];
    });
    expect(wrong).toEqual([]);
  });

  it.each(["README.md", "docs/action.md"])(
    "%s: names a CLI-only option as a --flag and an Action-only input never as one",
    (file) => {
      const text = readFileSync(new URL(file, ROOT), "utf8");
      // Written bare (`dbt-cloud-request-timeout-ms`), a CLI-only option reads as an input the Action does not have.
      const cliOnly = Object.keys(OPTIONS).filter((name) => name.includes("-") && !inputs.includes(name));
      expect(cliOnly).toContain("dbt-cloud-request-timeout-ms");
      const bare = cliOnly.filter((name) => new RegExp(`\`${name}(?:\`|:)`).test(text));
      const actionOnly = inputs.filter((name) => !Object.hasOwn(OPTIONS, name));
      const asFlag = actionOnly.filter((name) => new RegExp(`--${name}(?![\\w-])`).test(text));
      expect({ bare, asFlag }).toEqual({ bare: [], asFlag: [] });
    },
  );

  it("mentions every CLI option of the usage text", () => {
    const options = [...new Set([...USAGE.matchAll(/(?<![\w-])--[a-z][a-z0-9-]*/g)].map((m) => m[0]))];
    expect(options).toContain("--json");
    expect(options.filter((option) => !readme.includes(option))).toEqual([]);
  });
});

interface Entry {
  source: string;
  sha256: string;
  widths: number[];
}

const IMAGES = fileURLToPath(new URL("docs/images/", ROOT));
const manifestFile = path.join(IMAGES, "manifest.json");
const manifest: Record<string, Entry> = existsSync(manifestFile)
  ? (JSON.parse(readFileSync(manifestFile, "utf8")) as Record<string, Entry>)
  : {};
const sha256 = (file: string): string =>
  createHash("sha256")
    .update(readFileSync(new URL(file, ROOT), "utf8"))
    .digest("hex");

// The README shows the comment as PNGs (docs/images) rendered from the golden comments by
// scripts/render-images.ts, which cannot run here (it needs Chromium). Its manifest records the
// SHA-256 of each source it rendered, so a golden change without new images fails.
describe("README Security section", () => {
  const security = section("Security");
  const rows = new Map(
    [...security.matchAll(/^\| ([^|]+?) \| (.+?) \|$/gm)].map((m) => [m[1]!, m[2]!] as const),
  );
  const row = (what: string): string => rows.get(what) ?? `(no row '${what}')`;
  const mib = (bytes: number) => `${bytes / LIMITS.MIB} MiB`;
  const count = (n: number) => n.toLocaleString("en-US");

  it("says what is untrusted, what it cannot do and what is refused", () => {
    for (const part of [
      "**Untrusted**",
      "**What untrusted text can do",
      "**What the step refuses**",
      "**Limits**",
    ]) {
      expect(security, part).toContain(part);
    }
  });

  it("quotes the limits the code enforces", () => {
    expect(row("A JSONL line (one record)")).toContain(
      `${mib(LIMITS.MAX_JSONL_LINE_BYTES)}: \`FILE:LINE: line longer than`,
    );
    expect(row("A gzip-compressed JSONL file")).toContain(
      `${LIMITS.MAX_GZIP_EXPANSION} bytes out per compressed byte`,
    );
    expect(row("A Parquet footer")).toContain(
      `${mib(LIMITS.MAX_PARQUET_FOOTER_BYTES)}, and at most ${count(LIMITS.MAX_PARQUET_FOOTER_VALUES)} values`,
    );
    expect(row("A Parquet page")).toContain(mib(LIMITS.MAX_PARQUET_PAGE_BYTES));
    expect(LIMITS.MAX_PARQUET_ROWS_PER_BYTE).toBe(1);
    expect(row("Rows a Parquet file or row group claims")).toContain("at most one per byte");
    expect(row("What one report holds, over all its files")).toContain(
      `${count(LIMITS.MAX_REPORT_NODES)} nodes, ${count(LIMITS.MAX_REPORT_SPANS)} spans (node phases, ` +
        `phases, spans with queries or logs), ${count(LIMITS.MAX_REPORT_INVOCATIONS)} invocations (trace ids)`,
    );
    expect(DEFAULT_ARTIFACT_LIMITS.maxBytes).toBe(1024 * LIMITS.MIB);
    expect(row("A telemetry artifact")).toContain(`1 GiB (`);
    expect(row("A telemetry artifact")).toContain(`${count(DEFAULT_ARTIFACT_LIMITS.maxEntries)} entries`);
    expect(row("A baseline artifact")).toBe(
      `${mib(BASELINE_LIMITS.maxBytes!)}, ${count(BASELINE_LIMITS.maxEntries!)} entries`,
    );
    expect(row("The comment, the check run's output, the job summary")).toContain(
      `${count(COMMENT_MAX_CHARS)} characters, ${count(CHECK_OUTPUT_MAX_BYTES)} bytes, ${count(SUMMARY_MAX_BYTES)} bytes`,
    );
    const timeout = DBT_CLOUD_DEFAULTS.requestTimeoutMs / 1000;
    expect(row("The dbt platform")).toContain(
      `${timeout} s for an answer to start and ${timeout} s without data ` +
        `(${(ANSWER_TIMEOUTS_IN_ALL * timeout) / 60} min and ${mib(MAX_ANSWER_BYTES)} for an API answer in all; ` +
        "of an error's answer only its first 1 MiB is read), " +
        `${DBT_CLOUD_DEFAULTS.concurrency} downloads at a time, one step's telemetry file ` +
        `${DEFAULT_DOWNLOAD_LIMITS.maxBytes / (1024 * LIMITS.MIB)} GiB and ` +
        `${DEFAULT_DOWNLOAD_LIMITS.timeoutMs / 60_000} min (retries included)`,
    );
  });
});

describe("README Required status check section", () => {
  const text = section("Required status check");
  // | What happened | Check run conclusion | Its title | The step |
  const rows = [...text.matchAll(/^\| ([^|]+?) \| ([^|]+?) \| ([^|]+?) \| ([^|]+?) \|$/gm)].map((m) => ({
    what: m[1]!,
    conclusion: m[2]!,
    title: m[3]!,
    step: m[4]!,
  }));
  const titled = (title: string) => rows.filter((row) => row.title === title);
  const capitalised = (what: string) => what.charAt(0).toUpperCase() + what.slice(1);

  it("says how to make it required, that it is always completed, and the set-up it needs", () => {
    for (const part of [
      "`check-name`",
      "**Require status checks to pass**",
      "**The check is always completed**",
      "**Run the step with `if: always()`.**",
      "**Forks and `workflow_run`.**",
      "head commit",
      "No check run 'NAME' could be created",
    ]) {
      expect(text, part).toContain(part);
    }
  });

  it("lists every way the step stops without a report, with the check run's title (src/github/unusable.ts)", () => {
    for (const what of Object.values(STOPPED)) {
      expect(titled(capitalised(what)).length, what).toBeGreaterThan(0);
    }
    // The other two rows: the header and the report's own.
    expect(rows.filter((row) => !Object.values(STOPPED).map(capitalised).includes(row.title))).toHaveLength(
      2,
    );
  });

  it("gives the conclusion the step uses: neutral only for accepted absent telemetry", () => {
    const stopped = rows.filter((row) => Object.values(STOPPED).map(capitalised).includes(row.title));
    const neutral = stopped.filter((row) => row.conclusion === "`neutral`");
    expect(neutral.map((row) => row.what)).toEqual(["no telemetry, `if-no-telemetry: neutral` or `warn`"]);
    expect(
      stopped.filter((row) => row.conclusion !== "`neutral`").every((r) => r.conclusion === "`failure`"),
    ).toBe(true);
  });
});

describe("what the docs say about annotations GitHub refuses (src/github/check-run.ts)", () => {
  const actionDoc = readFileSync(new URL("docs/action.md", ROOT), "utf8");

  it.each([
    ["README.md, Required status check", () => section("Required status check")],
    ["docs/action.md", () => actionDoc],
  ])("%s: a refused request is halved (as often as the code allows), not dropped whole", (_, text) => {
    const flat = text().replace(/\s+/g, " ");
    expect(flat).toMatch(/sent again in halves until the annotation GitHub will not take is found/);
    expect(flat).toContain(`(up to ${MAX_REFUSED_SPLITS} halvings a run)`);
    expect(flat).not.toMatch(/costs those \d+/);
  });
});

describe("README Uploading the reports as an artifact", () => {
  const text = section("Uploading the reports as an artifact").replace(/\s+/g, " ");

  it("names the entries the artifact holds, and leaves no Markdown file on the runner to look for", () => {
    for (const entry of ["`fusion-report.json`", "`fusion-report.md`"]) expect(text).toContain(entry);
    // The Markdown made for the artifact is staged in a temporary folder that is removed after the upload.
    expect(text).not.toMatch(/RUNNER_TEMP\/fusion-report\.md/);
    expect(text).toContain("no copy of it stays on the runner");
  });
});

describe("README sample comment: images rendered from the current golden files", () => {
  it("has a manifest naming the golden comments the README's images come from", () => {
    expect(existsSync(manifestFile), "docs/images/manifest.json is missing").toBe(true);
    const golden = Object.values(manifest).filter((entry) => entry.source.startsWith("test/golden/"));
    expect(golden.length).toBeGreaterThanOrEqual(3);
  });

  it.each(Object.entries(manifest).filter(([, entry]) => entry.source.startsWith("test/golden/")))(
    "%s was rendered from the current golden file",
    (view, entry) => {
      expect(
        sha256(entry.source),
        `${entry.source} changed since docs/images/${view}-*.png were rendered: run scripts/render-images.ts`,
      ).toBe(entry.sha256);
    },
  );

  it.each(Object.entries(manifest))("%s has a PNG at every width it names", (view, entry) => {
    expect(entry.widths.length).toBeGreaterThan(0);
    for (const width of entry.widths)
      expect(existsSync(path.join(IMAGES, `${view}-${width}.png`))).toBe(true);
  });

  it("the README shows images of the comment that exist, the first from a golden file, and no Markdown sample", () => {
    const section = readme.split("### What the comment looks like")[1]?.split(/^### /m)[0] ?? "";
    const images = [...section.matchAll(/!\[[^\]]*\]\((docs\/images\/[^)]+\.png)\)/g)].map((m) => m[1]!);
    expect(images.length).toBeGreaterThan(0);
    for (const image of [...readme.matchAll(/\((docs\/images\/[^)]+\.png)\)/g)].map((m) => m[1]!)) {
      expect(existsSync(new URL(image, ROOT)), `${image} is missing`).toBe(true);
    }
    const first = path.basename(images[0]!).replace(/-\d+(-expanded)?\.png$/, "");
    expect(manifest[first]?.source).toMatch(/^test\/golden\//);
    expect(section).not.toContain("```markdown");
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

describe("the anchors a link may name", () => {
  it("are the headings', counted as GitHub does, and no comment in a code block", () => {
    const markdown =
      "## Run results\n\n```yaml\n# .github/workflows/dbt-pr.yml\nname: x\n```\n\n## Run results\n";
    expect([...anchors(markdown)]).toEqual(["run-results", "run-results-1"]);
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

/**
 * The anchors GitHub makes for a Markdown file's headings, plus explicit `<a id>`s. A `# comment` in a
 * fenced code block (a YAML or shell example) is no heading.
 */
function anchors(markdown: string): Set<string> {
  const found = new Set<string>();
  const counts = new Map<string, number>();
  const prose = markdown.replace(/^(`{3,}|~{3,})[^\n]*\n[\s\S]*?^\1[ \t]*$/gm, "");
  for (const [, heading] of prose.matchAll(/^#{1,6} (.+)$/gm)) {
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

describe("README Command line: the numbers --help and the README give are the code's", () => {
  const cli = section("Command line");
  const row = (option: string): string =>
    new RegExp(`^\\| \`${option}[^|]*\\| (.+) \\|$`, "m").exec(cli)?.[1] ?? `(no row '${option}')`;

  it("gives the exit codes the CLI uses", () => {
    expect(USAGE).toContain(
      `Exit codes: ${EXIT.ok} ok, ${EXIT.policy} the --fail-on policy tripped, ${EXIT.unusable} unusable input or usage.`,
    );
    expect(cli).toContain(
      `Exit codes: **${EXIT.ok}** ok, **${EXIT.policy}** the \`--fail-on\` policy tripped, **${EXIT.unusable}** unusable input or usage.`,
    );
  });

  it("gives each option's default as the parser has it", () => {
    for (const option of ["regression-threshold", "regression-min-seconds", "slowest"] as const) {
      const fallback = OPTIONS[option].default;
      expect(USAGE, option).toMatch(new RegExp(`--${option} [\\s\\S]*?\\(default ${fallback}\\)`));
      expect(row(`--${option}`), option).toContain(`(default ${fallback})`);
    }
    expect(USAGE).toContain(`report heading (default "${OPTIONS.title.default}")`);
    expect(row("--title")).toContain(`(default \`${OPTIONS.title.default}\`)`);
    expect(USAGE).toContain(`default ${JOB_SUMMARY_BUDGET_BYTES} when GITHUB_STEP_SUMMARY is set`);
    expect(row("--max-bytes")).toContain(
      `default ${JOB_SUMMARY_BUDGET_BYTES} when \`GITHUB_STEP_SUMMARY\` is set`,
    );
    const platform = row("--dbt-cloud-poll-interval-seconds");
    expect(platform).toContain(
      `(default ${DBT_CLOUD_DEFAULTS.pollIntervalSeconds}, at least ${MIN_POLL_SECONDS})`,
    );
    expect(platform).toContain(`(default ${DBT_CLOUD_DEFAULTS.concurrency}, at most ${MAX_CONCURRENCY})`);
    expect(platform).toContain(`(default ${DBT_CLOUD_DEFAULTS.requestTimeoutMs})`);
    expect(USAGE).toContain(
      `--dbt-cloud-poll-interval-seconds S (default ${DBT_CLOUD_DEFAULTS.pollIntervalSeconds}, at least ${MIN_POLL_SECONDS})`,
    );
    expect(USAGE).toContain(`(default ${DBT_CLOUD_DEFAULTS.concurrency}, at most ${MAX_CONCURRENCY})`);
    expect(USAGE).toContain(
      `--dbt-cloud-request-timeout-ms MS (default ${DBT_CLOUD_DEFAULTS.requestTimeoutMs})`,
    );
  });

  it("says how much the terminal report lists (Limits and known gaps)", () => {
    const limits = TERMINAL_LIMITS;
    expect(section("Limits and known gaps").replace(/\s+/g, " ")).toContain(
      `lists at most ${limits.errors} distinct errors (by impact; of the same error in many nodes, ` +
        `${limits.sameErrorNodes} named), ${limits.failedTests} failed tests, ${limits.chains} root causes of ` +
        `skips with ${limits.chainNodes} skipped nodes each, ${limits.warnings} warnings (of the same warning in ` +
        `many nodes, ${limits.sameErrorNodes} named) and ` +
        `${limits.notCompleted} nodes not run to completion, each list saying how many it left out; unit tests ` +
        `show their diffs until some ${limits.diffLinesInAll} lines of diffs per invocation are shown, and each ` +
        `one after says its diff was left out; a report longer than ${limits.recapAfterLines} lines ends on its ` +
        `headline and counts again.`,
    );
  });
});

describe("README's first lines: the two commands a new user runs", () => {
  const scripts = JSON.parse(readFileSync(new URL("package.json", ROOT), "utf8")).scripts as Record<
    string,
    string
  >;

  it("install and run the demo, then all tests", () => {
    const first = /^```bash\n([\s\S]*?)\n```/m.exec(readme)?.[1] ?? "";
    const commands = first.split("\n").map((line) => line.replace(/\s+#.*$/, "").trim());
    expect(commands).toEqual(["npm ci && npm run demo", "npm test"]);
    expect(readme.indexOf(first)).toBeLessThan(200);
  });

  it("the demo prints a report of the bundled sample telemetry from the built CLI", async () => {
    ensureBuilt();
    const [node, cli, ...args] = scripts.demo!.split(" ");
    expect([node, cli]).toEqual(["node", "dist/cli.js"]);
    const run = await runCliBundle(args, fileURLToPath(ROOT));
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^## ⚠️ dbt Fusion: 1 node error, 1 failed test \(fail-on: never\)\n/);
    const sample = args.at(-1)!;
    expect(sample.startsWith("test/fixtures/real/")).toBe(true);
    expect(existsSync(new URL(sample, ROOT))).toBe(true);
  });
});
