import { readFileSync } from "node:fs";
import { inspect } from "node:util";
import { describe, expect, it } from "vitest";
import type { RunContext } from "../../src/github/context.js";
import {
  dbtCloudSettingsOf,
  INPUT,
  inputWarnings,
  InputError,
  OUTPUT,
  outrankedSourceInputs,
  readInputs,
  telemetryPatterns,
  unreadBaselineInputs,
  unusedSourceInputs,
} from "../../src/inputs.js";
import { DbtCloudSettingsError } from "../../src/sources/dbt-cloud/errors.js";

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
    // inputWarnings takes a value other than readInputs' default for one set by the workflow.
    expect(actionDefault("regression-threshold")).toBe(String(defaults.regressionThreshold));
    expect(actionDefault("regression-min-seconds")).toBe(String(defaults.regressionMinSeconds));
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
    // Names GitHub refuses: the upload would fail only after the report, a download would find nothing.
    [
      INPUT.uploadArtifact,
      "reports/fusion",
      /input 'upload-artifact': 'reports\/fusion' cannot be an artifact's name: GitHub allows none of " : < > \| \* \? \\ \/ or a line break/,
    ],
    [
      INPUT.artifactName,
      "dbt:telemetry",
      /input 'artifact-name': 'dbt:telemetry' cannot be an artifact's name/,
    ],
    [
      INPUT.baselineArtifact,
      "main\nreport",
      /input 'baseline-artifact': 'main\nreport' cannot be an artifact's name/,
    ],
    [
      INPUT.artifactRunId,
      "0",
      /input 'artifact-run-id': '0' is not a workflow run id \(a whole number from 1/,
    ],
    [INPUT.artifactRunId, "1e9", /input 'artifact-run-id': '1e9' is not a workflow run id/],
    [INPUT.dbtCloudMaxWaitMinutes, "0", /input 'dbt-cloud-max-wait-minutes'/],
    [
      INPUT.artifactTimeoutMinutes,
      "0",
      /input 'artifact-timeout-minutes': '0' is not a number from 0.01 to 360/,
    ],
    [INPUT.artifactTimeoutMinutes, "ten", /input 'artifact-timeout-minutes'/],
    // Number() would read these as 16 and 3: a number nobody typed, used without a word.
    [INPUT.slowest, "0x10", /input 'slowest': '0x10' is not a whole number ≥ 0/],
    [INPUT.regressionThreshold, "0b11", /input 'regression-threshold': '0b11' is not a number ≥ 0/],
  ])("rejects %s=%s naming the input and allowed values", (name, value, message) => {
    expect(() => readInputs(getter({ [name]: value }), {})).toThrow(InputError);
    expect(() => readInputs(getter({ [name]: value }), {})).toThrow(message);
  });

  it("returns tokens but never prints them", () => {
    const inputs = readInputs(
      getter({
        [INPUT.githubToken]: TOKEN,
        [INPUT.dbtCloudToken]: "dbtc_secret",
        [INPUT.dbtCloudRunId]: "7",
      }),
      {},
    );
    expect(inputs.githubToken).toBe(TOKEN);
    expect(inputs.dbtCloud.token).toBe("dbtc_secret");
    expect(JSON.stringify(inputs)).not.toContain(TOKEN);
    expect(inspect(inputs, { depth: 5 })).not.toContain(TOKEN);
    expect(JSON.stringify(inputs)).not.toContain("dbtc_secret");
  });

  it("makes an absolute project-dir inside the workspace relative, and refuses one outside it", () => {
    const env = { GITHUB_WORKSPACE: "/home/runner/work/repo/repo" };
    const dir = (value: string) => readInputs(getter({ [INPUT.projectDir]: value }), env).projectDir;
    expect(dir("/home/runner/work/repo/repo/transform")).toBe("transform");
    expect(dir("/home/runner/work/repo/repo/transform/dbt/")).toBe("transform/dbt");
    expect(dir("/home/runner/work/repo/repo")).toBe(".");
    expect(dir("transform")).toBe("transform");
    expect(() => dir("/home/runner/work/repo/other")).toThrow(
      "input 'project-dir': '/home/runner/work/repo/other' is outside the workspace (/home/runner/work/repo/repo); " +
        "give the dbt project's folder relative to the repository root, e.g. 'transform'",
    );
    // Without a workspace (the CLI's own tests), the path is kept as given.
    expect(readInputs(getter({ [INPUT.projectDir]: "/abs" }), {}).projectDir).toBe("/abs");
  });

  it("says which source inputs cannot be used alone, so the local paths are read instead", () => {
    const unused = (values: Record<string, string>) => unusedSourceInputs(readInputs(getter(values), {}));
    expect(
      unused({
        [INPUT.dbtCloudBaseUrl]: "https://ab123.us1.dbt.com",
        [INPUT.dbtCloudAccountId]: "1",
        [INPUT.dbtCloudToken]: "dbtc_secret",
      }),
    ).toBe(
      "'dbt-cloud-base-url', 'dbt-cloud-account-id', 'dbt-cloud-token' are set for a dbt platform run, but neither " +
        "'dbt-cloud-run-id' nor 'dbt-cloud-job-id' is: the local 'telemetry' paths are read instead.",
    );
    expect(unused({ [INPUT.dbtCloudToken]: "dbtc_secret", [INPUT.artifactRunId]: "123" })).toBe(
      "'dbt-cloud-token' is set for a dbt platform run, but neither 'dbt-cloud-run-id' nor 'dbt-cloud-job-id' is; " +
        "'artifact-run-id' is set, but 'artifact-name' is empty: the local 'telemetry' paths are read instead.",
    );
    expect(unused({ [INPUT.dbtCloudToken]: "dbtc_secret", [INPUT.artifactName]: "dbt-telemetry" })).toBe(
      "'dbt-cloud-token' is set for a dbt platform run, but neither 'dbt-cloud-run-id' nor 'dbt-cloud-job-id' is: " +
        "the artifact is read instead.",
    );
    expect(unused({ [INPUT.dbtCloudWait]: "true" })).toBe(
      "'dbt-cloud-wait' is set for a dbt platform run, but neither 'dbt-cloud-run-id' nor 'dbt-cloud-job-id' is: " +
        "the local 'telemetry' paths are read instead.",
    );
    expect(unused({ [INPUT.dbtCloudWait]: "false" })).toBeNull();
    expect(unused({ [INPUT.dbtCloudAccountId]: "1", [INPUT.dbtCloudJobId]: "5" })).toBeNull();
    expect(unused({ [INPUT.dbtCloudRunId]: "7", [INPUT.artifactRunId]: "123" })).toBe(
      "'artifact-run-id' is set, but 'artifact-name' is empty: the dbt platform run is read instead.",
    );
    expect(unused({ [INPUT.artifactRunId]: "123", [INPUT.artifactName]: "dbt-telemetry" })).toBeNull();
    expect(unused({})).toBeNull();
  });
});

describe("inputWarnings", () => {
  const warnings = (values: Record<string, string>) => inputWarnings(readInputs(getter(values), {}));

  it("says which telemetry source inputs are set but outranked, so they are not read", () => {
    const outranked = (values: Record<string, string>) =>
      outrankedSourceInputs(readInputs(getter(values), {}));
    expect(outranked({ [INPUT.dbtCloudRunId]: "7", [INPUT.telemetry]: "logs/dbt.jsonl" })).toBe(
      "'telemetry' is set, but the dbt platform run ('dbt-cloud-run-id') is read instead.",
    );
    expect(
      outranked({
        [INPUT.dbtCloudJobId]: "5",
        [INPUT.artifactName]: "dbt-telemetry",
        [INPUT.telemetry]: "x.jsonl",
      }),
    ).toBe(
      "'artifact-name' and 'telemetry' are set, but the dbt platform run ('dbt-cloud-job-id') is read instead.",
    );
    expect(outranked({ [INPUT.artifactName]: "dbt-telemetry", [INPUT.telemetry]: "x.jsonl" })).toBe(
      "'telemetry' is set, but the artifact ('artifact-name') is read instead.",
    );
    // The default paths are always there: no warning for them, nor for one source alone.
    expect(
      outranked({
        [INPUT.artifactName]: "dbt-telemetry",
        [INPUT.telemetry]: "target/metadata/*.parquet\nlogs/*.jsonl\n",
      }),
    ).toBeNull();
    expect(outranked({ [INPUT.dbtCloudRunId]: "7", [INPUT.dbtCloudJobId]: "5" })).toBe(
      "'dbt-cloud-job-id' is set, but the dbt platform run ('dbt-cloud-run-id') is read instead.",
    );
    expect(outranked({ [INPUT.dbtCloudRunId]: "7" })).toBeNull();
    expect(outranked({ [INPUT.telemetry]: "x.jsonl" })).toBeNull();
    expect(warnings({ [INPUT.artifactName]: "a", [INPUT.telemetry]: "x.jsonl" })).toEqual([
      "'telemetry' is set, but the artifact ('artifact-name') is read instead.",
    ]);
  });

  it("says which baseline inputs are set but not read: the file wins, the workflow needs the artifact", () => {
    const unread = (values: Record<string, string>) => unreadBaselineInputs(readInputs(getter(values), {}));
    expect(
      warnings({ [INPUT.baseline]: "base.json", [INPUT.baselineArtifact]: "fusion-report-main" }),
    ).toEqual(["'baseline-artifact' is set, but the file ('baseline') is read as the baseline instead."]);
    expect(
      unread({
        [INPUT.baseline]: "base.json",
        [INPUT.baselineArtifact]: "fusion-report-main",
        [INPUT.baselineWorkflow]: "dbt-main.yml",
      }),
    ).toBe(
      "'baseline-artifact' and 'baseline-workflow' are set, but the file ('baseline') is read as the baseline instead.",
    );
    expect(unread({ [INPUT.baselineWorkflow]: "dbt-main.yml" })).toBe(
      "'baseline-workflow' is set, but 'baseline-artifact' is empty: no baseline is read from a workflow run.",
    );
    // One source, with or without its workflow: nothing to say.
    expect(unread({ [INPUT.baselineArtifact]: "a", [INPUT.baselineWorkflow]: "dbt-main.yml" })).toBeNull();
    expect(unread({ [INPUT.baseline]: "base.json" })).toBeNull();
    expect(unread({})).toBeNull();
  });

  it("says that the regression inputs without a baseline compare nothing", () => {
    expect(warnings({ [INPUT.regressionThreshold]: "20" })).toEqual([
      "'regression-threshold' needs a baseline ('baseline' or 'baseline-artifact'); without one no timing is compared.",
    ]);
    expect(warnings({ [INPUT.regressionThreshold]: "20", [INPUT.regressionMinSeconds]: "0" })).toEqual([
      "'regression-threshold' and 'regression-min-seconds' need a baseline ('baseline' or 'baseline-artifact'); " +
        "without one no timing is compared.",
    ]);
    // The defaults, or a baseline beside them: nothing to say.
    expect(warnings({ [INPUT.regressionThreshold]: "50", [INPUT.regressionMinSeconds]: "1" })).toEqual([]);
    expect(warnings({ [INPUT.regressionMinSeconds]: "5", [INPUT.baseline]: "base.json" })).toEqual([]);
    expect(warnings({ [INPUT.regressionMinSeconds]: "5", [INPUT.baselineArtifact]: "main" })).toEqual([]);
  });

  it("says which inputs tune something turned off or left out, so they do nothing", () => {
    expect(warnings({ [INPUT.annotations]: "false", [INPUT.maxAnnotations]: "10" })).toEqual([
      "'max-annotations' is set, but 'annotations' is false: no file is annotated.",
    ]);
    expect(warnings({ [INPUT.dbtCloudRunId]: "7", [INPUT.dbtCloudMaxWaitMinutes]: "60" })).toEqual([
      "'dbt-cloud-max-wait-minutes' is set, but 'dbt-cloud-wait' is false: nothing is waited for.",
    ]);
    expect(warnings({ [INPUT.artifactTimeoutMinutes]: "30" })).toEqual([
      "'artifact-timeout-minutes' is set, but no artifact is downloaded or uploaded " +
        "('artifact-name', 'baseline-artifact' and 'upload-artifact' are empty).",
    ]);
    // Their defaults, or what they tune turned on: nothing to say.
    expect(warnings({ [INPUT.annotations]: "false", [INPUT.maxAnnotations]: "50" })).toEqual([]);
    expect(warnings({ [INPUT.maxAnnotations]: "10" })).toEqual([]);
    expect(
      warnings({
        [INPUT.dbtCloudRunId]: "7",
        [INPUT.dbtCloudWait]: "true",
        [INPUT.dbtCloudMaxWaitMinutes]: "60",
      }),
    ).toEqual([]);
    for (const artifact of [INPUT.artifactName, INPUT.baselineArtifact, INPUT.uploadArtifact]) {
      expect(warnings({ [artifact]: "a", [INPUT.artifactTimeoutMinutes]: "30" })).toEqual([]);
    }
  });

  it("says that fail-on: new-errors without a baseline acts like errors", () => {
    expect(warnings({ [INPUT.failOn]: "new-errors" })).toEqual([
      "fail-on: new-errors needs a baseline ('baseline' or 'baseline-artifact'); without one it acts like fail-on: errors.",
    ]);
    expect(
      warnings({ [INPUT.failOn]: "New-Errors", [INPUT.baselineArtifact]: "fusion-report-main" }),
    ).toEqual([]);
  });
});

describe("telemetryPatterns: the telemetry list as GitHub's own actions read a list of paths", () => {
  it("leaves out blank lines and # comments (a # in a YAML block is text), and trims each line", () => {
    const yaml =
      "# Parquet from the build\n  target/metadata/*.parquet  \r\n\n  # and the JSONL\nlogs/*.jsonl\n";
    expect(telemetryPatterns(yaml, "/home/runner", "linux")).toEqual([
      "target/metadata/*.parquet",
      "logs/*.jsonl",
    ]);
    // A path with spaces is one path; a # inside a line is part of it.
    expect(telemetryPatterns("my logs/run #2.jsonl", "/home/runner", "linux")).toEqual([
      "my logs/run #2.jsonl",
    ]);
  });

  it("reads ~ as the home folder, as a shell would", () => {
    expect(telemetryPatterns("~/dbt/logs/*.jsonl\n~\n~user/x.jsonl", "/home/runner", "linux")).toEqual([
      "/home/runner/dbt/logs/*.jsonl",
      "/home/runner",
      "~user/x.jsonl",
    ]);
  });

  it("on Windows reads \\ as a folder separator (the glob library takes it for an escape), keeping escapes", () => {
    expect(
      telemetryPatterns(
        "logs\\*.jsonl\n~\\dbt\\x.jsonl\nlogs\\\\[draft\\]\\*.jsonl",
        "C:\\Users\\runner",
        "win32",
      ),
    ).toEqual(["logs/*.jsonl", "C:/Users/runner/dbt/x.jsonl", "logs/\\[draft\\]/*.jsonl"]);
    // Elsewhere a backslash is a file name's character.
    expect(telemetryPatterns("logs\\*.jsonl", "/home/runner", "linux")).toEqual(["logs\\*.jsonl"]);
  });

  it("~ is the home folder in every path input too, not a folder named ~ in the workspace", () => {
    const inputs = readInputs(
      getter({
        [INPUT.jsonReport]: "~/reports/fusion.json",
        [INPUT.runResults]: "~/run_results.json",
        [INPUT.markdownReport]: "~/r.md",
        [INPUT.junit]: "~/junit.xml",
        [INPUT.baseline]: "~/base.json",
      }),
      { HOME: "/home/runner" },
    );
    expect(inputs).toMatchObject({
      jsonReport: "/home/runner/reports/fusion.json",
      runResults: "/home/runner/run_results.json",
      markdownReport: "/home/runner/r.md",
      junit: "/home/runner/junit.xml",
      baseline: "/home/runner/base.json",
    });
    expect(readInputs(getter({ [INPUT.junit]: "~junit.xml" }), { HOME: "/h" }).junit).toBe("~junit.xml");
    // project-dir too: inside the workspace it is made relative, as an absolute path is.
    const projectDir = (value: string) =>
      readInputs(getter({ [INPUT.projectDir]: value }), {
        HOME: "/home/runner",
        GITHUB_WORKSPACE: "/home/runner/work/repo/repo",
      }).projectDir;
    expect(projectDir("~/work/repo/repo/transform")).toBe("transform");
    expect(projectDir("~/work/repo/repo")).toBe(".");
    expect(() => projectDir("~/transform")).toThrow(
      "input 'project-dir': '~/transform' is outside the workspace (/home/runner/work/repo/repo)",
    );
    expect(projectDir("~transform")).toBe("~transform");
  });

  it("is what readInputs reads", () => {
    const inputs = readInputs(getter({ [INPUT.telemetry]: "# only a comment\n~/x.jsonl" }), { HOME: "/h" });
    expect(inputs.telemetry).toEqual(["/h/x.jsonl"]);
    // Only comments: the default paths, as for an empty input.
    expect(readInputs(getter({ [INPUT.telemetry]: "# nothing\n" }), {}).telemetry).toEqual([
      "target/metadata/*.parquet",
      "logs/*.jsonl",
    ]);
  });
});

describe("dbtCloudSettingsOf", () => {
  const pullRequest: RunContext = {
    owner: "acme",
    repo: "analytics",
    eventName: "pull_request",
    headSha: "3f1c2e9a7b6d5c4e3f2a1b0c9d8e7f6a5b4c3d2e",
    prNumber: 418,
    runUrl: null,
    headRepoFullName: "acme/analytics",
    headBranch: "feature/orders",
  };
  const inputs = (token: string) =>
    readInputs(
      getter({
        "dbt-cloud-base-url": "ab123.us1.dbt.com",
        "dbt-cloud-account-id": "51798",
        "dbt-cloud-job-id": "900112",
        "dbt-cloud-token": token,
      }),
      {},
    ).dbtCloud;

  it("says that GitHub passes no secrets to a fork's pull request, when the token is empty there", () => {
    const fromFork = { ...pullRequest, headRepoFullName: "contributor/analytics" };
    let error: unknown;
    try {
      dbtCloudSettingsOf(inputs(""), fromFork);
    } catch (thrown) {
      error = thrown;
    }
    expect(error).toBeInstanceOf(DbtCloudSettingsError);
    expect((error as Error).message).toBe(
      `dbt platform: input "dbt-cloud-token" is empty: this run is for a pull request from the fork ` +
        `contributor/analytics, and GitHub does not pass secrets to workflows run for pull requests from forks. ` +
        "Read the dbt platform run in a second workflow triggered by `workflow_run`, which runs in this " +
        `repository with its secrets (see the README, 'Fork-safe two-workflow setup').`,
    );
    // The README section it names exists.
    const readme = readFileSync(new URL("../../README.md", import.meta.url), "utf8");
    expect(readme).toContain("## Fork-safe two-workflow setup");
    // With a token, or not from a fork, or on workflow_run (secrets are there): the settings as before.
    expect(dbtCloudSettingsOf(inputs(TOKEN), fromFork)).toMatchObject({ "dbt-cloud-job-id": "900112" });
    expect(dbtCloudSettingsOf(inputs(""), pullRequest)).toMatchObject({ "dbt-cloud-token": "" });
    expect(dbtCloudSettingsOf(inputs(""), { ...fromFork, eventName: "workflow_run" })).toMatchObject({
      "pr-number": "418",
    });
  });
});
