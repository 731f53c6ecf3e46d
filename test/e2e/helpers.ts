// End-to-end helpers: run the bundled Action (dist/index.js) the way the runner does — a plain
// `node` child process with INPUT_* variables, GITHUB_* variables and file-command files — against
// the OpenAPI-validating GitHub stand-in.
import { execFile, execFileSync, type ChildProcess } from "node:child_process";
import { createServer, request as httpRequest, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { delimiter, dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, beforeAll, beforeEach, expect } from "vitest";
import { FakeGitHub } from "../support/github-server.js";
import { makeTempDir } from "../support/temp-dir.js";

export const REPO_ROOT = fileURLToPath(new URL("../../", import.meta.url));
/** FUSION_REPORT_E2E_INDEX runs the action tests against another build of dist/index.js. */
export const DIST_INDEX = process.env.FUSION_REPORT_E2E_INDEX || join(REPO_ROOT, "dist", "index.js");
export const DIST_CLI = join(REPO_ROOT, "dist", "cli.js");
export const REAL = join(REPO_ROOT, "test", "fixtures", "real");
export const fixture = (name: string): string => join(REAL, name);

/** Looks like a real installation token, so a leak would be caught by the scrubber test too. */
export const TOKEN = "ghs_e2eTokenValue0123456789abcdefABCDEF";
export const HEAD_SHA = "3f1c2e9a7b6d5c4e3f2a1b0c9d8e7f6a5b4c3d2e";
export const MERGE_SHA = "1111111111111111111111111111111111111111";
export const PUSH_SHA = "2222222222222222222222222222222222222222";
export const PR_NUMBER = 418;

/** CI builds before testing; locally the bundle is built once if it is missing (never on every run). */
export function ensureBuilt(): void {
  if (existsSync(DIST_INDEX) && existsSync(DIST_CLI)) return;
  execFileSync("npm", ["run", "build"], { cwd: REPO_ROOT, stdio: "inherit" });
}

/**
 * The fake server with `GET /repos/{owner}/{repo}/pulls/{pull_number}/files` added (the Action
 * lists the PR's changed files to rank annotations). `changedFiles` is what it answers.
 */
export interface E2EServer extends FakeGitHub {
  changedFiles: string[];
}

type Send = (status: number, data: unknown, headers?: Record<string, string>) => void;
type Route = (
  op: string,
  params: Record<string, string>,
  url: URL,
  body: Record<string, unknown>,
  send: Send,
) => void;

export async function startServer(): Promise<E2EServer> {
  const server = (await FakeGitHub.start()) as E2EServer;
  server.changedFiles = [];
  const host = server as unknown as { route: Route };
  const original = host.route.bind(server);
  host.route = (op, params, url, body, send) => {
    if (op !== "pulls/list-files") return original(op, params, url, body, send);
    const perPage = Math.min(Number(url.searchParams.get("per_page") ?? 30), 100);
    const page = Number(url.searchParams.get("page") ?? 1);
    const files = server.changedFiles.map((filename, i) => ({
      sha: `${String(i).padStart(40, "0")}`,
      filename,
      status: "modified",
      additions: 1,
      deletions: 0,
      changes: 1,
      blob_url: `https://github.com/${server.owner}/${server.repo}/blob/${HEAD_SHA}/${filename}`,
      raw_url: `https://github.com/${server.owner}/${server.repo}/raw/${HEAD_SHA}/${filename}`,
      contents_url: `${server.url}/repos/${server.owner}/${server.repo}/contents/${filename}`,
    }));
    send(200, files.slice((page - 1) * perPage, page * perPage));
  };
  return server;
}

/**
 * One API origin in front of two stand-ins, as the Action sees only GITHUB_API_URL: workflow-artifact
 * calls (`/repos/{o}/{r}/actions/…` but workflow runs, blobs, Twirp, uploads) go to the artifact server, everything
 * else to the GitHub stand-in. Redirects are passed through, not followed.
 */
export async function startGateway(
  github: { url: string },
  artifacts: { url: string },
): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createServer((req, res) => {
    const path = req.url ?? "/";
    // Workflow runs (`actions/workflows/…`) are the GitHub stand-in's; artifacts are the other's.
    const toArtifacts = /^\/repos\/[^/]+\/[^/]+\/actions\/(?!workflows\/)|^\/(blobs|twirp|upload)\//.test(
      path,
    );
    const target = new URL(path, toArtifacts ? artifacts.url : github.url);
    const forward = httpRequest(
      target,
      { method: req.method, headers: { ...req.headers, host: target.host } },
      (upstream) => {
        res.writeHead(upstream.statusCode ?? 502, upstream.headers);
        upstream.pipe(res);
      },
    );
    forward.on("error", (error) => {
      res.writeHead(502, { "content-type": "application/json" });
      res.end(JSON.stringify({ message: `gateway: ${error.message}` }));
    });
    req.pipe(forward);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve, reject) => server.close((e) => (e ? reject(e) : resolve()))),
  };
}

/**
 * The test run's TMPDIR (see test/support/temp-guard.ts), passed on to the bundles so that whatever
 * they put in the temp dir is checked for leftovers too.
 */
export function inheritedTmpdir(): Record<string, string> {
  return process.env.TMPDIR ? { TMPDIR: process.env.TMPDIR } : {};
}

export type EventName =
  | "pull_request"
  | "pull_request_target"
  | "push"
  | "schedule"
  | "workflow_run"
  | "workflow_dispatch"
  | "merge_group";

export interface RunOptions {
  event?: EventName;
  /** Event payload; defaults to a same-repo pull_request #418 for `pull_request`, {} otherwise. */
  payload?: Record<string, unknown>;
  /** Action inputs by their action.yml names (hyphens kept). Unset inputs get action.yml defaults. */
  inputs?: Record<string, string>;
  /** GITHUB_SHA; defaults to the test merge commit for pull_request, PUSH_SHA otherwise. */
  sha?: string;
  /** Extra environment (wins over everything). */
  env?: Record<string, string>;
  /** Script to run instead of dist/index.js (the bundle test runs a copy). */
  script?: string;
  /** Give the Action no API at all (no GITHUB_API_URL). */
  noServer?: boolean;
  /** GITHUB_API_URL other than the server's own (e.g. a gateway in front of it). */
  apiUrl?: string;
  /** Files to put in the workspace before the run: relative path → content. */
  workspaceFiles?: Record<string, string | Uint8Array>;
  /** Symbolic links to put in the workspace after its files: relative path → what the link names. */
  workspaceLinks?: Record<string, string>;
  /** Called with the child process once it runs (to signal it, as the runner does on a cancel). */
  onSpawn?: (child: ChildProcess) => void;
  /**
   * GITHUB_WORKSPACE spelled through a symbolic link to the workspace (a self-hosted runner whose
   * work folder is linked to a bigger disk); the step's working directory is the real folder, as
   * the system reports it.
   */
  workspaceByLink?: boolean;
}

export interface ActionRun {
  code: number;
  stdout: string;
  stderr: string;
  summary: string;
  outputs: Record<string, string>;
  /** Raw GITHUB_OUTPUT file (for leak checks). */
  outputFile: string;
  workspace: string;
  runnerTemp: string;
}

/**
 * The token never reaches what a user can see: the log (but for the `::add-mask::` line the runner
 * consumes to mask it), stderr, the job summary, the outputs file, and whatever else the test names.
 */
export function expectTokenHidden(run: ActionRun, more: Record<string, string> = {}): void {
  const log = run.stdout
    .split("\n")
    .filter((line) => !line.startsWith("::add-mask::"))
    .join("\n");
  const seen = { stdout: log, stderr: run.stderr, summary: run.summary, outputs: run.outputFile, ...more };
  for (const [where, text] of Object.entries(seen)) {
    expect(text, `token leaked into ${where}`).not.toContain(TOKEN);
  }
}

export const pullRequestPayload = (
  over: { number?: number; headRepo?: string } = {},
): Record<string, unknown> => ({
  action: "synchronize",
  number: over.number ?? PR_NUMBER,
  pull_request: {
    number: over.number ?? PR_NUMBER,
    head: { sha: HEAD_SHA, ref: "feature/orders", repo: { full_name: over.headRepo ?? "acme/analytics" } },
    base: { sha: "0".repeat(40), ref: "main", repo: { full_name: "acme/analytics" } },
  },
  repository: { full_name: "acme/analytics" },
});

/** action.yml defaults, as the runner would pass them (it sets every input, with its default). */
function actionDefaults(): Record<string, string> {
  const yml = readFileSync(join(REPO_ROOT, "action.yml"), "utf8");
  const inputsBlock = yml.split(/^inputs:\s*$/m)[1]?.split(/^outputs:\s*$/m)[0] ?? "";
  const defaults: Record<string, string> = {};
  for (const m of inputsBlock.matchAll(/^ {2}([a-z0-9-]+):\s*\n((?: {4}.*\n|\s*\n)*)/gm)) {
    const body = m[2] ?? "";
    const single = /^ {4}default:\s*"(.*)"\s*$/m.exec(body) ?? /^ {4}default:\s*([^|\s].*?)\s*$/m.exec(body);
    const block = /^ {4}default:\s*\|\s*\n((?: {6}.*\n)+)/m.exec(body);
    if (block) defaults[m[1]!] = block[1]!.replace(/^ {6}/gm, "");
    else if (single) defaults[m[1]!] = single[1]!;
  }
  return defaults;
}

/** Spawns `node dist/index.js` with an `env -i`-style environment: PATH, HOME and the GitHub variables only. */
export async function runAction(server: FakeGitHub | null, options: RunOptions = {}): Promise<ActionRun> {
  const event = options.event ?? "pull_request";
  const workspace = makeTempDir("fusion-e2e-ws-");
  const runnerTemp = join(workspace, "_temp");
  mkdirSync(runnerTemp);
  const summaryPath = join(runnerTemp, "step_summary");
  const outputPath = join(runnerTemp, "github_output");
  const eventPath = join(runnerTemp, "event.json");
  writeFileSync(summaryPath, "");
  writeFileSync(outputPath, "");
  const payload = options.payload ?? (event === "pull_request" ? pullRequestPayload() : {});
  writeFileSync(eventPath, JSON.stringify(payload));
  for (const [relative, content] of Object.entries(options.workspaceFiles ?? {})) {
    mkdirSync(dirname(join(workspace, relative)), { recursive: true });
    writeFileSync(join(workspace, relative), content);
  }
  for (const [relative, target] of Object.entries(options.workspaceLinks ?? {})) {
    mkdirSync(dirname(join(workspace, relative)), { recursive: true });
    symlinkSync(target, join(workspace, relative));
  }

  const inputs: Record<string, string> = {
    ...actionDefaults(),
    "github-token": TOKEN,
    ...options.inputs,
  };
  const env: Record<string, string> = {
    PATH: [dirname(process.execPath), "/usr/bin", "/bin"].join(delimiter),
    HOME: process.env.HOME ?? workspace,
    ...inheritedTmpdir(),
    CI: "true",
    GITHUB_ACTIONS: "true",
    GITHUB_REPOSITORY: "acme/analytics",
    GITHUB_REPOSITORY_OWNER: "acme",
    GITHUB_EVENT_NAME: event,
    GITHUB_EVENT_PATH: eventPath,
    GITHUB_SHA: options.sha ?? (event === "pull_request" ? MERGE_SHA : PUSH_SHA),
    GITHUB_REF: event === "pull_request" ? `refs/pull/${PR_NUMBER}/merge` : "refs/heads/main",
    GITHUB_REF_NAME: event === "pull_request" ? `${PR_NUMBER}/merge` : "main",
    GITHUB_SERVER_URL: "https://github.com",
    GITHUB_RUN_ID: "9876543210",
    GITHUB_RUN_ATTEMPT: "1",
    GITHUB_WORKSPACE: options.workspaceByLink ? linkTo(workspace) : workspace,
    GITHUB_STEP_SUMMARY: summaryPath,
    GITHUB_OUTPUT: outputPath,
    RUNNER_TEMP: runnerTemp,
    FUSION_REPORT_TEST_FAST_RETRY: "1",
    ...(server && !options.noServer ? { GITHUB_API_URL: options.apiUrl ?? server.url } : {}),
  };
  for (const [name, value] of Object.entries(inputs)) env[`INPUT_${name.toUpperCase()}`] = value;
  Object.assign(env, options.env);

  const { code, stdout, stderr } = await new Promise<{ code: number; stdout: string; stderr: string }>(
    (resolve) => {
      const child = execFile(
        process.execPath,
        [options.script ?? DIST_INDEX],
        { cwd: workspace, env, maxBuffer: 64 * 1024 * 1024, timeout: 30_000 },
        (error, stdout, stderr) => {
          const c = error ? (typeof error.code === "number" ? error.code : -1) : 0;
          resolve({ code: c, stdout, stderr });
        },
      );
      options.onSpawn?.(child);
    },
  );
  const outputFile = readFileSync(outputPath, "utf8");
  return {
    code,
    stdout,
    stderr,
    summary: readFileSync(summaryPath, "utf8"),
    outputs: parseOutputFile(outputFile),
    outputFile,
    workspace,
    runnerTemp,
  };
}

/** A new path that is a symbolic link to `folder`. */
function linkTo(folder: string): string {
  const link = join(makeTempDir("fusion-e2e-link-"), "workspace");
  symlinkSync(folder, link);
  return link;
}

/** GITHUB_OUTPUT is `name<<DELIM\nvalue\nDELIM\n` records (what @actions/core writes). */
export function parseOutputFile(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  const lines = text.split("\n");
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const heredoc = /^([^=<]+)<<(.+)$/.exec(line);
    if (heredoc) {
      const [, name, delim] = heredoc;
      const value: string[] = [];
      for (i++; i < lines.length && lines[i] !== delim; i++) value.push(lines[i]!);
      out[name!] = value.join("\n");
    } else if (line.includes("=")) {
      out[line.slice(0, line.indexOf("="))] = line.slice(line.indexOf("=") + 1);
    }
  }
  return out;
}

/** The token must never be printed, summarised or set as an output. */
export function leaks(run: ActionRun, token = TOKEN): string[] {
  const places: [string, string][] = [
    ["stdout", run.stdout],
    ["stderr", run.stderr],
    ["summary", run.summary],
    ["outputs", run.outputFile],
  ];
  return places.filter(([, text]) => text.includes(token)).map(([name]) => name);
}

// ---- Synthetic telemetry built from the real preview.120 failing-test records ----

interface JsonRecord {
  record_type: string;
  span_id: string;
  event_type: string;
  parent_span_id?: string | null;
  links?: { span_id: string }[] | null;
  attributes: Record<string, unknown>;
  [key: string]: unknown;
}

function readRecords(name: string): JsonRecord[] {
  return readFileSync(fixture(name), "utf8")
    .split("\n")
    .filter((l) => l.trim() !== "")
    .map((l) => JSON.parse(l) as JsonRecord);
}

const FAILED_TEST = {
  id: "test.jaffle_shop.accepted_values_customers_customer_type__new__returning.d299a3800c",
  name: "accepted_values_customers_customer_type__new__returning",
  file: "models/marts/customers.yml",
};
const ERRORED_UNIT_TEST = {
  id: "unit_test.jaffle_shop.stg_locations.test_does_location_opened_at_trunc_to_date",
  name: "test_does_location_opened_at_trunc_to_date",
  file: "models/staging/stg_locations.yml",
};
type NodeTemplate = typeof FAILED_TEST;

/**
 * preview120_failed.otel.jsonl with the node `template` copied `count` times (each copy with its
 * own unique id, name, span ids, file and line) and the other node removed; the process,
 * invocation and phase spans stay around them. `edit` may change each copied record.
 */
function multiplyNode(
  template: NodeTemplate,
  count: number,
  edit: (record: JsonRecord, index: number) => void = () => {},
): string {
  const records = readRecords("preview120_failed.otel.jsonl");
  const mentions = (r: JsonRecord, node: NodeTemplate): boolean => JSON.stringify(r).includes(node.name);
  const frame = records.filter((r) => !mentions(r, FAILED_TEST) && !mentions(r, ERRORED_UNIT_TEST));
  const copies = records.filter((r) => mentions(r, template));
  const spanIds = new Set(copies.map((r) => r.span_id));
  // Inserted just before the RUN phase ends, where the real nodes sit.
  const runPhaseEnd = frame.findIndex(
    (r) => r.record_type === "SpanEnd" && String(r.span_name).startsWith("Phase: RUN"),
  );

  const generated: string[] = [];
  for (let i = 0; i < count; i++) {
    const n = String(i).padStart(3, "0");
    const spanOf = (id: string): string => (spanIds.has(id) ? `${id.slice(0, 12)}${n}a` : id);
    for (const r of copies) {
      const text = JSON.stringify(r)
        .replaceAll(template.id, `${template.id.split(".").slice(0, 2).join(".")}.node_${n}_${template.name}`)
        .replaceAll(template.name, `node_${n}_${template.name}`)
        .replaceAll(template.file, template.file.replace(/[^/]+\.yml$/, `model_${n}.yml`));
      const copy = JSON.parse(text) as JsonRecord;
      copy.span_id = spanOf(copy.span_id);
      if (copy.parent_span_id) copy.parent_span_id = spanOf(copy.parent_span_id);
      if (copy.links) for (const link of copy.links) link.span_id = spanOf(link.span_id);
      if ("defined_at_line" in copy.attributes) copy.attributes.defined_at_line = 3 + (i % 40);
      edit(copy, i);
      generated.push(JSON.stringify(copy));
    }
  }
  const lines = frame.map((r) => JSON.stringify(r));
  lines.splice(runPhaseEnd, 0, ...generated);
  return `${lines.join("\n")}\n`;
}

/** `count` failed tests (modelled on the real failed `accepted_values` test), in models/marts/model_NNN.yml. */
export function manyFailingTestsJsonl(count: number): string {
  return multiplyNode(FAILED_TEST, count);
}

/** `count` errored unit tests (modelled on the real one), each with an error message of about `bytes`. */
export function hugeErrorsJsonl(count: number, bytes: number): string {
  const line = "Unexpected internal error: Timestamp(Nanosecond, None) is not supported; ";
  return multiplyNode(ERRORED_UNIT_TEST, count, (record, i) => {
    if (record.record_type === "LogRecord" && record.severity_text === "ERROR") {
      record.body = `#${i} ${line.repeat(Math.ceil(bytes / line.length))}\n`;
    }
  });
}

export function tempFile(name: string, content: string | Uint8Array): string {
  const dir = makeTempDir("fusion-e2e-data-");
  const file = join(dir, name);
  writeFileSync(file, content);
  return file;
}

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

export interface CliRunOptions {
  cwd: string;
  env?: Record<string, string>;
  /** Run as this user (the tests use it as root to see real permission errors). */
  user?: { uid: number; gid: number };
}

/**
 * Runs `node dist/cli.js` in `cwd` with PATH, HOME, the test run's TMPDIR and `env` only (given as
 * `(args, cwd, env)` or `(args, { cwd, env, user })`).
 */
export function runCliBundle(args: string[], cwd: string, env?: Record<string, string>): Promise<CliRun>;
export function runCliBundle(args: string[], options: CliRunOptions): Promise<CliRun>;
export function runCliBundle(
  args: string[],
  where: string | CliRunOptions,
  env: Record<string, string> = {},
): Promise<CliRun> {
  const options: CliRunOptions = typeof where === "string" ? { cwd: where, env } : where;
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [DIST_CLI, ...args],
      {
        cwd: options.cwd,
        env: {
          PATH: [dirname(process.execPath), "/usr/bin", "/bin"].join(delimiter),
          HOME: options.cwd,
          ...inheritedTmpdir(),
          ...options.env,
        },
        maxBuffer: 64 * 1024 * 1024,
        timeout: 30_000,
        ...(options.user ?? {}),
      },
      (error, stdout, stderr) =>
        resolve({ code: error ? (typeof error.code === "number" ? error.code : -1) : 0, stdout, stderr }),
    );
  });
}

/**
 * Who to run as to meet real permission errors: as root (this machine, CI) the `nobody` user, since
 * root reads and writes anything; otherwise the current user. Null when root cannot switch users.
 */
export function unprivilegedUser(): { uid: number; gid: number } | undefined | null {
  if (process.getuid?.() !== 0) return undefined;
  const nobody = { uid: 65534, gid: 65534 };
  try {
    execFileSync(process.execPath, ["-e", ""], { ...nobody, stdio: "ignore" });
    return nobody;
  } catch {
    return null;
  }
}

/**
 * The GitHub stand-in for every test of the enclosing suite: the bundles built once, a fresh server
 * before each test, checked for OpenAPI violations and closed after it. Read `.current` in a test.
 */
export function useStandIn(): { readonly current: E2EServer } {
  const holder = {} as { current: E2EServer };
  beforeAll(() => ensureBuilt(), 120_000);
  beforeEach(async () => {
    holder.current = await startServer();
  });
  afterEach(async () => {
    expect(holder.current.violations).toEqual([]);
    await holder.current.close();
  });
  return holder;
}
