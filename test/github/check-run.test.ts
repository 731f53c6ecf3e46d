import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  CHECK_OUTPUT_MAX_BYTES,
  fitCheckOutput,
  PartialCheckRunError,
  publishCheckRun,
  type CheckRunInput,
} from "../../src/github/check-run.js";
import { createClient, type GitHubClient } from "../../src/github/client.js";
import { PermissionError, ValidationError } from "../../src/github/errors.js";
import { appBotLogin } from "../../src/github/identity.js";
import type { CheckAnnotation } from "../../src/render/annotations.js";
import { FakeGitHub } from "../support/github-server.js";

let server: FakeGitHub;
let octokit: GitHubClient;

beforeEach(async () => {
  server = await FakeGitHub.start();
  octokit = createClient("ghs_test", { baseUrl: server.url, fastRetry: true });
});
afterEach(async () => {
  expect(server.violations).toEqual([]);
  await server.close();
});

const annotation = (i: number): CheckAnnotation => ({
  path: `models/m${i}.sql`,
  start_line: 1,
  end_line: 1,
  annotation_level: i % 2 ? "warning" : "failure",
  title: `model m${i} failed`,
  message: `error ${i}`,
});
const input = (n: number, extra: Partial<CheckRunInput> = {}): CheckRunInput => ({
  owner: "acme",
  repo: "analytics",
  headSha: "3f1c2e9a7b6d5c4e3f2a1b0c9d8e7f6a5b4c3d2e",
  name: "dbt Fusion",
  conclusion: "failure",
  title: "1 model failed",
  summary: "## Summary",
  text: "details",
  annotations: Array.from({ length: n }, (_, i) => annotation(i)),
  detailsUrl: "https://github.com/acme/analytics/actions/runs/1",
  ...extra,
});

describe("publishCheckRun", () => {
  it("creates a completed check run on the head sha", async () => {
    const result = await publishCheckRun(octokit, input(2));
    expect(result.url).toMatch(/\/runs\/\d+$/);
    expect(server.checkRuns).toHaveLength(1);
    expect(server.checkRuns[0]).toMatchObject({
      name: "dbt Fusion",
      head_sha: "3f1c2e9a7b6d5c4e3f2a1b0c9d8e7f6a5b4c3d2e",
      status: "completed",
      conclusion: "failure",
      output: { title: "1 model failed", summary: "## Summary", text: "details" },
    });
    expect(server.checkRuns[0]?.annotations).toHaveLength(2);
    // The app GitHub says wrote it: its bot writes the comment too.
    expect(result.writtenAs).toBe("github-actions[bot]");
  });

  it("takes only a well-formed app slug as the writer", () => {
    expect(appBotLogin({ slug: "acme-reporter" })).toBe("acme-reporter[bot]");
    for (const app of [null, undefined, {}, { slug: "" }, { slug: 7 }, { slug: "a b" }, { slug: "x]" }])
      expect(appBotLogin(app)).toBeNull();
  });

  it("sends more than 50 annotations as create + PATCH batches of 50, resending title and summary", async () => {
    const result = await publishCheckRun(octokit, input(123));
    expect(result.annotationsWritten).toBe(123);
    const writes = server.requests.filter((r) => r.method !== "GET");
    expect(writes.map((r) => r.operationId)).toEqual(["checks/create", "checks/update", "checks/update"]);
    const sizes = writes.map(
      (r) => (r.body as { output: { annotations: unknown[] } }).output.annotations.length,
    );
    expect(sizes).toEqual([50, 50, 23]);
    for (const w of writes.slice(1)) {
      expect((w.body as { output: object }).output).toMatchObject({
        title: "1 model failed",
        summary: "## Summary",
      });
    }
    const listed = await octokit.paginate(octokit.rest.checks.listAnnotations, {
      owner: "acme",
      repo: "analytics",
      check_run_id: result.id,
      per_page: 100,
    });
    expect(listed.map((a) => a.message)).toEqual(Array.from({ length: 123 }, (_, i) => `error ${i}`));
  });

  it("keeps summary and text within 65,535 UTF-8 bytes", async () => {
    const emoji = "😀".repeat(20_000); // 80,000 bytes, 40,000 UTF-16 units
    await publishCheckRun(octokit, input(0, { summary: emoji, text: "é".repeat(40_000) }));
    const out = server.checkRuns[0]!.output;
    expect(Buffer.byteLength(out.summary!, "utf8")).toBeLessThanOrEqual(CHECK_OUTPUT_MAX_BYTES);
    expect(Buffer.byteLength(out.text!, "utf8")).toBeLessThanOrEqual(CHECK_OUTPUT_MAX_BYTES);
    expect(out.summary).toContain("Truncated to fit");
    expect(out.summary).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/);
  });

  it("turns a fork 403 into a PermissionError naming checks: write", async () => {
    server.forbid("checks/create");
    const error = await publishCheckRun(octokit, input(1)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PermissionError);
    expect((error as PermissionError).permission).toBe("checks: write");
    expect((error as Error).message).toMatch(/checks: write.*workflow_run/s);
  });

  it("an annotation GitHub refuses costs only itself: its batch is sent again in halves, the batches after it too", async () => {
    server.refusesAnnotation = (a) => a.path === "models/m70.sql";
    const result = await publishCheckRun(octokit, input(200));
    expect(result.annotationsWritten).toBe(199);
    expect(result.refused).toMatchObject({ count: 1, requests: 1 });
    expect(result.refused?.reason).toMatch(/422 Validation Failed/);
    const updates = server.requests.filter((r) => r.operationId === "checks/update");
    // 50–99 refused, then halved down to m70, in order: 50–74 ✗, 50–62 ✓, 63–74 ✗, 63–68 ✓, 69–74 ✗,
    // 69–71 ✗, 69–70 ✗, 69 ✓, 70 ✗, 71 ✓, 72–74 ✓, 75–99 ✓; then 100–149 and 150–199; then the text.
    expect(
      updates.map((r) => (r.body as { output: { annotations?: unknown[] } }).output.annotations?.length),
    ).toEqual([50, 25, 13, 12, 6, 6, 3, 2, 1, 1, 1, 3, 25, 50, 50, undefined]);
    const run = server.checkRuns[0]!;
    // In their order, every one but the refused.
    expect(run.annotations.map((a) => a.message)).toEqual(
      Array.from({ length: 200 }, (_, i) => `error ${i}`).filter((m) => m !== "error 70"),
    );
    expect(run.output.text).toBe(
      "1 annotation(s) were refused by GitHub (HTTP 422) and are not shown; the step's warnings say why.\ndetails",
    );
  });

  it("an annotation GitHub refuses in the first batch: the check run is created without it, completed", async () => {
    server.refusesAnnotation = (a) => a.path === "models/m3.sql";
    const result = await publishCheckRun(octokit, input(60));
    expect(result.annotationsWritten).toBe(59);
    expect(result.refused).toMatchObject({ count: 1, requests: 1 });
    const writes = server.requests.filter((r) => r.method !== "GET");
    expect(writes.slice(0, 3).map((r) => [r.operationId, r.status])).toEqual([
      ["checks/create", 422],
      ["checks/create", 201],
      ["checks/update", 422],
    ]);
    // A 422 is an answer: nothing was stored, so nothing is looked for before creating again.
    expect(server.requests.filter((r) => r.operationId === "checks/list-for-ref")).toEqual([]);
    expect(server.checkRuns).toHaveLength(1);
    expect(server.checkRuns[0]).toMatchObject({ status: "completed", conclusion: "failure" });
    expect(server.checkRuns[0]!.annotations.map((a) => a.message)).toEqual(
      Array.from({ length: 60 }, (_, i) => `error ${i}`).filter((m) => m !== "error 3"),
    );
  });

  it("halves refused batches a bounded number of times: every annotation refused costs a few dozen requests", async () => {
    server.refusesAnnotation = () => true;
    const result = await publishCheckRun(octokit, input(500));
    expect(result.annotationsWritten).toBe(0);
    expect(result.refused?.count).toBe(500);
    const updates = server.requests.filter((r) => r.operationId === "checks/update");
    // 10 batches, 24 halvings of two requests each, and the text.
    expect(updates).toHaveLength(10 + 2 * 24 + 1);
    expect(server.checkRuns[0]).toMatchObject({ status: "completed", conclusion: "failure" });
  });

  it("a create GitHub refuses without annotations too is an error, asked twice at most", async () => {
    server.inject({ operationId: "checks/create", status: 422 });
    const error = await publishCheckRun(octokit, input(3)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect(server.requests.map((r) => r.operationId)).toEqual(["checks/create", "checks/create"]);
    expect((server.requests[1]!.body as { output: { annotations: unknown[] } }).output.annotations).toEqual(
      [],
    );
    expect(server.checkRuns).toEqual([]);
  });

  it("reports a partial check run when a later batch fails", async () => {
    server.inject({ operationId: "checks/update", status: 500, times: 10 });
    const error = await publishCheckRun(octokit, input(60)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PartialCheckRunError);
    expect((error as PartialCheckRunError).result.annotationsWritten).toBe(50);
    expect(server.checkRuns).toHaveLength(1);
  });
});

describe("fitCheckOutput", () => {
  it("leaves short text alone", () => {
    expect(fitCheckOutput("ok")).toBe("ok");
  });
});
