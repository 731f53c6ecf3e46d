import { readFileSync } from "node:fs";
import { inspect } from "node:util";
import { describe, expect, it } from "vitest";
import { INPUT, InputError, OUTPUT, readInputs } from "../../src/inputs.js";

const TOKEN = "ghs_secretsecretsecretsecret000";
const getter =
  (values: Record<string, string>) =>
  (name: string): string =>
    values[name] ?? "";

// Top-level keys under `inputs:` / `outputs:` in action.yml (two-space indented names).
function actionKeys(section: "inputs" | "outputs"): string[] {
  const yml = readFileSync(new URL("../../action.yml", import.meta.url), "utf8");
  const block = yml.split(new RegExp(`^${section}:\\n`, "m"))[1]!.split(/^\S/m)[0]!;
  return [...block.matchAll(/^ {2}([a-z0-9-]+):/gm)].map((m) => m[1]!);
}

function actionDefault(name: string): string | undefined {
  const yml = readFileSync(new URL("../../action.yml", import.meta.url), "utf8");
  const m = new RegExp(`^ {2}${name}:\\n(?: {4}.*\\n)*? {4}default: "?([^"\\n]*)"?`, "m").exec(yml);
  return m?.[1];
}

describe("action.yml", () => {
  it("declares exactly the inputs and outputs inputs.ts knows", () => {
    expect(actionKeys("inputs").sort()).toEqual(Object.values(INPUT).sort());
    expect(actionKeys("outputs").sort()).toEqual(Object.values(OUTPUT).sort());
  });

  it("runs on node24 from dist/index.js", () => {
    const yml = readFileSync(new URL("../../action.yml", import.meta.url), "utf8");
    expect(yml).toMatch(/using: "node24"\n\s+main: "dist\/index.js"/);
  });

  it("has the same defaults as readInputs for scalar inputs", () => {
    const defaults = readInputs(getter({}), { RUNNER_TEMP: "/tmp/runner" });
    expect(actionDefault("check-name")).toBe(defaults.checkName);
    expect(actionDefault("fail-on")).toBe(defaults.failOn);
    expect(actionDefault("comment")).toBe(defaults.comment);
    expect(actionDefault("max-annotations")).toBe(String(defaults.maxAnnotations));
    expect(actionDefault("if-no-telemetry")).toBe(defaults.ifNoTelemetry);
  });
});

describe("readInputs", () => {
  it("applies defaults when nothing is set (CLI, tests)", () => {
    const inputs = readInputs(getter({}), { RUNNER_TEMP: "/tmp/runner" });
    expect(inputs).toEqual({
      telemetry: ["target/metadata/*.parquet", "logs/*.jsonl"],
      checkName: "dbt Fusion",
      failOn: "errors",
      comment: "always",
      projectDir: ".",
      maxAnnotations: 50,
      slowest: 10,
      runResults: null,
      jsonReport: "/tmp/runner/fusion-report.json",
      markdownReport: null,
      ifNoTelemetry: "error",
      checkRun: true,
      jobSummary: true,
      annotations: true,
      dbtCloud: { baseUrl: "", accountId: "", runId: "", jobId: "", wait: false, maxWaitMinutes: 30 },
      artifactName: null,
      artifactRunId: null,
      artifactTimeoutMinutes: 10,
      uploadArtifact: null,
      baseline: null,
      baselineArtifact: null,
      baselineWorkflow: null,
      regressionThreshold: 50,
      regressionMinSeconds: 1,
      diagrams: true,
      junit: null,
    });
    expect(Object.isFrozen(inputs)).toBe(true);
    expect(Object.isFrozen(inputs.telemetry)).toBe(true);
  });

  it("parses every kind of value", () => {
    const inputs = readInputs(
      getter({
        [INPUT.telemetry]: "\n a.jsonl \n\ntarget/metadata/\n",
        [INPUT.failOn]: "Warnings",
        [INPUT.comment]: "on-failure",
        [INPUT.maxAnnotations]: "120",
        [INPUT.checkRun]: "FALSE",
        [INPUT.dbtCloudWait]: "true",
        [INPUT.dbtCloudMaxWaitMinutes]: "12.5",
        [INPUT.artifactRunId]: "18123456789",
        [INPUT.runResults]: "target/run_results.json",
        [INPUT.baselineArtifact]: " fusion-report-main ",
        [INPUT.baselineWorkflow]: "dbt-main.yml",
      }),
      {},
    );
    expect(inputs).toMatchObject({
      telemetry: ["a.jsonl", "target/metadata/"],
      failOn: "warnings",
      comment: "on-failure",
      maxAnnotations: 120,
      checkRun: false,
      dbtCloud: { wait: true, maxWaitMinutes: 12.5 },
      artifactRunId: "18123456789",
      runResults: "target/run_results.json",
      baselineArtifact: "fusion-report-main",
      baselineWorkflow: "dbt-main.yml",
    });
  });

  it.each([
    [
      INPUT.failOn,
      "sometimes",
      /input 'fail-on': 'sometimes' is not allowed; use one of: errors, warnings, never, new-errors/,
    ],
    [INPUT.comment, "yes", /input 'comment': .*always, on-failure, off/],
    [INPUT.ifNoTelemetry, "ignore", /input 'if-no-telemetry': .*error, neutral, warn/],
    [INPUT.maxAnnotations, "many", /input 'max-annotations': 'many' is not a whole number ≥ 0/],
    [INPUT.slowest, "-1", /input 'slowest'/],
    [INPUT.maxAnnotations, "2.5", /whole number/],
    [INPUT.jobSummary, "yes", /input 'job-summary': 'yes' is not a boolean; use true or false/],
    [INPUT.artifactRunId, "abc", /input 'artifact-run-id'/],
    [INPUT.dbtCloudMaxWaitMinutes, "0", /input 'dbt-cloud-max-wait-minutes'/],
    [
      INPUT.artifactTimeoutMinutes,
      "0",
      /input 'artifact-timeout-minutes': '0' is not a number from 0.01 to 360/,
    ],
    [INPUT.artifactTimeoutMinutes, "ten", /input 'artifact-timeout-minutes'/],
  ])("rejects %s=%s naming the input and allowed values", (name, value, message) => {
    expect(() => readInputs(getter({ [name]: value }), {})).toThrow(InputError);
    expect(() => readInputs(getter({ [name]: value }), {})).toThrow(message);
  });

  it("returns tokens but never prints them", () => {
    const inputs = readInputs(
      getter({ [INPUT.githubToken]: TOKEN, [INPUT.dbtCloudToken]: "dbtc_secret" }),
      {},
    );
    expect(inputs.githubToken).toBe(TOKEN);
    expect(inputs.dbtCloud.token).toBe("dbtc_secret");
    expect(JSON.stringify(inputs)).not.toContain(TOKEN);
    expect(inspect(inputs, { depth: 5 })).not.toContain(TOKEN);
    expect(JSON.stringify(inputs)).not.toContain("dbtc_secret");
  });
});
