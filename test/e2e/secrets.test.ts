// Issue 10 items 4 and 5, through the bundles: the secrets the step was given are masked by value,
// whatever their shape and however a message was cut, on every error path (stand-in servers that
// echo them back in error bodies).
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { SECRET_PIECE_LENGTH } from "../../src/text/secrets.js";
import { buildZip, startArtifactServer, type ArtifactServer } from "../support/artifact-server.js";
import { createScaledClock, startDbtCloudServer, type DbtCloudServer } from "../support/dbt-cloud-server.js";
import {
  ensureBuilt,
  fixture,
  runAction,
  runCliBundle,
  startGateway,
  startServer,
  type ActionRun,
  type E2EServer,
  type RunOptions,
} from "./helpers.js";

const FAILING = fixture("preview120_build_success.otel.jsonl");
const SCALE = 100;
const ACCOUNT_ID = 51798;
const DBT_TOKEN = "dbtc_DistinctDbtSecr3tT0ken-0123456789abcdefXYZ";
// No known token shape (not ghs_…, not github_pat_…): only its value can catch it.
const GH_TOKEN = "enterprise.Zq9xW2mB7vR4nK1pL8sD3fG6hJ0cT5yU";

/** Every run of SECRET_PIECE_LENGTH characters of `secret` that `text` contains. */
function leakedPieces(text: string, secret: string): string[] {
  const found = new Set<string>();
  for (let i = 0; i + SECRET_PIECE_LENGTH <= secret.length; i++) {
    const piece = secret.slice(i, i + SECRET_PIECE_LENGTH);
    if (text.includes(piece)) found.add(piece);
  }
  return [...found];
}

/** Where the step shows text: its log (but the `::add-mask::` line the runner consumes), summary, outputs. */
function expectNoLeak(run: Pick<ActionRun, "stdout" | "stderr"> & Partial<ActionRun>, secret: string): void {
  const log = run.stdout.replace(/^::add-mask::.*$/gm, "");
  for (const [where, text] of [
    ["stdout", log],
    ["stderr", run.stderr],
    ["summary", run.summary ?? ""],
    ["outputs", run.outputFile ?? ""],
  ] as const) {
    expect(leakedPieces(text, secret), `pieces of the secret in ${where}`).toEqual([]);
  }
}

const cleanup: string[] = [];
beforeAll(() => ensureBuilt(), 120_000);
afterEach(() => {
  for (const dir of cleanup.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe("dbt platform token cut across an error snippet (item 4)", () => {
  let dbt: DbtCloudServer;
  // The token straddles the 160-character cut of the "Body starts: …" snippet.
  const body = `${"y".repeat(150)}${DBT_TOKEN} and more text after it`;

  beforeAll(async () => {
    dbt = await startDbtCloudServer({
      token: DBT_TOKEN,
      accountId: ACCOUNT_ID,
      clock: createScaledClock(SCALE),
    });
  });
  afterAll(() => dbt.close());

  it("CLI: no piece of the token on stderr", async () => {
    dbt.failNext(1, 400, body);
    const cwd = mkdtempSync(join(tmpdir(), "fusion-e2e-cli-"));
    cleanup.push(cwd);
    const run = await runCliBundle(
      [
        "--dbt-cloud-base-url",
        dbt.baseUrl,
        "--dbt-cloud-account-id",
        String(ACCOUNT_ID),
        "--dbt-cloud-run-id",
        "7000001",
      ],
      cwd,
      { DBT_CLOUD_TOKEN: DBT_TOKEN, FUSION_REPORT_TEST_CLOCK_SCALE: String(SCALE) },
    );
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('unexpected HTTP 400 reading run 7000001. Body starts: "yyyy');
    expectNoLeak(run, DBT_TOKEN);
  });

  it("Action: no piece of the token in the log or the job summary", async () => {
    dbt.failNext(1, 400, body);
    const run = await runAction(null, {
      inputs: {
        "github-token": "",
        "dbt-cloud-base-url": dbt.baseUrl,
        "dbt-cloud-account-id": String(ACCOUNT_ID),
        "dbt-cloud-token": DBT_TOKEN,
        "dbt-cloud-run-id": "7000001",
        "check-run": "false",
        comment: "off",
      },
      env: { FUSION_REPORT_TEST_CLOCK_SCALE: String(SCALE), GITHUB_REPOSITORY: "" },
    });
    cleanup.push(run.workspace);
    expect(run.code).toBe(1);
    expect(run.summary).toContain("Body starts");
    expect(run.stdout).toMatch(/^::error::dbt platform: unexpected HTTP 400/m);
    expectNoLeak(run, DBT_TOKEN);
  });
});

describe("GitHub token of any shape echoed in error bodies (item 5)", () => {
  let server: E2EServer;
  let artifacts: ArtifactServer;
  let gateway: { url: string; close(): Promise<void> };

  beforeEach(async () => {
    server = await startServer();
    artifacts = await startArtifactServer();
    gateway = await startGateway(server, artifacts);
  });
  afterEach(async () => {
    expect(server.violations).toEqual([]);
    await gateway.close();
    await artifacts.close();
    await server.close();
  });

  const echo = (status: number, what: string) => ({
    status,
    body: { message: `${what} for token ${GH_TOKEN}`, documentation_url: "https://docs.github.com/rest" },
  });

  async function act(options: RunOptions): Promise<ActionRun> {
    const run = await runAction(server, {
      apiUrl: gateway.url,
      ...options,
      inputs: { telemetry: FAILING, "github-token": GH_TOKEN, ...options.inputs },
    });
    cleanup.push(run.workspace);
    expect(run.stdout).toContain(`::add-mask::${GH_TOKEN}`);
    expectNoLeak(run, GH_TOKEN);
    return run;
  }

  it("check run (401), comment lookup (403), changed files (500): warnings without the token", async () => {
    server.inject({ operationId: "checks/create", ...echo(401, "Bad credentials") });
    server.inject({ operationId: "issues/list-comments", ...echo(403, "Resource not accessible") });
    server.inject({ operationId: "pulls/list-files", ...echo(500, "Internal error") });
    const run = await act({});
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(
      /^::warning::Could not publish the check run: .*401 Bad credentials for token \*\*\*/m,
    );
    expect(run.stdout).toMatch(
      /^::warning::Could not publish the pull request comment: .*403 Resource not accessible for token \*\*\*/m,
    );
    expect(run.stdout).toMatch(
      /Could not list the pull request's changed files \(Internal error for token \*\*\*/,
    );
  });

  it("comment (422 with details): the validation details are masked too", async () => {
    server.inject({
      operationId: "issues/create-comment",
      status: 422,
      body: { message: "Validation Failed", errors: [{ message: `body quotes ${GH_TOKEN.slice(0, 20)}` }] },
    });
    const run = await act({});
    expect(run.stdout).toMatch(
      /^::warning::Could not publish the pull request comment: .*422 Validation Failed: body quotes \*\*\*/m,
    );
  });

  it("PR lookup (403) and the telemetry artifact (422) of a fork's workflow_run", async () => {
    const payload = JSON.parse(
      readFileSync(
        new URL("../fixtures/reference/examples/gh-workflow-run-event-excerpt.json", import.meta.url),
        "utf8",
      ),
    ) as Record<string, unknown>;
    server.inject({
      operationId: "repos/list-pull-requests-associated-with-commit",
      ...echo(403, "Resource not accessible by integration"),
    });
    artifacts.failure = echo(422, "Unprocessable");
    const run = await act({
      event: "workflow_run",
      payload,
      inputs: { telemetry: "", "artifact-name": "dbt-telemetry" },
    });
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/^::warning::Cannot find the pull request .*for token \*\*\*/m);
    expect(run.summary).toContain("could not download artifact 'dbt-telemetry'");
    expect(run.summary).toContain("for token ***");
  });

  it("baseline artifact: listing the base branch's runs (500)", async () => {
    server.inject({ operationId: "actions/list-workflow-runs", ...echo(500, "Server error") });
    artifacts.add({ name: "fusion-report-main", runId: 1, zip: buildZip([{ name: "x.json", data: "{}" }]) });
    const run = await act({
      inputs: { "baseline-artifact": "fusion-report-main", "baseline-workflow": "dbt.yml" },
    });
    // An outage costs the comparison, not the report: the warning quotes GitHub's words, masked.
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(
      /^::warning::Baseline comparison skipped: GitHub did not list the runs of workflow 'dbt\.yml' on main \(HTTP 500: Server error for token \*\*\*\. /m,
    );
    expect(run.summary).toContain("dbt Fusion: 1 node error, 1 failed test");
  });
});

describe("secrets the build printed into its telemetry", () => {
  // A model or macro can print an environment variable into an error message; the tokens the step
  // was given must not be published from there (comment, check run, summary, report files, stdout).
  const telemetry = readFileSync(FAILING, "utf8")
    .replace("Unexpected internal error", `Unexpected Token identifier; env: ${GH_TOKEN} ${DBT_TOKEN}`)
    .replaceAll("accepted_values_customers_customer_type__new__returning", `leak_${DBT_TOKEN.slice(5, 25)}`);
  const FILES = ["report.json", "run_results.fusion.json", "report.md", "report.xml"];
  const expectNoPieces = (where: string, text: string, secret: string) =>
    expect(leakedPieces(text, secret), `pieces of the secret in ${where}`).toEqual([]);

  it("Action: masked in every channel and report file, the rest of the message kept", async () => {
    const server = await startServer();
    try {
      const run = await runAction(server, {
        workspaceFiles: { "logs/telemetry.jsonl": telemetry },
        inputs: {
          telemetry: "logs/telemetry.jsonl",
          "github-token": GH_TOKEN,
          "dbt-cloud-token": DBT_TOKEN,
          "json-report": "report.json",
          "run-results": "run_results.fusion.json",
          "markdown-report": "report.md",
          junit: "report.xml",
        },
      });
      cleanup.push(run.workspace);
      expect(run.code, run.stdout).toBe(1);
      const comment = server.commentsOn(418)[0]?.body ?? "";
      const check = JSON.stringify(server.checkRuns);
      expect(comment).toContain("Unexpected Token identifier; env: *** ***");
      const channels: [string, string][] = [
        ["comment", comment],
        ["check run", check],
        ["job summary", run.summary],
        ...FILES.map((name): [string, string] => [name, readFileSync(join(run.workspace, name), "utf8")]),
      ];
      for (const [where, text] of channels) {
        expect(text, where).not.toBe("");
        for (const secret of [GH_TOKEN, DBT_TOKEN]) expectNoPieces(where, text, secret);
      }
      expectNoLeak(run, GH_TOKEN);
      expect(server.violations).toEqual([]);
    } finally {
      await server.close();
    }
  });

  it("CLI: masked on stdout and in the files (DBT_CLOUD_TOKEN); a repeated --dbt-cloud-token never printed", async () => {
    const cwd = mkdtempSync(join(tmpdir(), "fusion-e2e-cli-"));
    cleanup.push(cwd);
    const other = "dbtc_FirstGivenThenReplaced-9876543210";
    writeFileSync(join(cwd, "t.jsonl"), telemetry.replace("env: ", `env: ${other} `));
    const outputs = ["--json", "report.json", "--run-results", "run_results.fusion.json"];
    const run = await runCliBundle(
      [...outputs, "--markdown", "report.md", "--junit", "report.xml", "t.jsonl"],
      cwd,
      { DBT_CLOUD_TOKEN: DBT_TOKEN },
    );
    expect(run.code, run.stderr).toBe(1);
    expect(run.stdout).toMatch(/Unexpected Token identifier; env: .*\*\*\*/);
    for (const [where, text] of [
      ["stdout", run.stdout],
      ["stderr", run.stderr],
      ...FILES.map((name) => [name, readFileSync(join(cwd, name), "utf8")]),
    ] as const) {
      expectNoPieces(where, text, DBT_TOKEN);
    }
    // A token flag with local files is a usage error (it is for a dbt platform run), which prints
    // neither value of the repeated flag.
    const refused = await runCliBundle(
      ["--dbt-cloud-token", other, `--dbt-cloud-token=${DBT_TOKEN}`, ...outputs, "t.jsonl"],
      cwd,
    );
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/--dbt-cloud-token is for a dbt platform run/);
    for (const secret of [DBT_TOKEN, other]) {
      expectNoPieces("stdout", refused.stdout, secret);
      expectNoPieces("stderr", refused.stderr, secret);
    }
  });
});
