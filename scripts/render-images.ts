// Renders the comment a reviewer reads, the way GitHub shows it, to the PNGs in docs/images (issue
// 14). Needs Chromium and the comment renderer (../shared/tools/comment-render, see its README), so
// it is kept out of the test suite and CI; test/docs.test.ts checks that the committed images
// were rendered from the current golden files (docs/images/manifest.json). The renderer must keep
// <wbr> as GitHub does: the script tries it first and stops, touching nothing in docs/images, with
// the one line to add to the renderer when it does not.
//
//   npx tsx scripts/render-images.ts --renderer /path/to/comment-render/render.mjs
//       renders the golden comments (test/golden/comments/*.md) and a generated 20,000-node build
//       run through dist/index.js, at 780 and 900 px, into docs/images/, and writes the manifest.
//   npx tsx scripts/render-images.ts --renderer … --before OLD/dist/index.js
//       renders the same four views from an older build's Action into docs/images/before/ (780 px).
import { execFile, execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { format } from "prettier";
import { FakeGitHub } from "../test/support/github-server.js";
import {
  baselineComparisonScenarios,
  largeBuildScenario,
  PREVIEW120_BUILD,
  REAL_FOUR_INVOCATIONS,
  writeScenarioJsonl,
} from "./render-images-views.js";

const ROOT = resolve(import.meta.dirname, "..");
const IMAGES = join(ROOT, "docs", "images");
const MARKER = /\n*<!-- fusion-report:[^>]*-->\s*$/;

/** The golden comments the README shows, by view name; the check run's summary at the Checks tab's width. */
export const GOLDEN_VIEWS: Record<string, { source: string; widths?: number[] }> = {
  "preview120-build": { source: "test/golden/comments/preview120-build.md" },
  "real-four-invocations": { source: "test/golden/comments/real-four-invocations.md" },
  "baseline-400": { source: "test/golden/comments/baseline-400.md" },
  "preview120-check": { source: "test/golden/comments/preview120-build.check.md", widths: [680] },
};

interface Options {
  renderer: string;
  widths: number[];
  work: string;
  /** View names to render; all when empty. */
  only: string[];
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      renderer: { type: "string" },
      before: { type: "string" },
      widths: { type: "string" },
      only: { type: "string" },
    },
  });
  if (!values.renderer) throw new Error("--renderer /path/to/comment-render/render.mjs is required");
  const work = mkdtempSync(join(tmpdir(), "fusion-report-images-"));
  try {
    checkRenderer(resolve(values.renderer), work);
    const before = values.before ? resolve(values.before) : null;
    const options: Options = {
      renderer: resolve(values.renderer),
      widths: (values.widths ?? (before ? "780" : "780,900")).split(",").map(Number),
      work,
      only: values.only ? values.only.split(",") : [],
    };
    if (before) await renderBefore(before, options);
    else await renderAfter(options);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** The four views from another build's Action (its comment as posted, marker removed). */
async function renderBefore(indexJs: string, options: Options): Promise<void> {
  const out = join(IMAGES, "before");
  mkdirSync(out, { recursive: true });
  const cliJs = join(dirname(indexJs), "cli.js");
  const views = await viewTelemetry(options.work, cliJs);
  for (const [name, inputs] of Object.entries(views)) {
    const markdown = await actionComment(indexJs, inputs, options.work);
    renderPngs(name, markdown, out, options);
  }
}

/** The golden comments, and the 20,000-node build through this repository's dist/index.js. */
async function renderAfter(options: Options): Promise<void> {
  mkdirSync(IMAGES, { recursive: true });
  const manifest: Record<string, { source: string; sha256: string; widths: number[] }> = {};
  for (const [name, view] of Object.entries(GOLDEN_VIEWS)) {
    const markdown = readFileSync(join(ROOT, view.source), "utf8");
    const widths = view.widths ?? options.widths;
    renderPngs(name, markdown, IMAGES, { ...options, widths });
    manifest[name] = { source: view.source, sha256: sha256(markdown), widths };
  }
  if (options.only.length === 0 || options.only.includes("large-20000")) {
    const large = join(options.work, "large-20000.jsonl");
    await writeScenarioJsonl(largeBuildScenario(), large);
    const markdown = await actionComment(join(ROOT, "dist", "index.js"), { telemetry: large }, options.work);
    renderPngs("large-20000", markdown, IMAGES, options);
    manifest["large-20000"] = { source: "dist/index.js", sha256: sha256(markdown), widths: options.widths };
  }
  // A partial run (--only) leaves the manifest as it was.
  if (options.only.length === 0) {
    // In the repository's style, so `npm run lint` accepts it as written.
    writeFileSync(join(IMAGES, "manifest.json"), await format(JSON.stringify(manifest), { parser: "json" }));
  }
}

/** Action inputs of each view; the baseline report is made by the same build's CLI. */
async function viewTelemetry(work: string, cliJs: string): Promise<Record<string, Record<string, string>>> {
  const { base, head } = baselineComparisonScenarios();
  const baseFile = join(work, "base.jsonl");
  const headFile = join(work, "head.jsonl");
  const large = join(work, "large-20000.jsonl");
  await writeScenarioJsonl(base, baseFile);
  await writeScenarioJsonl(head, headFile);
  await writeScenarioJsonl(largeBuildScenario(), large);
  // The comment names the baseline file: give it the name a workflow would.
  const baselineReport = join(work, "base-report.json");
  execFileSync(process.execPath, [
    cliJs,
    "--quiet",
    "--fail-on",
    "never",
    "--json",
    baselineReport,
    baseFile,
  ]);
  return {
    "preview120-build": { telemetry: PREVIEW120_BUILD.map((f) => join(ROOT, f)).join("\n") },
    "real-four-invocations": { telemetry: REAL_FOUR_INVOCATIONS.map((f) => join(ROOT, f)).join("\n") },
    "baseline-400": { telemetry: headFile, baseline: "../base-report.json" },
    "large-20000": { telemetry: large },
  };
}

/**
 * The comment a build's Action posts on a pull request (marker removed): `node dist/index.js` as the
 * runner starts it, against the GitHub stand-in. (test/e2e/helpers.ts does the same for the tests,
 * but needs vitest.)
 */
async function actionComment(indexJs: string, inputs: Record<string, string>, work: string): Promise<string> {
  const server = await FakeGitHub.start("acme", "analytics");
  const workspace = mkdtempSync(join(work, "workspace-"));
  try {
    const file = (name: string, content: string): string => {
      writeFileSync(join(workspace, name), content);
      return join(workspace, name);
    };
    const headSha = "3f1c2e9a7b6d5c4e3f2a1b0c9d8e7f6a5b4c3d2e";
    const pr = { number: 418, head: { sha: headSha, ref: "feature", repo: { full_name: "acme/analytics" } } };
    const env: Record<string, string> = {
      PATH: process.env.PATH ?? "",
      HOME: workspace,
      GITHUB_ACTIONS: "true",
      GITHUB_REPOSITORY: "acme/analytics",
      GITHUB_EVENT_NAME: "pull_request",
      GITHUB_EVENT_PATH: file("event.json", JSON.stringify({ number: 418, pull_request: pr })),
      GITHUB_SHA: "1".repeat(40),
      GITHUB_REF: "refs/pull/418/merge",
      GITHUB_SERVER_URL: "https://github.com",
      GITHUB_API_URL: server.url,
      GITHUB_RUN_ID: "9876543210",
      GITHUB_RUN_ATTEMPT: "1",
      GITHUB_WORKSPACE: workspace,
      GITHUB_STEP_SUMMARY: file("summary.md", ""),
      GITHUB_OUTPUT: file("output", ""),
      RUNNER_TEMP: workspace,
      "INPUT_GITHUB-TOKEN": "ghs_renderImagesToken0123456789",
      // The stand-in answers at once; a retried request need not wait as it would on github.com.
      FUSION_REPORT_TEST_FAST_RETRY: "1",
    };
    for (const [name, value] of Object.entries(inputs)) env[`INPUT_${name.toUpperCase()}`] = value;
    // Asynchronously: the stand-in answers from this process's event loop.
    const run = await new Promise<{ stdout: string; stderr: string }>((resolve) =>
      execFile(
        process.execPath,
        [indexJs],
        { cwd: workspace, env, maxBuffer: 1 << 28, timeout: 180_000 },
        (_error, stdout, stderr) => resolve({ stdout, stderr }),
      ),
    );
    const body = server.comments[0]?.body;
    if (!body) throw new Error(`no comment was posted:\n${run.stdout}\n${run.stderr}`);
    return `${body.replace(MARKER, "")}\n`;
  } finally {
    await server.close();
  }
}

/**
 * `<name>-<width>.png` as posted and `<name>-<width>-expanded.png` with every <details> open (left
 * out when there is none), squeezed with pngquant when it is installed (text stays sharp).
 */
function renderPngs(name: string, markdown: string, out: string, options: Options): void {
  if (options.only.length > 0 && !options.only.includes(name)) return;
  const source = join(options.work, `${name}.md`);
  writeFileSync(source, markdown);
  for (const width of options.widths) {
    const png = join(out, `${name}-${width}.png`);
    const expanded = png.replace(/\.png$/, "-expanded.png");
    const html = join(options.work, `${name}-${width}.html`);
    const result = JSON.parse(
      execFileSync(
        process.execPath,
        [options.renderer, source, png, "--width", String(width), "--strict", "--html", html],
        { encoding: "utf8" },
      ),
    ) as { height: number; expandedHeight: number; details: { all: number } };
    if (markdown.includes("<wbr>") && !readFileSync(html, "utf8").includes("<wbr")) {
      throw new Error(dropsWbr(options.renderer));
    }
    if (result.details.all === 0) rmSync(expanded, { force: true });
    for (const file of result.details.all === 0 ? [png] : [png, expanded]) squeeze(file);
    console.log(`${png}: ${width}x${result.height} px, expanded ${result.expandedHeight} px`);
  }
}

/**
 * GitHub keeps `<wbr>` (a line-break opportunity in long names; it is on GitHub's HTML allowlist),
 * rehype-sanitize's default schema does not, and an unpatched copy of comment-render drops it: long
 * names would not wrap in the images as they do on GitHub. Tried on a one-line comment before any
 * image is written.
 */
function checkRenderer(renderer: string, work: string): void {
  const source = join(work, "wbr-probe.md");
  const html = join(work, "wbr-probe.html");
  writeFileSync(source, "a_long_name<wbr>_that_wraps\n");
  execFileSync(process.execPath, [renderer, source, join(work, "wbr-probe.png"), "--html", html], {
    encoding: "utf8",
  });
  if (!readFileSync(html, "utf8").includes("<wbr")) throw new Error(dropsWbr(renderer));
}

function dropsWbr(renderer: string): string {
  return [
    `${renderer} drops <wbr>, which GitHub keeps (it is on GitHub's HTML allowlist), so long names would not`,
    "wrap in the images as they do on GitHub. Nothing was rendered. Patch that copy of render.mjs: in the",
    "sanitize schema, `const schema = { ...defaultSchema, … }`, add the line",
    "",
    "  tagNames: [...defaultSchema.tagNames, 'wbr'],",
    "",
    "then run this script again.",
  ].join("\n");
}

function squeeze(png: string): void {
  try {
    execFileSync("pngquant", [
      "--quality",
      "80-95",
      "--speed",
      "1",
      "--strip",
      "--force",
      "--output",
      png,
      png,
    ]);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
}

function sha256(text: string): string {
  return createHash("sha256").update(text).digest("hex");
}

try {
  await main();
} catch (error) {
  // The message says what to do; a stack trace would bury it.
  console.error(`render-images: ${(error as Error).message}`);
  process.exitCode = 1;
}
