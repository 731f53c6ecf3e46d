// The report in a terminal, through the built CLI (dist/cli.js): `--format text` is plain text (no
// HTML, no Markdown) and equals the golden files; the default is text on a terminal and Markdown in
// a pipe or a file; colour follows NO_COLOR and FORCE_COLOR; `--markdown FILE` is always Markdown;
// and hostile telemetry (test/support/hostile-corpus.ts) puts no control character, bidi override
// or escape sequence on the terminal: the only ones in the output are the report's own colours.
import { execFile, execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { delimiter, dirname, join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { OWN_SEQUENCES } from "../../src/render/terminal-style.js";
import { HOSTILE_CORPUS, hostileJsonl } from "../support/hostile-corpus.js";
import { makeTempDir } from "../support/temp-dir.js";
import { DIST_CLI, ensureBuilt, fixture, REPO_ROOT, runCliBundle } from "./helpers.js";

const GOLDEN = join(REPO_ROOT, "test", "golden", "terminal");
const REAL_FILES = [
  "preview120_build_success",
  "preview120_failed",
  "preview72_build_success",
  "preview72_failed",
];

/** What a terminal would act on, or what would hide or reorder text: C0 but the line feed, DEL, C1, bidi controls, LS/PS, BOM. */
const CONTROL_CLASS =
  "[\\u0000-\\u0009\\u000b-\\u001f\\u007f-\\u009f\\u061c\\u200e\\u200f\\u2028-\\u202e\\u2066-\\u2069\\ufeff]";
const TERMINAL_CONTROLS = new RegExp(CONTROL_CLASS);

/** Markup the comment uses and a terminal would show as written. */
const MARKUP: [string, RegExp][] = [
  ["an HTML tag", /<\/?(code|wbr|details|summary|sub|br|a|img)\b[^>]*>/i],
  ["an HTML entity", /&(nbsp|lt|gt|amp|quot|#\d+|#x[0-9a-f]+);/i],
  ["a Markdown escape", /\\[_*`[\]|#<>~]/],
  ["bold", /\*\*/],
  ["a code fence", /^(```|~~~)/m],
  ["a heading", /^#{1,6} /m],
  ["a table row", /^\|.*\|$/m],
];

const dir = makeTempDir("fusion-terminal-");
beforeAll(() => ensureBuilt());

describe("--format text through dist/cli.js", () => {
  it.each(REAL_FILES)("%s: the golden text, with no HTML and no Markdown in it", async (stem) => {
    const file = fixture(`${stem}.otel.jsonl`);
    const run = await runCliBundle(["--format", "text", file], { cwd: dir });
    expect(run.code).toBe(stem.endsWith("success") && stem.startsWith("preview72") ? 0 : 1);
    expect(run.stdout).toBe(readFileSync(join(GOLDEN, `${stem}.txt`), "utf8"));
    for (const [what, pattern] of MARKUP) expect(run.stdout, what).not.toMatch(pattern);
    expect(run.stdout).not.toMatch(TERMINAL_CONTROLS);
    expect(run.stdout).not.toContain("\u001b");
  });

  it("coloured with FORCE_COLOR (the .ansi golden), plain again with FORCE_COLOR=0 or NO_COLOR", async () => {
    const file = fixture("preview120_build_success.otel.jsonl");
    const args = ["--format", "text", file];
    const forced = await runCliBundle(args, { cwd: dir, env: { FORCE_COLOR: "1" } });
    expect(forced.stdout).toBe(readFileSync(join(GOLDEN, "preview120_build_success.ansi"), "utf8"));
    expect(forced.stdout).toContain("\u001b[31m");
    const off = await runCliBundle(args, { cwd: dir, env: { FORCE_COLOR: "0" } });
    expect(off.stdout).not.toContain("\u001b");
    // NO_COLOR alone keeps a pipe plain anyway; that it wins on a terminal is tested below.
    const noColor = await runCliBundle(args, { cwd: dir, env: { NO_COLOR: "1" } });
    expect(noColor.stdout).not.toContain("\u001b");
  });

  it("is Markdown by default in a pipe, and --markdown FILE is Markdown whatever --format says", async () => {
    const file = fixture("preview72_failed.otel.jsonl");
    const piped = await runCliBundle(["--fail-on", "never", file], { cwd: dir });
    expect(piped.stdout).toMatch(/^## ⚠️ dbt Fusion: /);
    expect(piped.stdout).toContain("&nbsp;");
    const markdownFile = join(dir, "report.md");
    const text = await runCliBundle(
      ["--format", "text", "--markdown", markdownFile, "--fail-on", "never", file],
      {
        cwd: dir,
      },
    );
    expect(text.stdout).toMatch(/^⚠ dbt Fusion: /);
    expect(readFileSync(markdownFile, "utf8")).toBe(piped.stdout);
    const markdown = await runCliBundle(["--format", "markdown", "--fail-on", "never", file], { cwd: dir });
    expect(markdown.stdout).toBe(piped.stdout);
  });

  it("refuses an unknown format, naming the choices", async () => {
    const run = await runCliBundle(["--format", "html", fixture("preview72_failed.otel.jsonl")], {
      cwd: dir,
    });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--format must be one of text, markdown (got "html")');
    expect(run.stdout).toBe("");
  });

  it("wraps to COLUMNS when stdout is not a terminal", async () => {
    const file = fixture("preview120_build_success.otel.jsonl");
    const run = await runCliBundle(["--format", "text", "--fail-on", "never", file], {
      cwd: dir,
      env: { COLUMNS: "100" },
    });
    const rule = run.stdout.split("\n").find((line) => line.startsWith("── Errors"));
    expect([...(rule ?? "")]).toHaveLength(100);
  });
});

describe("hostile telemetry in the terminal report", () => {
  let telemetry: string;
  beforeAll(() => {
    telemetry = join(dir, "hostile.jsonl");
    writeFileSync(telemetry, hostileJsonl(HOSTILE_CORPUS));
  });

  it.each([
    ["coloured", { FORCE_COLOR: "1" }],
    ["plain", {}],
  ])(
    "%s: no control character, bidi override or escape sequence but the report's own colours",
    async (_, env) => {
      const run = await runCliBundle(["--format", "text", "--diagrams", telemetry], { cwd: dir, env });
      expect(run.code).toBe(1);
      const visible = run.stdout.replace(OWN_SEQUENCES, "");
      const found = [...visible].filter((ch) => TERMINAL_CONTROLS.test(ch)).map((ch) => ch.codePointAt(0));
      expect(found).toEqual([]);
      expect(run.stderr).not.toMatch(TERMINAL_CONTROLS);
      // The hostile text is there, shown: the terminal-clearing id and the right-to-left override.
      expect(visible).toContain("\\x1b]0;title\\x07\\x1b[2J cleared");
      expect(visible).toContain("nul\\x00byte and \\u202Eright-to-left");
      expect(visible).toContain("ctl1b\\x1b# [x](https://evil.example)");
      // No markup of ours: the corpus holds HTML and Markdown, shown as the text it is.
      expect(visible).not.toMatch(/<wbr>|&nbsp;|<code title=/);
      if (Object.keys(env).length > 0) expect(run.stdout).not.toBe(visible);
    },
  );
});

/** util-linux `script`: runs a command on a pseudo-terminal, as a person's shell would. */
function hasScript(): boolean {
  try {
    return execFileSync("script", ["--version"], { encoding: "utf8" }).includes("util-linux");
  } catch {
    return false;
  }
}

/** The CLI on a pseudo-terminal `columns` wide; the output with the terminal's CR LF made LF. */
function onTerminal(args: string[], env: Record<string, string>, columns = 80): Promise<string> {
  const quoted = [process.execPath, DIST_CLI, ...args].map((arg) => `'${arg.replace(/'/g, "'\\''")}'`);
  return new Promise((resolve, reject) => {
    execFile(
      "script",
      ["-qefc", `stty cols ${columns}; exec ${quoted.join(" ")}`, "/dev/null"],
      {
        cwd: dir,
        env: {
          PATH: [dirname(process.execPath), "/usr/bin", "/bin"].join(delimiter),
          HOME: dir,
          TERM: "xterm",
          ...env,
        },
        timeout: 30_000,
      },
      (error, stdout) => (error && error.code !== 1 ? reject(error) : resolve(stdout.replace(/\r\n/g, "\n"))),
    );
  });
}

describe.skipIf(!hasScript())("on a terminal (a pseudo-terminal from util-linux script)", () => {
  const file = fixture("preview120_build_success.otel.jsonl");

  it("prints the text report by default, coloured and as wide as the terminal", async () => {
    const out = await onTerminal([file], {}, 100);
    expect(out.startsWith("\u001b[31m✖\u001b[39m \u001b[1mdbt Fusion: ")).toBe(true);
    const plain = out.replace(OWN_SEQUENCES, "");
    expect(plain.split("\n").find((line) => line.startsWith("── Errors"))).toHaveLength(100);
    for (const [what, pattern] of MARKUP) expect(plain, what).not.toMatch(pattern);
  });

  it("without colour under NO_COLOR or TERM=dumb, and as Markdown with --format markdown", async () => {
    const golden = readFileSync(join(GOLDEN, "preview120_build_success.txt"), "utf8");
    expect(await onTerminal([file], { NO_COLOR: "1" })).toBe(golden);
    expect(await onTerminal([file], { TERM: "dumb" })).toBe(golden);
    expect(await onTerminal(["--format", "markdown", file], {})).toMatch(/^## ❌ dbt Fusion: /);
  });
});
