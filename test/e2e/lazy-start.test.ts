// The artifact client and undici (the dbt platform's HTTP client) are chunks of dist/, loaded only by
// a run that uses them: a run on local telemetry starts without parsing them. Checked by running
// the bundles from a copy of dist/ that lacks those chunks (and no node_modules above it).
import { execFile } from "node:child_process";
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureBuilt, fixture, REPO_ROOT, runAction, startServer } from "./helpers.js";

let root: string;
const chunks = (): string[] =>
  readdirSync(join(REPO_ROOT, "dist")).filter((name) => /^\d+\.\w+\.js$/.test(name));
const holding = (text: string): string[] =>
  chunks().filter((name) => readFileSync(join(REPO_ROOT, "dist", name), "utf8").includes(text));

beforeAll(() => {
  ensureBuilt();
  root = mkdtempSync(join(tmpdir(), "fusion-lazy-"));
  cpSync(join(REPO_ROOT, "dist"), join(root, "dist"), { recursive: true });
  for (const name of chunks()) rmSync(join(root, "dist", name));
}, 120_000);
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("lazily loaded chunks", () => {
  it("keep the artifact client and undici out of the entry files", () => {
    const artifactChunks = holding("BlobServiceClient");
    expect(artifactChunks.length).toBeGreaterThan(0);
    expect(artifactChunks.every((name) => name.endsWith(".index.js"))).toBe(true);
    expect(holding("class Agent extends DispatcherBase").length).toBeGreaterThan(0);
    for (const entry of ["index.js", "cli.js"]) {
      const code = readFileSync(join(REPO_ROOT, "dist", entry), "utf8");
      expect(code, entry).not.toContain("BlobServiceClient");
    }
  });

  it("the CLI reads local telemetry without them", async () => {
    const run = await new Promise<{ code: number; stdout: string }>((resolve) => {
      execFile(
        process.execPath,
        [join(root, "dist", "cli.js"), "--fail-on", "never", fixture("preview120_failed.otel.jsonl")],
        { cwd: root, timeout: 30_000 },
        (error, stdout) => resolve({ code: error ? Number(error.code) : 0, stdout }),
      );
    });
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^## /);
  });

  it("the Action reports local telemetry without them", async () => {
    const server = await startServer();
    try {
      const run = await runAction(server, {
        script: join(root, "dist", "index.js"),
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
});
