// Issue 10 item 3, through the bundles: text from a pull request (zip entry names, file names, error
// messages) never prints a line the GitHub Actions runner would act on as a workflow command. The
// output is read the way the runner reads it (test/support/runner-commands.ts).
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { neutraliseRunnerCommands } from "../../src/text/runner-commands.js";
import { buildZip, startArtifactServer } from "../support/artifact-server.js";
import { foreignCommands, readRunnerCommands } from "../support/runner-commands.js";
import {
  ensureBuilt,
  fixture,
  HEAD_SHA,
  runAction,
  runCliBundle,
  startGateway,
  startServer,
  TOKEN,
} from "./helpers.js";

const FAILING = readFileSync(fixture("preview120_build_success.otel.jsonl"));
const PAYLOAD = "::error title=PWNED,file=README.md,line=1::PWNED";

// One name per way a line can start (or a legacy command can sit) in the runner's eyes.
const HOSTILE_NAMES = [
  `logs/lf\n${PAYLOAD}\n::add-mask::dbt\n.jsonl`,
  `logs/cr\r${PAYLOAD}\r::add-mask::dbt\r.jsonl`,
  `logs/ls\u2028${PAYLOAD}\n\u2028::add-mask::dbt\u2029.jsonl`,
  `logs/nbsp\n\u00a0${PAYLOAD}\n\t::add-mask::dbt.jsonl`,
  "logs/legacy ##[error]PWNED ##[add-mask]dbt.jsonl",
];

const cleanup: string[] = [];
afterEach(() => {
  for (const dir of cleanup.splice(0)) rmSync(dir, { recursive: true, force: true });
});
beforeAll(() => ensureBuilt(), 120_000);

function expectNoForeignCommands(where: string, output: string, secrets: string[] = []): void {
  expect(foreignCommands(output, secrets), `runner commands planted in ${where}`).toEqual([]);
}

describe("Action (dist/index.js): artifact entry names", () => {
  it("prints the hostile names visibly, on lines the runner never reads as commands", async () => {
    const github = await startServer();
    const artifacts = await startArtifactServer();
    const gateway = await startGateway(github, artifacts);
    try {
      artifacts.add({
        name: "dbt-telemetry",
        runId: 555,
        zip: buildZip(HOSTILE_NAMES.map((name) => ({ name, data: FAILING }))),
      });
      const run = await runAction(github, {
        event: "workflow_run",
        payload: { workflow_run: { id: 555, head_sha: HEAD_SHA, pull_requests: [] } },
        apiUrl: gateway.url,
        inputs: { "artifact-name": "dbt-telemetry", "check-run": "false", comment: "off" },
      });
      cleanup.push(run.workspace);

      expect(run.code, run.stdout + run.stderr).toBe(1);
      expect(run.outputs.conclusion).toBe("failure");
      expectNoForeignCommands("stdout", run.stdout, [TOKEN]);
      expectNoForeignCommands("stderr", run.stderr, [TOKEN]);
      // The names were printed (so the test can fail), each on one line, with its breaks shown.
      expect(run.stdout).toContain(`logs/lf\\n${PAYLOAD}\\n::add-mask::dbt\\n.jsonl`);
      expect(run.stdout).toContain(`logs/cr\\x0d${PAYLOAD}`);
      expect(run.stdout).toContain("logs/legacy ##\\[error]PWNED ##\\[add-mask]dbt.jsonl");
      // The step's own commands are still there: the token mask and the failure.
      expect(readRunnerCommands(run.stdout).map((c) => c.name)).toContain("add-mask");
      expect(run.stdout).toMatch(/^::error::dbt Fusion: /m);
    } finally {
      await gateway.close();
      await artifacts.close();
      await github.close();
    }
  });

  it("an unsafe entry name in the refusal message stays on one line too", async () => {
    const artifacts = await startArtifactServer();
    try {
      artifacts.add({
        name: "dbt-telemetry",
        runId: 556,
        zip: buildZip([{ name: `../x\n${PAYLOAD}\n##[add-mask]dbt.jsonl`, data: "{}" }]),
      });
      const run = await runAction(null, {
        event: "workflow_run",
        payload: { workflow_run: { id: 556, head_sha: HEAD_SHA, pull_requests: [] } },
        inputs: { "artifact-name": "dbt-telemetry", "check-run": "false", comment: "off" },
        env: { GITHUB_API_URL: artifacts.url },
      });
      cleanup.push(run.workspace);

      expect(run.code).toBe(1);
      expectNoForeignCommands("stdout", run.stdout, [TOKEN]);
      expect(run.stdout).toContain("unsafe path ('../x\\n::error title=PWNED");
      expect(run.summary).toContain("unsafe path");
    } finally {
      await artifacts.close();
    }
  });
});

describe("Action (dist/index.js): workflow-command annotations (the fork fallback)", () => {
  it("a hostile node name and file path stay inside one annotation's escaped properties", async () => {
    const name = "accepted_values_customers_customer_type__new__returning";
    const path = "models/marts/customers.yml";
    const evilName = "evil\n::add-mask::dbt\n##[error]PWNED,title=PWNED::x";
    const evilPath = "models/x,line=1::PWNED\r::add-mask::dbt.yml";
    const json = (text: string) => JSON.stringify(text).slice(1, -1);
    const telemetry = FAILING.toString("utf8")
      .replaceAll(name, json(evilName))
      .replaceAll(path, json(evilPath));
    const dir = mkdtempSync(join(tmpdir(), "fusion-e2e-cmd-"));
    cleanup.push(dir);
    writeFileSync(join(dir, "t.jsonl"), telemetry);

    const github = await startServer();
    try {
      github.forbid("checks/create");
      const run = await runAction(github, { inputs: { telemetry: join(dir, "t.jsonl"), comment: "off" } });
      cleanup.push(run.workspace);
      expect(run.code).toBe(1);

      const commands = readRunnerCommands(run.stdout);
      expect(commands.filter((c) => c.name === "add-mask").map((c) => c.data)).toEqual([TOKEN]);
      expect(new Set(commands.map((c) => c.name))).toEqual(new Set(["add-mask", "error", "warning"]));
      const annotations = commands.filter((c) => c.name === "error" && c.properties.file !== undefined);
      expect(annotations.map((c) => c.properties.file)).toEqual([
        "models/staging/stg_locations.yml",
        "models/x,line=1::PWNED\\x0d::add-mask::dbt.yml",
      ]);
      const evil = annotations[1]!;
      expect(Object.keys(evil.properties).sort()).toEqual([
        "col",
        "endColumn",
        "endLine",
        "file",
        "line",
        "title",
      ]);
      expect(evil.properties.line).toBe("31");
      expect(evil.properties.title).toContain("evil ::add-mask::dbt ##[error]PWNED,title=PWNED::x");
      expect(evil.properties.title).not.toMatch(/[\r\n]/);
    } finally {
      await github.close();
    }
  });
});

/** The failing build with every ERROR log's message planting commands, in a new folder as t.jsonl. */
function writeHostileMessages(): string {
  const dir = mkdtempSync(join(tmpdir(), "fusion-e2e-cmd-"));
  cleanup.push(dir);
  const lines = FAILING.toString("utf8").split("\n");
  const hostile = lines.map((line) => {
    if (!line.includes('"severity_text":"ERROR"') || !line.includes('"record_type":"LogRecord"')) return line;
    const record = JSON.parse(line) as { body: string };
    record.body = `boom\n${PAYLOAD}\n::add-mask::dbt\n  ::stop-commands::x\nsee ##[error]PWNED # #\u200d#[x]\n`;
    return JSON.stringify(record);
  });
  writeFileSync(join(dir, "t.jsonl"), hostile.join("\n"));
  return dir;
}

describe("CLI (dist/cli.js)", () => {
  it("stderr: a file whose name plants commands is named visibly, never as a command", async () => {
    const dir = mkdtempSync(join(tmpdir(), "fusion-e2e-cmd-"));
    cleanup.push(dir);
    const logs = join(dir, "logs");
    mkdirSync(logs);
    for (const name of HOSTILE_NAMES) {
      const base = name.slice("logs/".length);
      writeFileSync(join(logs, base), "this is not JSON\n");
    }
    const run = await runCliBundle(["--quiet", "logs"], dir);

    expect(run.code).toBe(2);
    expect(run.stderr).toContain("PWNED");
    // One line, the name's own line breaks shown as escapes: the reader sees one file.
    expect(run.stderr.split("\n")).toEqual([expect.stringMatching(/^fusion-report: logs\/.*PWNED/), ""]);
    expectNoForeignCommands("stderr", run.stderr);
    expectNoForeignCommands("stdout", run.stdout);
  });

  it("stdout, in a GitHub Actions step or a container in one: an error message that plants commands is inert", async () => {
    const dir = writeHostileMessages();

    const inStep = await runCliBundle(["--fail-on", "never", "t.jsonl"], dir, { GITHUB_ACTIONS: "true" });
    expect(inStep.code, inStep.stderr).toBe(0);
    expect(inStep.stdout).toContain("PWNED");
    expectNoForeignCommands("stdout", inStep.stdout);

    // In a container (`docker run … npx fusion-report`) the runner still reads stdout, but the CLI
    // does not see GITHUB_ACTIONS: the report is printed the same, inert, wherever it runs.
    const inContainer = await runCliBundle(["--fail-on", "never", "t.jsonl"], dir);
    expect(inContainer.stdout).toContain("PWNED");
    expectNoForeignCommands("stdout", inContainer.stdout);
    expect(inContainer.stdout).toBe(inStep.stdout);
    // The Markdown file is the report as it is, and renders the same as stdout (`\:` shows as `:`).
    const file = await runCliBundle(["--fail-on", "never", "--quiet", "--markdown", "r.md", "t.jsonl"], dir);
    expect(file.code).toBe(0);
    expect(inStep.stdout).toBe(neutraliseRunnerCommands(readFileSync(join(dir, "r.md"), "utf8")));
    // A report file that is the standard output (`--markdown /dev/stdout`; here a link of our own to it)
    // is inert there too, and the same text.
    symlinkSync("/proc/self/fd/1", join(dir, "stdout.md"));
    const piped = await runCliBundle(
      ["--fail-on", "never", "--quiet", "--markdown", "stdout.md", "t.jsonl"],
      dir,
    );
    expect(piped.code, piped.stderr).toBe(0);
    expect(piped.stdout).toContain("PWNED");
    expectNoForeignCommands("the Markdown report written to stdout", piped.stdout);
    expect(piped.stdout).toBe(inStep.stdout);
  });

  it("stdout as a report file (--json -, --junit -): inert there, and still the file's syntax and meaning", async () => {
    const dir = writeHostileMessages();
    const xml = new XMLParser({ ignoreAttributes: false, htmlEntities: true, parseTagValue: false });
    for (const [flag, file, parse] of [
      ["--json", "r.json", (text: string) => JSON.parse(text) as unknown],
      // generated_at is the time it was written, the one value two runs do not share.
      [
        "--run-results",
        "rr.json",
        (text: string) => {
          const artifact = JSON.parse(text) as { metadata: { generated_at?: string } };
          delete artifact.metadata.generated_at;
          return artifact;
        },
      ],
      [
        "--junit",
        "r.xml",
        (text: string) => (expect(XMLValidator.validate(text)).toBe(true), xml.parse(text)),
      ],
    ] as const) {
      const written = await runCliBundle(["--fail-on", "never", "--quiet", flag, file, "t.jsonl"], dir);
      expect(written.code, written.stderr).toBe(0);
      const text = readFileSync(join(dir, file), "utf8");
      // The file holds the commands' text as the telemetry had it (so this test can fail) …
      expect(text).toContain("##[error]PWNED");
      expect(foreignCommands(text, [])).not.toEqual([]);
      // … stdout holds none of them, and (| jq, | xmllint) reads as the same document.
      const streamed = await runCliBundle(["--fail-on", "never", flag, "-", "t.jsonl"], dir, {
        GITHUB_ACTIONS: "true",
      });
      expect(streamed.code, streamed.stderr).toBe(0);
      expectNoForeignCommands(`${flag} - on stdout`, streamed.stdout);
      expect(parse(streamed.stdout), flag).toEqual(parse(text));
    }
  });
});
