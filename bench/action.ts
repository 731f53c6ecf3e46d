// Builds of the Action (`dist/index.js` and another) on telemetry files, as a pull request's step
// runs them: comment, check run and job summary published to the tests' GitHub stand-in, which runs
// in this process. Runs interleaved (A B, B A, …); prints each side's medians: wall time around the
// spawn, and CPU time and peak RSS of the Action's process measured from outside it, as measure.ts
// does. Not measure.ts's runOnce: it waits synchronously, and the stand-in in this process must
// answer the Action meanwhile.
//
//   npx tsx bench/action.ts [--runs 15] --a .bench/before/index.js [--b dist/index.js] FILE...
import { execFile } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { FakeGitHub } from "../test/support/github-server.js";
import { launcherFigures, measuredCommand, median } from "./measure.js";

const { values, positionals } = parseArgs({
  options: {
    a: { type: "string" },
    b: { type: "string", default: "dist/index.js" },
    runs: { type: "string", default: "15" },
  },
  allowPositionals: true,
});
if (!values.a || positionals.length === 0) {
  throw new Error("usage: tsx bench/action.ts [--runs N] --a INDEX_A [--b INDEX_B] FILE...");
}
/** The `telemetry` input: the files, one per line. */
const telemetry = positionals.map((file) => path.resolve(file)).join("\n");

interface Step {
  wallMs: number;
  cpuMs: number;
  rssMb: number;
}

const PR = 418;
const HEAD_SHA = "3f1c2e9a7b6d5c4e3f2a1b0c9d8e7f6a5b4c3d2e";

/** One step of the Action on `telemetry`, in a fresh workspace, against `api`. */
async function step(script: string, api: string): Promise<Step> {
  const workspace = mkdtempSync(path.join(tmpdir(), "fusion-bench-action-"));
  try {
    const temp = path.join(workspace, "_temp");
    mkdirSync(temp);
    const event = path.join(temp, "event.json");
    writeFileSync(
      event,
      JSON.stringify({
        number: PR,
        pull_request: {
          number: PR,
          head: { sha: HEAD_SHA, ref: "feature", repo: { full_name: "acme/analytics" } },
          base: { sha: "0".repeat(40), ref: "main", repo: { full_name: "acme/analytics" } },
        },
        repository: { full_name: "acme/analytics" },
      }),
    );
    for (const file of ["summary", "output"]) writeFileSync(path.join(temp, file), "");
    const env: Record<string, string> = {
      PATH: process.env.PATH ?? "",
      HOME: workspace,
      CI: "true",
      GITHUB_ACTIONS: "true",
      GITHUB_API_URL: api,
      GITHUB_REPOSITORY: "acme/analytics",
      GITHUB_REPOSITORY_OWNER: "acme",
      GITHUB_EVENT_NAME: "pull_request",
      GITHUB_EVENT_PATH: event,
      GITHUB_SHA: "1".repeat(40),
      GITHUB_REF: `refs/pull/${PR}/merge`,
      GITHUB_SERVER_URL: "https://github.com",
      GITHUB_RUN_ID: "9876543210",
      GITHUB_RUN_ATTEMPT: "1",
      GITHUB_WORKSPACE: workspace,
      GITHUB_STEP_SUMMARY: path.join(temp, "summary"),
      GITHUB_OUTPUT: path.join(temp, "output"),
      RUNNER_TEMP: temp,
      // The stand-in answers at once; no retry needs a real pause.
      FUSION_REPORT_TEST_FAST_RETRY: "1",
      INPUT_TELEMETRY: telemetry,
      "INPUT_GITHUB-TOKEN": "ghs_benchTokenValue0123456789abcdefABCDEF",
      "INPUT_CHECK-NAME": "dbt Fusion",
      "INPUT_FAIL-ON": "never",
    };
    const [file, ...args] = measuredCommand([process.execPath, path.resolve(script)]);
    const started = performance.now();
    const stderr = await new Promise<string>((resolve, reject) =>
      // In the workspace, as a runner starts a step: relative paths resolve there, not in this repository.
      execFile(file!, args, { env, cwd: workspace, maxBuffer: 1 << 28 }, (error, stdout, stderr) =>
        error
          ? reject(new Error(`${script} failed: ${stdout.slice(-2000)}${stderr.slice(-2000)}`))
          : resolve(stderr),
      ),
    );
    const wallMs = performance.now() - started;
    const { cpuMs, rssMb } = launcherFigures(stderr);
    if (Number.isNaN(rssMb))
      throw new Error(`${script}: no peak RSS after its output: ${stderr.slice(-2000)}`);
    return { wallMs, cpuMs, rssMb };
  } finally {
    rmSync(workspace, { recursive: true, force: true });
  }
}

const github = await FakeGitHub.start();
try {
  const sides = { a: values.a, b: values.b } as const;
  const steps: Record<"a" | "b", Step[]> = { a: [], b: [] };
  for (let i = 0; i < Number(values.runs); i++) {
    for (const side of i % 2 === 0 ? (["a", "b"] as const) : (["b", "a"] as const)) {
      steps[side].push(await step(sides[side], github.url));
    }
  }
  const medians = (side: "a" | "b") => ({
    wall: median(steps[side].map((s) => s.wallMs)),
    cpu: median(steps[side].map((s) => s.cpuMs)),
    rss: median(steps[side].map((s) => s.rssMb)),
  });
  const [a, b] = [medians("a"), medians("b")];
  for (const side of ["a", "b"] as const) {
    const m = side === "a" ? a : b;
    console.log(
      `  ${side} ${sides[side]}: median ${m.wall.toFixed(0)} ms, CPU ${m.cpu.toFixed(0)} ms, ${m.rss.toFixed(0)} MiB; ` +
        `runs ${steps[side].map((s) => s.wallMs.toFixed(0)).join(" ")} ms`,
    );
  }
  console.log(
    `  b/a: wall ${(b.wall / a.wall).toFixed(3)}×, CPU ${(b.cpu / a.cpu).toFixed(3)}×, RSS ${(b.rss / a.rss).toFixed(3)}×`,
  );
} finally {
  await github.close();
}
