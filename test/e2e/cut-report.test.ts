// Through dist/index.js: a report too big for GitHub's limits (hundreds of errors with long
// messages) is cut in the comment (65,536 characters), the check run (65,535 bytes) and the job
// summary (1 MiB). Each says how much it left out and where the whole report is (here the uploaded
// artifact; for the rest of the errors list, the job summary, which holds it whole), in a
// paragraph GitHub shows (CommonMark + GFM as GitHub parses it: nothing left open swallows it);
// the report files themselves stay whole.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  listZipEntries,
  runtimeToken,
  startArtifactServer,
  type ArtifactServer,
} from "../support/artifact-server.js";
import { isElement, markdownToHtml, parseHtml, textOf, walk } from "../support/gfm-html.js";
import {
  ensureBuilt,
  hugeErrorsJsonl,
  PR_NUMBER,
  runAction,
  startGateway,
  startServer,
  type E2EServer,
} from "./helpers.js";

const RUN_URL = "https://github.com/acme/analytics/actions/runs/9876543210";
const ERRORS = 400;

let server: E2EServer;
let artifacts: ArtifactServer;
let gateway: { url: string; close(): Promise<void> };

beforeAll(() => ensureBuilt(), 120_000);
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

/** The top-level paragraphs (nothing open around them) of GitHub's rendering, as text. */
function visibleParagraphs(markdown: string): string[] {
  const out: string[] = [];
  for (const [node, ancestors] of walk(parseHtml(markdownToHtml(markdown)))) {
    if (isElement(node) && node.tagName === "p" && ancestors.length === 0) out.push(textOf(node));
  }
  return out;
}

describe("a report cut to GitHub's limits points to the whole report", () => {
  it("comment, check run and job summary name the uploaded artifact; the files are whole", async () => {
    const run = await runAction(server, {
      apiUrl: gateway.url,
      inputs: {
        telemetry: "logs/telemetry.jsonl",
        "markdown-report": "reports/dbt.md",
        "upload-artifact": "fusion-report",
      },
      workspaceFiles: { "logs/telemetry.jsonl": hugeErrorsJsonl(ERRORS, 4_000) },
      env: {
        ACTIONS_RESULTS_URL: `${artifacts.url}/`,
        ACTIONS_RUNTIME_TOKEN: runtimeToken("run-1", "job-2"),
      },
    });
    expect(run.code).toBe(1);
    expect(run.outputs.errors).toBe(String(ERRORS));

    const comment = server.commentsOn(PR_NUMBER)[0]!.body;
    const check = server.checkRuns[0]!.output.summary!;
    expect(comment.length).toBeLessThanOrEqual(65_536);
    expect(Buffer.byteLength(check, "utf8")).toBeLessThanOrEqual(65_535);
    expect(Buffer.byteLength(run.summary, "utf8")).toBeLessThanOrEqual(1_000_000);

    const where = "the fusion-report artifact of this workflow run";
    for (const [channel, markdown] of [
      ["comment", comment],
      ["check run", check],
      ["job summary", run.summary],
    ] as const) {
      const paragraphs = visibleParagraphs(markdown);
      // How much was left out, and where it is: the job summary lists every error (with shorter
      // excerpts), so the comment and the check run point there for the rest of the list.
      const more = paragraphs.find((p) => /^… and \d+ more errors, listed in /.test(p));
      if (channel === "job summary") expect(more, channel).toBeUndefined();
      else {
        expect(more, channel).toBe(
          `… and ${/\d+/.exec(more ?? "")?.[0]} more errors, listed in the job summary of this workflow run.`,
        );
      }
      expect(paragraphs, channel).toContain(
        `Some detail was left out to fit this view; the complete report is in ${where}.`,
      );
      expect(markdown, channel).toContain(`artifact of [this workflow run](${RUN_URL})`);
    }
    // The job summary was cut too, so the annotations left out are not named as there.
    expect(server.checkRuns[0]!.output.text).toBe(
      `${ERRORS - 50} more annotation(s) were not sent (max-annotations: 50); see the \`fusion-report\` artifact ` +
        `of [this workflow run](${RUN_URL}).`,
    );
    // The comment's hidden marker is still last (found by the next run).
    expect(comment.endsWith("<!-- fusion-report:dbt Fusion -->")).toBe(true);

    // The files are whole: every error, with its whole message.
    const file = readFileSync(join(run.workspace, "reports/dbt.md"), "utf8");
    expect(file).not.toContain("left out");
    for (let i = 0; i < ERRORS; i += 57) expect(file).toContain(`node_${String(i).padStart(3, "0")}_`);
    const json = JSON.parse(readFileSync(run.outputs["report-json"]!, "utf8")) as {
      counts: { error: number };
    };
    expect(json.counts.error).toBe(ERRORS);
    const upload = artifacts.uploads.find((u) => u.name === "fusion-report");
    expect(upload?.finalized).toBe(true);
    expect(listZipEntries(upload!.bytes).sort()).toEqual(["dbt.md", "fusion-report.json"]);
  }, 120_000);

  it("a results service that never answers: the upload is given up at artifact-timeout-minutes, the channels go out", async () => {
    // The toolkit would wait three minutes per attempt, five times, with every channel behind it.
    artifacts.silentResults = true;
    // runAction gives the step 30 s (then the exit code is -1, not 1).
    const run = await runAction(server, {
      apiUrl: gateway.url,
      inputs: {
        telemetry: "logs/telemetry.jsonl",
        "upload-artifact": "fusion-report",
        "artifact-timeout-minutes": "0.02",
      },
      workspaceFiles: { "logs/telemetry.jsonl": hugeErrorsJsonl(ERRORS, 4_000) },
      env: {
        ACTIONS_RESULTS_URL: `${artifacts.url}/`,
        ACTIONS_RUNTIME_TOKEN: runtimeToken("run-1", "job-2"),
      },
    });
    expect(run.code).toBe(1);
    expect(artifacts.requests.map((r) => r.path)).toContain(
      "/twirp/github.actions.results.api.v1.ArtifactService/CreateArtifact",
    );
    expect(run.stdout).toMatch(
      /^::warning::upload-artifact: could not upload 'fusion-report': it took longer than 1 second \(artifact-timeout-minutes\) and was given up/m,
    );
    expect(artifacts.uploads).toEqual([]);
    // Every channel went out, none naming the artifact.
    const comment = server.commentsOn(PR_NUMBER)[0]!.body;
    expect(server.checkRuns.map((c) => c.conclusion)).toEqual(["failure"]);
    expect(run.outputs.conclusion).toBe("failure");
    for (const [channel, markdown] of [
      ["comment", comment],
      ["check run", server.checkRuns[0]!.output.summary!],
      ["job summary", run.summary],
    ] as const) {
      expect(markdown, channel).not.toContain("artifact of");
      expect(visibleParagraphs(markdown), channel).toContain(
        "Some detail was left out to fit this view; the complete report is in the JSON report, which this run " +
          "could not keep: the upload of the fusion-report artifact failed (the step's warnings say why).",
      );
    }
  }, 120_000);

  it("never names an artifact whose upload failed: the notes say the report could not be kept", async () => {
    // No ACTIONS_RUNTIME_TOKEN: the artifact client refuses before any request (as outside Actions).
    const run = await runAction(server, {
      apiUrl: gateway.url,
      inputs: { telemetry: "logs/telemetry.jsonl", "upload-artifact": "fusion-report" },
      workspaceFiles: { "logs/telemetry.jsonl": hugeErrorsJsonl(ERRORS, 4_000) },
      env: { ACTIONS_RESULTS_URL: `${artifacts.url}/` },
    });
    expect(run.code).toBe(1);
    expect(artifacts.uploads).toEqual([]);
    expect(run.stdout).toMatch(/^::warning::upload-artifact: could not upload 'fusion-report': /m);

    const where =
      "the JSON report, which this run could not keep: the upload of the fusion-report artifact failed " +
      "(the step's warnings say why)";
    const comment = server.commentsOn(PR_NUMBER)[0]!.body;
    for (const [channel, markdown] of [
      ["comment", comment],
      ["check run", server.checkRuns[0]!.output.summary!],
      ["job summary", run.summary],
    ] as const) {
      expect(markdown, channel).not.toContain("artifact of");
      expect(visibleParagraphs(markdown), channel).toContain(
        `Some detail was left out to fit this view; the complete report is in ${where}.`,
      );
    }
  }, 120_000);
});
