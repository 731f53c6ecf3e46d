// The messages added for reader warnings, the stopped step, forks and superseded runs, attacked
// through the bundles: a file name found in the pull request's checkout, a project-dir, a fork's name
// from the event payload, a head commit and an error body from the API. Each reaches the log without
// a workflow command, the Markdown channels as text only (rendered as GitHub would, compared with a
// tame twin's elements), stderr one line per message, and no secret anywhere.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { commentMarker } from "../../src/github/comment.js";
import { SECRET_PIECE_LENGTH } from "../../src/text/secrets.js";
import { attribute, isElement, markdownToHtml, parseHtml, textOf, walk } from "../support/gfm-html.js";
import { foreignCommands } from "../support/runner-commands.js";
import { makeTempDir } from "../support/temp-dir.js";
import {
  ensureBuilt,
  expectTokenHidden,
  fixture,
  PR_NUMBER,
  pullRequestPayload,
  runAction,
  runCliBundle,
  startServer,
  TOKEN,
  type ActionRun,
  type E2EServer,
} from "./helpers.js";

const FAILING = readFileSync(fixture("preview120_build_success.otel.jsonl"), "utf8");
const MARKER = commentMarker("dbt Fusion");
// A file name (no `/`, no NUL) that tries every way out: commands after each kind of line break,
// Markdown blocks and links, HTML, a mention, an issue link, our own sticky marker.
const HOSTILE =
  "x\n::error::PWNED\r::add-mask::dbt\u2028##[error]PWNED\u2029# Heading @octocat #1 <details open><summary>PWNED" +
  " <img src=x onerror=alert(1)> [a](javascript:alert(1)) <https:evil.example> www.evil.example | c | ``` <!-- fusion-report:dbt Fusion -->";
const TAME = "tame";

const cleanup: string[] = [];
afterEach(() => {
  for (const dir of cleanup.splice(0)) rmSync(dir, { recursive: true, force: true });
});
beforeAll(() => ensureBuilt(), 120_000);

/** The failing build with `extra` node span ends that name no node (a located warning each). */
function telemetryWithUnnamedEnds(extra: number): string {
  const lines = FAILING.trimEnd().split("\n");
  const template = lines
    .map((line) => JSON.parse(line) as { record_type: string; event_type: string; attributes: object })
    .find((r) => r.record_type === "SpanEnd" && r.event_type.endsWith("NodeEvaluated"))!;
  const unnamed = Array.from({ length: extra }, (_, i) => {
    const record = structuredClone(template) as typeof template & { span_id: string };
    delete (record.attributes as { unique_id?: string }).unique_id;
    record.span_id = (0xabc000 + i).toString(16).padStart(16, "0");
    return JSON.stringify(record);
  });
  // Before the invocation's end, which is among the last lines.
  return [...lines.slice(0, -3), ...unnamed, ...lines.slice(-3)].join("\n") + "\n";
}

/** Over 100 located warnings (so the '… and N more' count too) and another tool's JSONL beside it. */
function readerWarningFiles(name: string): Record<string, string> {
  return {
    [`logs/${name}.jsonl`]: telemetryWithUnnamedEnds(103),
    [`logs/${name}.app.jsonl`]: '{"ts":1,"level":"info","msg":"started"}\n',
  };
}

/** The elements of rendered Markdown in document order, links by where they go; comments too. */
function skeleton(markdown: string): string[] {
  const out: string[] = [];
  for (const [node, ancestors] of walk(parseHtml(markdownToHtml(markdown)))) {
    if (node.nodeName === "#comment") out.push(`${ancestors.length} <!--comment-->`);
    if (!isElement(node) || node.tagName === "wbr") continue;
    const attrs = node.attrs.map((a) => (a.name === "title" ? "title" : `${a.name}=${a.value}`)).sort();
    out.push(`${ancestors.length} <${node.tagName}${attrs.length ? ` ${attrs.join(" ")}` : ""}>`);
  }
  return out;
}

/** Text GitHub would turn into a mention or an issue link (it skips code, pre and links). */
function linkableText(markdown: string): string[] {
  const found: string[] = [];
  for (const [node, ancestors] of walk(parseHtml(markdownToHtml(markdown)))) {
    if (node.nodeName !== "#text") continue;
    if (ancestors.some((a) => ["code", "pre", "a"].includes(a.tagName))) continue;
    for (const m of textOf(node).matchAll(/(?<![\w`])@[A-Za-z0-9][\w-]*|(?<![\w&])#\d+/g)) found.push(m[0]);
  }
  return found;
}

/** The Markdown channels of a run: job summary, sticky comment, check run summary. */
function markdownOf(run: ActionRun, server: E2EServer): Record<string, string> {
  return {
    "job summary": run.summary,
    comment: server.commentsOn(PR_NUMBER).at(-1)?.body ?? "",
    "check run": server.checkRuns.at(-1)?.output.summary ?? "",
  };
}

function expectSameElements(hostile: Record<string, string>, tame: Record<string, string>): void {
  for (const [where, markdown] of Object.entries(hostile)) {
    expect(markdown, where).not.toBe("");
    expect(skeleton(markdown), where).toEqual(skeleton(tame[where]!));
    expect(linkableText(markdown), where).toEqual([]);
    // The sticky marker is found in the raw Markdown: only ours may spell it.
    expect(markdown.split(MARKER).length - 1, where).toBe(where === "comment" ? 1 : 0);
    for (const element of [...walk(parseHtml(markdownToHtml(markdown)))].map(([node]) => node)) {
      if (isElement(element) && element.tagName === "a") {
        expect(attribute(element, "href"), where).not.toContain("evil.example");
      }
    }
  }
}

/** Every log line that names the file is one `::warning::` (data escaped by @actions/core) or an inert info line. */
function expectLogInert(run: ActionRun): void {
  expect(foreignCommands(run.stdout, [TOKEN]), "runner commands planted in stdout").toEqual([]);
  expect(foreignCommands(run.stderr, [TOKEN]), "runner commands planted in stderr").toEqual([]);
  expectTokenHidden(run);
}

async function withServer<T>(work: (server: E2EServer) => Promise<T>): Promise<T> {
  const server = await startServer();
  try {
    return await work(server);
  } finally {
    await server.close();
  }
}

describe("reader warnings naming a file from the pull request's checkout", () => {
  const act = (name: string) =>
    withServer(async (server) => {
      server.seedComment(PR_NUMBER, `Old report\n\n${MARKER}`);
      const run = await runAction(server, {
        inputs: { telemetry: "logs", "fail-on": "never" },
        workspaceFiles: readerWarningFiles(name),
      });
      cleanup.push(run.workspace);
      expect(run.code, run.stdout + run.stderr).toBe(0);
      return { run, markdown: markdownOf(run, server) };
    });

  it("Action: one warning per line in the log, text only in every Markdown channel", async () => {
    const hostile = await act(HOSTILE);
    const tame = await act(TAME);
    expectLogInert(hostile.run);
    // The name reached each channel (else this test could not fail), on one line, breaks shown.
    const shown = "x\\n::error::PWNED\\x0d::add-mask::dbt\\u2028##[error]PWNED\\u2029# Heading";
    const warnings = hostile.run.stdout.split("\n").filter((line) => line.startsWith("::warning::"));
    expect(warnings.filter((line) => line.includes(shown)).length).toBe(102);
    expect(
      warnings.some((line) =>
        /… and 3 more warnings about logs\/x\\n::error::PWNED.*, not listed$/.test(line),
      ),
    ).toBe(true);
    expect(
      warnings.some((line) => line.includes(" — skipped: it is not telemetry (the report is read from ")),
    ).toBe(true);
    for (const markdown of Object.values(hostile.markdown)) expect(markdown).toContain("PWNED");
    expectSameElements(hostile.markdown, tame.markdown);
  });

  it("CLI: each warning on one line of stderr, naming the file as the others do", async () => {
    const cwd = makeTempDir("fusion-e2e-msg-");
    cleanup.push(cwd);
    mkdirSync(join(cwd, "logs"));
    for (const [file, content] of Object.entries(readerWarningFiles(HOSTILE)))
      writeFileSync(join(cwd, file), content);
    const run = await runCliBundle(["--quiet", "--fail-on", "never", "logs"], cwd);
    expect(run.code, run.stderr).toBe(0);
    expect(foreignCommands(run.stderr, [])).toEqual([]);
    const lines = run.stderr.trimEnd().split("\n");
    expect(lines).toHaveLength(102);
    for (const line of lines)
      expect(line).toMatch(
        /^fusion-report: warning: (… and 3 more warnings about )?logs\/x\\n::error::PWNED\\x0d/,
      );
    expect(lines.at(-1)).toMatch(
      /^fusion-report: warning: … and 3 more warnings about logs\/x\\n.*\.jsonl, not listed$/,
    );
  });
});

describe("a stopped step's message naming project-dir (no telemetry found)", () => {
  const act = (projectDir: string) =>
    withServer(async (server) => {
      server.seedComment(PR_NUMBER, `Old report\n\n${MARKER}`);
      const run = await runAction(server, {
        inputs: { "project-dir": projectDir, telemetry: "logs/telemetry.jsonl" },
      });
      cleanup.push(run.workspace);
      expect(run.code, run.stdout + run.stderr).toBe(1);
      return { run, markdown: markdownOf(run, server) };
    });

  it("is one error in the log and a code block in the summary, check run and comment", async () => {
    const hostile = await act(`${HOSTILE}\n\`\`\`\`\n</details>\n# Heading`);
    const tame = await act(TAME);
    expectLogInert(hostile.run);
    const errors = hostile.run.stdout.split("\n").filter((line) => line.startsWith("::error::"));
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain("The paths are relative to project-dir 'x%0A::error::PWNED");
    for (const markdown of Object.values(hostile.markdown)) expect(markdown).toContain("PWNED");
    expectSameElements(hostile.markdown, tame.markdown);
  });
});

describe("a fork's name and a server's error body in a refused channel's warning", () => {
  const FORK = `evil\n::error::PWNED\r##[add-mask]dbt\u2028::add-mask::dbt/analytics`;

  it("each warning is one line, the fork named with its breaks escaped, the echoed token masked", async () => {
    await withServer(async (server) => {
      // GitHub's 403 body, with the request's Authorization header echoed back into it.
      const body = {
        message: `Resource not accessible by integration (Authorization: token ${TOKEN})\n::error::PWNED`,
        documentation_url: "https://docs.github.com/rest",
      };
      server.inject({ operationId: "issues/create-comment", status: 403, body });
      server.inject({ operationId: "checks/create", status: 403, body });
      const run = await runAction(server, {
        payload: pullRequestPayload({ headRepo: FORK }),
        inputs: { telemetry: fixture("preview120_build_success.otel.jsonl") },
      });
      cleanup.push(run.workspace);
      expect(run.code).toBe(1);
      expectLogInert(run);
      const log = run.stdout.replace(/^::add-mask::.*$/gm, "");
      for (let i = 0; i + SECRET_PIECE_LENGTH <= TOKEN.length; i++) {
        expect(log).not.toContain(TOKEN.slice(i, i + SECRET_PIECE_LENGTH));
      }
      expect(log).toContain("(Authorization: token ***)");
      const refused = run.stdout.split("\n").filter((line) => line.includes("comes from the fork"));
      expect(refused).toHaveLength(2);
      for (const line of refused) {
        expect(line).toMatch(/^::warning::Could not publish the (check run|pull request comment): /);
        expect(line).toContain(
          "the fork evil%0A::error::PWNED%0A##[add-mask]dbt%0A::add-mask::dbt/analytics,",
        );
      }
    });
  });
});

describe("a head commit from the API in the superseded note", () => {
  it("is cut to its short form on an inert log line", async () => {
    await withServer(async (server) => {
      server.pulls.push({
        number: PR_NUMBER,
        state: "open",
        head: {
          sha: "\n::error::PWNED\n::add-mask::dbt",
          ref: "feature/orders",
          repoFullName: "acme/analytics",
        },
      });
      const run = await runAction(server, {
        inputs: { telemetry: fixture("preview120_build_success.otel.jsonl") },
      });
      cleanup.push(run.workspace);
      expectLogInert(run);
      expect(server.commentsOn(PR_NUMBER)).toEqual([]);
      expect(run.stdout).toContain("No PR comment: pull request #418 has moved on to ");
      expect(run.stdout).not.toContain("PWNED");
    });
  });
});
