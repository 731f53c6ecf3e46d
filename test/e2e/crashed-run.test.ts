// A crashed dbt run, through the built bundles: the Parquet file has no footer, the JSONL holds the
// run up to the crash. The README's recipe ("When the run crashes") is run exactly as written there.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { RUN_RESULTS_MARK } from "../../src/report-files.js";
import { makeTempDir } from "../support/temp-dir.js";
import { runResultsSchemaErrors } from "../support/report.js";
import {
  pullRequestPayload,
  REPO_ROOT,
  runAction,
  runCliBundle,
  useStandIn,
  type ActionRun,
} from "./helpers.js";

const CRASHED = join(REPO_ROOT, "test/fixtures/generated/crashed-run");
const TRUNCATED_PARQUET = readFileSync(join(CRASHED, "telemetry.parquet"));
const CRASHED_JSONL = readFileSync(join(CRASHED, "telemetry.jsonl"));
const EXPECTED = JSON.parse(readFileSync(join(CRASHED, "expected.report.json"), "utf8")) as Report;

interface Report {
  conclusion: string;
  counts: Record<string, number>;
  invocations: { nodes: { uniqueId: string; status: string }[]; readerWarnings: string[] }[];
}

/** The fenced blocks of the README section with this heading, by language. */
function readmeRecipe(heading: string): { yaml: string; bash: string } {
  const readme = readFileSync(join(REPO_ROOT, "README.md"), "utf8");
  const start = readme.indexOf(`\n### ${heading}\n`);
  expect(start, `README has no "### ${heading}" section`).toBeGreaterThan(0);
  const end = readme.indexOf("\n#", start + heading.length + 6);
  const section = readme.slice(start, end);
  const block = (lang: string): string => {
    const match = new RegExp("```" + lang + "\\n([\\s\\S]*?)```").exec(section);
    expect(match, `no ${lang} block under "${heading}"`).not.toBeNull();
    return match![1]!;
  };
  return { yaml: block("yaml"), bash: block("bash") };
}

const recipe = readmeRecipe("When the run crashes");
const recipeSteps = parse(recipe.yaml) as { run?: string; uses?: string; with?: Record<string, string> }[];
const dbtStep = recipeSteps.find((step) => step.run?.startsWith("dbt build"))!;
const reportStep = recipeSteps.find((step) => step.uses?.startsWith("fusion-report/fusion-report@"))!;
/** Where the recipe's dbt command writes its telemetry (target/metadata/ and logs/). */
const parquetName = /--otel-parquet-file-name (\S+)/.exec(dbtStep.run!)![1]!;
const jsonlName = /--otel-file-name (\S+)/.exec(dbtStep.run!)![1]!;
const crashedWorkspace = {
  [`target/metadata/${parquetName}`]: TRUNCATED_PARQUET,
  [`logs/${jsonlName}`]: CRASHED_JSONL,
};

const statuses = (report: Report): string[] =>
  report.invocations.flatMap((inv) => inv.nodes.map((node) => `${node.uniqueId}:${node.status}`));

const standIn = useStandIn();

describe("the README's crashed-run recipe, as written", () => {
  it("has the step this test runs", () => {
    expect(reportStep.with?.telemetry?.split("\n").filter(Boolean)).toEqual([
      `target/metadata/${parquetName}`,
      `logs/${jsonlName}`,
    ]);
    expect(recipe.bash.trim()).toMatch(/^npx fusion-report /);
  });

  it("the Action reports from the JSONL, warns about the Parquet file and writes its own run_results", async () => {
    const run: ActionRun = await runAction(standIn.current, {
      inputs: reportStep.with!,
      workspaceFiles: crashedWorkspace,
    });
    // The crashed invocation fails the step under the default fail-on: errors, as it should.
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(
      new RegExp(
        `^::warning::target/metadata/${parquetName}: truncated Parquet file: the footer is missing.*` +
          `skipped: this report is read from logs/${jsonlName}$`,
        "m",
      ),
    );
    // The advice to use the JSONL is left out: the JSONL is what the report is read from.
    expect(run.stdout).not.toContain("Use the JSONL telemetry");
    expect(run.stdout).toContain("::error::dbt Fusion: an invocation did not finish (fail-on: errors)");
    expect(run.summary).toContain("## ❌ dbt Fusion: an invocation did not finish");
    expect(run.summary).toContain("did not finish");
    expect(run.summary).not.toContain("telemetry could not be read");
    expect(standIn.current.checkRuns[0]?.conclusion).toBe("failure");

    const report = JSON.parse(readFileSync(run.outputs["report-json"]!, "utf8")) as Report;
    expect(report.conclusion).toBe("failure");
    expect(report.counts).toEqual(EXPECTED.counts);
    expect(statuses(report)).toEqual(statuses(EXPECTED));

    const runResultsPath = join(run.workspace, reportStep.with!["run-results"]!);
    expect(run.outputs["run-results"]).toBe(runResultsPath);
    const runResults = JSON.parse(readFileSync(runResultsPath, "utf8")) as {
      metadata: { env: Record<string, string> };
    };
    expect(runResultsSchemaErrors(runResults)).toBe("");
    expect(runResults.metadata.env[RUN_RESULTS_MARK]).toMatch(/^\d+\.\d+\.\d+/);
  });

  it("the CLI command reports from the JSONL with a warning and exits by the policy", async () => {
    const cwd = makeTempDir("fusion-crashed-cli-");
    for (const [file, content] of Object.entries(crashedWorkspace)) {
      mkdirSync(join(cwd, file, ".."), { recursive: true });
      writeFileSync(join(cwd, file), content);
    }
    const args = recipe.bash.trim().split(/\s+/).slice(2);
    const result = await runCliBundle(args, { cwd });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(
      `fusion-report: warning: target/metadata/${parquetName}: truncated Parquet file: the footer is missing`,
    );
    expect(result.stdout).toMatch(/^## ❌ dbt Fusion: an invocation did not finish/);
    expect(result.stdout).toContain("#### 🚫 Not run to completion (3)");
    const jsonTarget = args[args.indexOf("--json") + 1]!;
    const report = JSON.parse(readFileSync(join(cwd, jsonTarget), "utf8")) as Report;
    expect(report.counts).toEqual(EXPECTED.counts);
    expect(statuses(report)).toEqual(statuses(EXPECTED));
  });
});

describe("when nothing readable is left", () => {
  it("a footer-less Parquet file alone is an error, in the CLI and the Action", async () => {
    const cwd = makeTempDir("fusion-crashed-alone-");
    mkdirSync(join(cwd, "target/metadata"), { recursive: true });
    writeFileSync(join(cwd, "target/metadata/telemetry.parquet"), TRUNCATED_PARQUET);
    const cli = await runCliBundle(["--json", "report.json", "target/metadata/telemetry.parquet"], { cwd });
    expect(cli.code).toBe(2);
    expect(cli.stderr).toMatch(/target\/metadata\/telemetry\.parquet: truncated Parquet file/);
    expect(cli.stdout).toBe("");

    const action = await runAction(standIn.current, {
      inputs: { telemetry: "target/metadata/telemetry.parquet" },
      workspaceFiles: { "target/metadata/telemetry.parquet": TRUNCATED_PARQUET },
    });
    expect(action.code).toBe(1);
    expect(action.stdout).toMatch(/^::error::target\/metadata\/telemetry\.parquet: truncated Parquet file/m);
    expect(action.summary).toContain("telemetry could not be read");
  });

  it("another Parquet file does not stand in for it", async () => {
    const cwd = makeTempDir("fusion-crashed-two-");
    writeFileSync(join(cwd, "crashed.parquet"), TRUNCATED_PARQUET);
    writeFileSync(
      join(cwd, "other.parquet"),
      readFileSync(join(REPO_ROOT, "test/fixtures/generated/model-errors/telemetry.parquet")),
    );
    const cli = await runCliBundle(["crashed.parquet", "other.parquet"], { cwd });
    expect(cli.code).toBe(2);
    expect(cli.stderr).toMatch(/crashed\.parquet: truncated Parquet file/);
  });

  it("a JSONL file that cannot be read either leaves the error standing", async () => {
    const cwd = makeTempDir("fusion-crashed-bad-jsonl-");
    writeFileSync(join(cwd, "telemetry.parquet"), TRUNCATED_PARQUET);
    writeFileSync(join(cwd, "telemetry.jsonl"), "");
    const cli = await runCliBundle(["telemetry.parquet", "telemetry.jsonl"], { cwd });
    expect(cli.code).toBe(2);
    expect(cli.stderr).toMatch(/telemetry\.jsonl: .*empty/);
  });
});

describe("only an earlier build's telemetry on the runner", () => {
  // dbt failed before it wrote anything (a broken install, a bad profile), and a cache of target/
  // and logs/ (or a self-hosted runner's workspace) still holds an older build's files.
  const stale = {
    "logs/telemetry.jsonl": readFileSync(
      join(REPO_ROOT, "test/fixtures/real/preview120_build_success.otel.jsonl"),
    ),
  };
  const payloadAt = (updatedAt: string) => {
    const payload = pullRequestPayload();
    (payload.pull_request as Record<string, unknown>).updated_at = updatedAt;
    return payload;
  };

  it("is reported, saying on every channel that it began before this run's event", async () => {
    const run = await runAction(standIn.current, {
      inputs: { telemetry: "logs/telemetry.jsonl" },
      workspaceFiles: stale,
      payload: payloadAt("2026-11-30T09:00:00Z"),
    });
    const warning =
      "this invocation began at 2026-02-26T02:33:08.912148Z, before the pull_request event this workflow run answers " +
      "(2026-11-30T09:00:00.000Z): it is an earlier build's telemetry";
    expect(run.stdout.split("\n").filter((line) => line.startsWith(`::warning::${warning}`))).toHaveLength(1);
    // The Markdown channels show it under the invocation (its text escaped for Markdown).
    const shown = "> ⚠️ this invocation began at 2026-02-26T02:33:08.912148Z, before the pull";
    expect(run.summary).toContain(shown);
    expect(standIn.current.checkRuns[0]?.output?.summary).toContain(shown);
    expect(standIn.current.comments[0]?.body).toContain(shown);
  });

  it("telemetry this run's build wrote after the event gets no such warning", async () => {
    const run = await runAction(standIn.current, {
      inputs: { telemetry: "logs/telemetry.jsonl" },
      workspaceFiles: stale,
      payload: payloadAt("2026-02-26T02:30:00Z"),
    });
    expect(run.stdout).not.toContain("earlier build's telemetry");
    expect(run.summary).toContain("dbt Fusion");
  });
});
