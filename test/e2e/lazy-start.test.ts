// The artifact client, undici (the dbt platform's HTTP client), the GitHub client (@actions/github,
// Octokit), tinyglobby and the Parquet codecs other than Snappy are chunks of dist/, loaded only by a
// run that uses them: a run on local telemetry files starts without parsing them, and one without a
// token never loads the GitHub client. Checked by running the bundles from a copy of dist/ that
// lacks those chunks (and no node_modules above it).
import { execFile } from "node:child_process";
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SIDE_EFFECT_FREE } from "../../scripts/side-effect-free.mjs";
import { ensureBuilt, fixture, REPO_ROOT, runAction, startServer } from "./helpers.js";

/** dist/ without the chunks the GitHub client needs, and dist/ without any chunk. */
let withGitHubClient: string;
let withoutChunks: string;
const chunks = (): string[] =>
  readdirSync(join(REPO_ROOT, "dist")).filter((name) => /^\d+\.\w+\.js$/.test(name));
const holds = (name: string, text: string): boolean =>
  readFileSync(join(REPO_ROOT, "dist", name), "utf8").includes(text);
const holding = (text: string): string[] => chunks().filter((name) => holds(name, text));
const ARTIFACT_CLIENT = "BlobServiceClient";
const GITHUB_CLIENT = "getOctokit";
/** undici: the dbt platform's client, and what @actions/core's unused getIDToken would bring along. */
const UNDICI = "class Agent extends DispatcherBase";
/** hyparquet-compressors (gzip, Brotli, zstd, LZ4): loaded only for a file that uses one of them. */
const OTHER_CODECS = "function decompressLz4Raw";

function copyDist(keep: (chunk: string) => boolean): string {
  const root = mkdtempSync(join(tmpdir(), "fusion-lazy-"));
  cpSync(join(REPO_ROOT, "dist"), join(root, "dist"), { recursive: true });
  for (const name of chunks()) if (!keep(name)) rmSync(join(root, "dist", name));
  return root;
}

/** dist/cli.js from the copy without chunks, on one telemetry file. */
function cliWithoutChunks(telemetry: string): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [join(withoutChunks, "dist", "cli.js"), "--fail-on", "never", telemetry],
      { cwd: withoutChunks, timeout: 30_000 },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code) : 0, stdout, stderr }),
    );
  });
}

beforeAll(() => {
  ensureBuilt();
  withGitHubClient = copyDist(
    (name) => name.endsWith(".index.js") && holds(name, GITHUB_CLIENT) && !holds(name, ARTIFACT_CLIENT),
  );
  withoutChunks = copyDist(() => false);
}, 120_000);
afterAll(() => {
  for (const root of [withGitHubClient, withoutChunks]) rmSync(root, { recursive: true, force: true });
});

describe("lazily loaded chunks", () => {
  it("keep the artifact client, undici, the GitHub client, the glob matcher and the other codecs out of the entry files", () => {
    const artifactChunks = holding(ARTIFACT_CLIENT);
    expect(artifactChunks.length).toBeGreaterThan(0);
    expect(artifactChunks.every((name) => name.endsWith(".index.js"))).toBe(true);
    expect(holding(UNDICI).length).toBeGreaterThan(0);
    expect(holding(GITHUB_CLIENT).filter((name) => !artifactChunks.includes(name)).length).toBeGreaterThan(0);
    for (const entry of ["index.js", "cli.js"]) {
      const code = readFileSync(join(REPO_ROOT, "dist", entry), "utf8");
      expect(code, entry).not.toContain(ARTIFACT_CLIENT);
      expect(code, entry).not.toContain(GITHUB_CLIENT);
      expect(code, entry).not.toContain(UNDICI);
      expect(code, entry).not.toContain("picomatch"); // tinyglobby: only for a path that is a glob
      expect(code, entry).not.toContain(OTHER_CODECS);
    }
  });

  it("undici stays out because the packages the build calls side-effect free are the versions read for it", () => {
    for (const { name, checked } of SIDE_EFFECT_FREE) {
      const manifest = JSON.parse(
        readFileSync(join(REPO_ROOT, "node_modules", name, "package.json"), "utf8"),
      );
      expect(
        manifest.version,
        `${name}: read its modules again, then update scripts/side-effect-free.mjs`,
      ).toBe(checked);
      // The build restores the file: no flag is left behind in node_modules.
      expect(manifest.sideEffects, name).toBeUndefined();
    }
  });

  it("the CLI reads local telemetry without them", async () => {
    const run = await cliWithoutChunks(fixture("preview120_failed.otel.jsonl"));
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^## /);
  });

  it("the CLI reads Snappy Parquet (what the engine writes) without them", async () => {
    const run = await cliWithoutChunks(fixture("parquet-replica/preview120_failed.REPLICA.parquet"));
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("1 node error, 1 failed test");
  });

  it("the Action reports local telemetry on GitHub with only the GitHub client's chunks", async () => {
    const server = await startServer();
    try {
      const run = await runAction(server, {
        script: join(withGitHubClient, "dist", "index.js"),
        inputs: { telemetry: fixture("preview120_failed.otel.jsonl"), "fail-on": "never" },
      });
      try {
        expect(run.stderr).not.toMatch(/Cannot find module|ERR_MODULE_NOT_FOUND/);
        expect(run.code).toBe(0);
        expect(server.checkRuns).toHaveLength(1);
      } finally {
        rmSync(run.workspace, { recursive: true, force: true });
      }
    } finally {
      await server.close();
    }
  });

  it("the Action without a token writes its job summary without any chunk", async () => {
    const run = await runAction(null, {
      script: join(withoutChunks, "dist", "index.js"),
      inputs: { telemetry: fixture("preview120_failed.otel.jsonl"), "fail-on": "never", "github-token": "" },
    });
    try {
      expect(run.stderr).not.toMatch(/Cannot find module|ERR_MODULE_NOT_FOUND/);
      expect(run.code).toBe(0);
      expect(run.summary).toMatch(/^## /m);
    } finally {
      rmSync(run.workspace, { recursive: true, force: true });
    }
  });
});
