// Through dist/index.js: whatever throws where nobody expected it ends in the one `setFailed` of
// main.ts, with a message that says what happened, and never as an unhandled rejection (whose stack
// trace the runner prints without a `::error::` line, and without the step's own message).
import { mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { makeTempDir } from "../support/temp-dir.js";
import { ensureBuilt, fixture, runAction, tempFile } from "./helpers.js";

beforeAll(() => ensureBuilt(), 120_000);

/** GITHUB_OUTPUT pointing at a folder: every write of a step output throws EISDIR. */
function unwritableOutputs(): string {
  const dir = join(makeTempDir("fusion-e2e-outputs-"), "github_output");
  mkdirSync(dir);
  return dir;
}

function expectNoUnhandledRejection(stderr: string): void {
  expect(stderr).not.toMatch(/Unhandled|node:internal|^\s+at /m);
}

describe("Action (dist/index.js): unexpected errors", () => {
  it("a step output that cannot be written while reporting absent telemetry fails the step, clearly", async () => {
    const run = await runAction(null, {
      noServer: true,
      inputs: { telemetry: "nowhere/*.jsonl", "if-no-telemetry": "neutral", "github-token": "" },
      env: { GITHUB_OUTPUT: unwritableOutputs() },
    });
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/^::error::fusion-report stopped unexpectedly: .*EISDIR/m);
    expectNoUnhandledRejection(run.stderr);
    // What had been done before it stopped is still there, and the summary says it stopped.
    expect(run.summary).toContain("no telemetry found");
    expect(run.summary).toMatch(
      /^## ❌ dbt Fusion: stopped unexpectedly\n\n```text\nfusion-report stopped unexpectedly: .*EISDIR/m,
    );
  });

  it("a step output that cannot be written while publishing a report is a warning; the others go out", async () => {
    const telemetry = tempFile(
      "telemetry.jsonl",
      readFileSync(fixture("preview120_build_success.otel.jsonl")),
    );
    const run = await runAction(null, {
      noServer: true,
      inputs: { telemetry, "github-token": "" },
      env: { GITHUB_OUTPUT: unwritableOutputs() },
    });
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(
      /^::warning::Could not publish the step outputs: .*github_output \(GITHUB_OUTPUT\): it is a directory; no step output was set$/m,
    );
    expect(run.stdout).toMatch(/^::error::dbt Fusion: /m);
    expect(run.summary).toContain("dbt Fusion");
    expectNoUnhandledRejection(run.stderr);
  });
});

describe("Action (dist/index.js): a job summary it cannot write", () => {
  it("on a full disk is a warning naming the file; the outputs and files still go out, the step follows fail-on", async () => {
    const telemetry = tempFile(
      "telemetry.jsonl",
      readFileSync(fixture("preview120_build_success.otel.jsonl")),
    );
    const run = await runAction(null, {
      noServer: true,
      inputs: { telemetry, "github-token": "", "fail-on": "never" },
      env: { GITHUB_STEP_SUMMARY: "/dev/full" },
    });
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(
      /^::warning::Could not publish the job summary: \/dev\/full \(GITHUB_STEP_SUMMARY\): no space left on the device$/m,
    );
    expect(run.outputs.conclusion).toBe("neutral");
    expect(readFileSync(run.outputs["report-json"]!, "utf8")).toContain('"schemaVersion": 1');
    expectNoUnhandledRejection(run.stderr);
  });
});

describe("Action (dist/index.js): step outputs it cannot write", () => {
  it("on a full disk is a warning naming the file; the summary and files still go out, the step follows fail-on", async () => {
    const telemetry = tempFile(
      "telemetry.jsonl",
      readFileSync(fixture("preview120_build_success.otel.jsonl")),
    );
    const run = await runAction(null, {
      noServer: true,
      inputs: { telemetry, "github-token": "", "fail-on": "never", "json-report": "report.json" },
      env: { GITHUB_OUTPUT: "/dev/full" },
    });
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(
      /^::warning::Could not publish the step outputs: \/dev\/full \(GITHUB_OUTPUT\): no space left on the device; no step output was set$/m,
    );
    expect(run.summary).toContain("dbt Fusion: 1 node error, 1 failed test");
    expectNoUnhandledRejection(run.stderr);
  });
});

describe("Action (dist/index.js): an input it cannot use", () => {
  it("fails the step, says so in the job summary under the check name, and sets the conclusion", async () => {
    const run = await runAction(null, {
      noServer: true,
      inputs: {
        telemetry: "logs/*.jsonl",
        "fail-on": "sometimes",
        "check-name": "dbt (prod)",
        "github-token": "",
      },
    });
    expect(run.code).toBe(1);
    const problem =
      "input 'fail-on': 'sometimes' is not allowed; use one of: errors, warnings, never, new-errors";
    expect(run.stdout).toContain(`::error::${problem}`);
    expect(run.summary).toBe(
      `## ❌ dbt (prod): an input cannot be used\n\n\`\`\`text\n${problem}\n\`\`\`\n\n`,
    );
    expect(run.outputs.conclusion).toBe("failure");
    expectNoUnhandledRejection(run.stderr);
  });

  it("writes no job summary when job-summary is false, even with another input wrong", async () => {
    const run = await runAction(null, {
      noServer: true,
      inputs: { "max-annotations": "-3", "job-summary": "false", "github-token": "" },
    });
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/^::error::input 'max-annotations': /m);
    expect(run.summary).toBe("");
    expect(run.outputs.conclusion).toBe("failure");
  });
});
