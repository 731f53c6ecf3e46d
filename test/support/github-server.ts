// A stand-in for the GitHub REST API on 127.0.0.1: real HTTP, real state, every request checked
// against GitHub's OpenAPI description. Tests assert `server.violations` is empty.
import { readFileSync } from "node:fs";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { validateRequest } from "./openapi.js";

const EXAMPLES = new URL("../fixtures/reference/examples/", import.meta.url);
const example = (name: string): Record<string, unknown> =>
  JSON.parse(readFileSync(new URL(name, EXAMPLES), "utf8")) as Record<string, unknown>;

export const BOT = { login: "github-actions[bot]", id: 41898282, type: "Bot" } as const;
export const HUMAN = { login: "octocat", id: 583231, type: "User" } as const;
/** Another GitHub App's bot (e.g. a different action's app token) on the same pull request. */
export const OTHER_BOT = { login: "renovate[bot]", id: 29139614, type: "Bot" } as const;

export interface FakeUser {
  login: string;
  id: number;
  type: string;
}
/**
 * Who the token the client sends acts as. An installation token (the default GITHUB_TOKEN, a GitHub
 * App's token) gets 403 from `GET /user`; a user token (PAT) gets the user. GraphQL `viewer`
 * answers for both.
 */
export interface TokenOwner {
  user: FakeUser;
  kind: "installation" | "user";
}
export interface FakeComment {
  id: number;
  issue: number;
  body: string;
  user: FakeUser;
}
export interface FakeCheckRun {
  id: number;
  name: string;
  head_sha: string;
  status: string;
  conclusion: string | null;
  details_url: string | null;
  external_id: string | null;
  output: { title: string | null; summary: string | null; text: string | null };
  annotations: Record<string, unknown>[];
  /** The GitHub App whose token wrote it (its bot is `<slug>[bot]`); null for a seeded run that names none. */
  appSlug?: string | null;
}
export interface FakePull {
  number: number;
  state: "open" | "closed";
  head: { sha: string; ref: string; repoFullName: string };
}
export interface FakeWorkflowRun {
  id: number;
  /** Workflow file name (`dbt.yml`); `workflowId` is its numeric id. */
  workflow: string;
  workflowId: number;
  branch: string;
  status: "completed" | "in_progress" | "queued";
  conclusion: "success" | "failure" | "cancelled" | null;
  event: string;
  headSha: string;
  /** ISO time; runs are listed newest first. */
  createdAt: string;
  /** ISO time the newest attempt started (a re-run's start); default createdAt. */
  runStartedAt?: string;
  /** 1, or the re-run's number. */
  runAttempt?: number;
  /** `owner/repo` the run's code came from (a fork's for its pull requests); default this repository. */
  headRepository?: string;
}

/** A scheduled run in progress, 4242, created at 2026-03-01T10:00:00Z: a step's own run, to ask about. */
export function scheduledRun(over: Partial<FakeWorkflowRun> = {}): FakeWorkflowRun {
  return {
    id: 4242,
    workflow: "dbt.yml",
    workflowId: 7,
    branch: "main",
    status: "in_progress",
    conclusion: null,
    event: "schedule",
    headSha: "1".repeat(40),
    createdAt: "2026-03-01T10:00:00Z",
    ...over,
  };
}
export interface RecordedRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  operationId: string | null;
  body: unknown;
  status: number;
  authorization: string | undefined;
}
export interface Fault {
  operationId: string;
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
  /** How many requests to fail; default every one. */
  times?: number;
  /** Do what was asked (store the comment, create the check run), then answer with the fault anyway. */
  afterHandling?: boolean;
  /**
   * Instead of answering with `status`: never answer ("headers"), or send the status line and part
   * of the body and stop there ("body"). The connection stays open until the server closes.
   */
  stall?: "headers" | "body";
}

export class FakeGitHub {
  readonly requests: RecordedRequest[] = [];
  readonly violations: string[] = [];
  readonly comments: FakeComment[] = [];
  readonly checkRuns: FakeCheckRun[] = [];
  readonly pulls: FakePull[] = [];
  readonly workflowRuns: FakeWorkflowRun[] = [];
  defaultBranch = "main";
  /** How far this server's clock (its answers' Date header) is ahead of the machine's. */
  clockSkewMs = 0;
  /** Author of the comments the client creates, and what `viewer` / `GET /user` say. */
  tokenOwner: TokenOwner = { user: BOT, kind: "installation" };
  /** When false, GET /commits/{sha}/pulls returns [] (as seen for some fork commits). */
  commitPullsVisible = true;
  /**
   * Annotations GitHub refuses for reasons its OpenAPI description does not give: a request with
   * one is answered 422 and nothing of it is stored.
   */
  refusesAnnotation: (annotation: Record<string, unknown>) => boolean = () => false;
  private faults: Fault[] = [];
  private afterAnswers: { operationId: string; run: () => void }[] = [];
  private secondaryLimited = 0;
  private nextId = 1000;
  private server: Server | null = null;
  url = "";

  constructor(
    readonly owner = "acme",
    readonly repo = "analytics",
  ) {}

  static async start(owner?: string, repo?: string): Promise<FakeGitHub> {
    const fake = new FakeGitHub(owner, repo);
    fake.server = createServer((req, res) => void fake.handle(req, res));
    await new Promise<void>((resolve) => fake.server!.listen(0, "127.0.0.1", resolve));
    fake.url = `http://127.0.0.1:${(fake.server.address() as AddressInfo).port}`;
    return fake;
  }

  async close(): Promise<void> {
    // Stalled answers (Fault.stall) hold their connections open.
    this.server?.closeAllConnections();
    await new Promise<void>((resolve, reject) => this.server?.close((e) => (e ? reject(e) : resolve())));
  }

  seedComment(issue: number, body: string, user: FakeUser = BOT): FakeComment {
    const comment = { id: this.nextId++, issue, body, user };
    this.comments.push(comment);
    return comment;
  }

  /** Every matching request fails (the fork read-only token: 403 "Resource not accessible by integration"). */
  forbid(operationId: string): void {
    this.inject({ operationId, status: 403, body: example("gh-error-403-fork-readonly-token.json") });
  }

  inject(fault: Fault): void {
    this.faults.push(fault);
  }

  /**
   * Once, right after the next request of `operationId` is answered: what another client (another
   * job of the run) does between two of this client's requests.
   */
  afterNext(operationId: string, run: () => void): void {
    this.afterAnswers.push({ operationId, run });
  }

  /** The next `count` requests get 403 secondary rate limit with `retry-after: 1`. */
  secondaryRateLimit(count: number): void {
    this.secondaryLimited = count;
  }

  commentsOn(issue: number): FakeComment[] {
    return this.comments.filter((c) => c.issue === issue);
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? "/", this.url);
    const method = (req.method ?? "GET").toUpperCase();
    const raw = await readBody(req);
    let body: unknown;
    try {
      body = raw === "" ? undefined : JSON.parse(raw);
    } catch {
      body = raw;
    }
    const record: RecordedRequest = {
      method,
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      operationId: null,
      body,
      status: 0,
      authorization: req.headers.authorization,
    };
    this.requests.push(record);
    const send = (status: number, data: unknown, headers: Record<string, string> = {}): void => {
      const text = data === undefined ? "" : JSON.stringify(data);
      record.status = status;
      res.writeHead(status, {
        "content-type": "application/json; charset=utf-8",
        date: new Date(Date.now() + this.clockSkewMs).toUTCString(),
        ...headers,
      });
      if (stalled === "body") {
        res.write(text.slice(0, Math.floor(text.length / 2)));
        return;
      }
      res.end(text);
    };
    // Set by a stalling fault: the next answer is not sent ("headers") or not finished ("body").
    let stalled: Fault["stall"];
    const faultAnswer = (fault: Fault): void => {
      stalled = fault.stall;
      if (stalled === "headers") return;
      send(fault.status, fault.body ?? { message: `injected ${fault.status}` }, fault.headers);
    };

    // GraphQL is one endpoint outside the REST description; only the query the client needs is served.
    if (method === "POST" && url.pathname === "/graphql") {
      record.operationId = "graphql";
      if (this.applyFaults("graphql", send, faultAnswer)) return;
      return this.graphql(body, send);
    }

    const checked = validateRequest(method, url, body);
    if (!checked) {
      this.violations.push(`${method} ${url.pathname}: no such operation in GitHub's OpenAPI description`);
      return send(404, { message: "Not Found", documentation_url: "https://docs.github.com/rest" });
    }
    record.operationId = checked.operation.operationId;
    if (checked.problems.length > 0) {
      this.violations.push(`${checked.operation.operationId}: ${checked.problems.join("; ")}`);
      return send(422, { message: "Validation Failed (OpenAPI)", errors: checked.problems });
    }
    const late = this.lateFault(checked.operation.operationId);
    if (!late && this.applyFaults(checked.operation.operationId, send, faultAnswer)) return;
    const { owner, repo } = checked.operation.pathParams;
    const inRepo = "owner" in checked.operation.pathParams;
    if (inRepo && (owner !== this.owner || repo !== this.repo)) return send(404, { message: "Not Found" });
    this.route(
      checked.operation.operationId,
      checked.operation.pathParams,
      url,
      body as Record<string, unknown>,
      late ? () => faultAnswer({ ...late, body: late.body ?? { message: "Server Error" } }) : send,
    );
    const after = this.afterAnswers.findIndex((a) => a.operationId === checked.operation.operationId);
    if (after >= 0) this.afterAnswers.splice(after, 1)[0]!.run();
  }

  /** An injected fault to answer with after the request was handled (afterHandling), used up. */
  private lateFault(operationId: string): Fault | null {
    const fault = this.faults.find(
      (f) => f.operationId === operationId && f.afterHandling && (f.times ?? 1) > 0,
    );
    if (!fault) return null;
    if (fault.times !== undefined) fault.times--;
    return fault;
  }

  /** Secondary rate limits and injected faults; true when the request was answered. */
  private applyFaults(
    operationId: string,
    send: (status: number, data: unknown, headers?: Record<string, string>) => void,
    answer: (fault: Fault) => void,
  ): boolean {
    if (this.secondaryLimited > 0) {
      this.secondaryLimited--;
      send(403, example("gh-error-403-secondary-rate-limit.json"), { "retry-after": "1" });
      return true;
    }
    const fault = this.faults.find(
      (f) => f.operationId === operationId && !f.afterHandling && (f.times ?? 1) > 0,
    );
    if (!fault) return false;
    if (fault.times !== undefined) fault.times--;
    answer(fault);
    return true;
  }

  private graphql(body: unknown, send: (status: number, data: unknown) => void): void {
    const query = (body as { query?: unknown } | undefined)?.query;
    if (typeof query !== "string" || !/^\s*query\s*\{\s*viewer\s*\{\s*login\s*\}\s*\}\s*$/.test(query)) {
      this.violations.push(
        `graphql: the fake server only answers { viewer { login } }, got ${String(query)}`,
      );
      return send(200, { errors: [{ message: "fake GitHub: unsupported query" }] });
    }
    send(200, { data: { viewer: { login: this.tokenOwner.user.login } } });
  }

  private route(
    op: string,
    params: Record<string, string>,
    url: URL,
    body: Record<string, unknown>,
    send: (status: number, data: unknown, headers?: Record<string, string>) => void,
  ): void {
    const api = `${this.url}/repos/${this.owner}/${this.repo}`;
    const html = `https://github.com/${this.owner}/${this.repo}`;
    const runJson = (r: FakeWorkflowRun) => ({
      id: r.id,
      name: r.workflow,
      node_id: `WFR_${r.id}`,
      head_branch: r.branch,
      head_sha: r.headSha,
      head_repository: repositoryStub(r.headRepository ?? `${this.owner}/${this.repo}`),
      path: `.github/workflows/${r.workflow}`,
      run_number: r.id % 1000,
      run_attempt: r.runAttempt ?? 1,
      event: r.event,
      status: r.status,
      conclusion: r.conclusion,
      workflow_id: r.workflowId,
      url: `${api}/actions/runs/${r.id}`,
      html_url: `${html}/actions/runs/${r.id}`,
      pull_requests: [],
      created_at: r.createdAt,
      updated_at: r.createdAt,
      run_started_at: r.runStartedAt ?? r.createdAt,
    });
    const commentJson = (c: FakeComment) => ({
      id: c.id,
      node_id: `IC_${c.id}`,
      url: `${api}/issues/comments/${c.id}`,
      html_url: `${html}/pull/${c.issue}#issuecomment-${c.id}`,
      issue_url: `${api}/issues/${c.issue}`,
      body: c.body,
      user: c.user,
      author_association: "NONE",
      created_at: "2026-10-02T09:20:05Z",
      updated_at: "2026-10-02T09:20:05Z",
    });
    const checkJson = (c: FakeCheckRun) => ({
      id: c.id,
      node_id: `CR_${c.id}`,
      name: c.name,
      head_sha: c.head_sha,
      status: c.status,
      conclusion: c.conclusion,
      url: `${api}/check-runs/${c.id}`,
      html_url: `${html}/runs/${c.id}`,
      details_url: c.details_url,
      external_id: c.external_id,
      output: {
        ...c.output,
        annotations_count: c.annotations.length,
        annotations_url: `${api}/check-runs/${c.id}/annotations`,
      },
      pull_requests: [],
      ...(c.appSlug ? { app: { id: 15368, slug: c.appSlug, name: c.appSlug } } : {}),
    });
    const pullJson = (p: FakePull) => ({
      number: p.number,
      state: p.state,
      html_url: `${html}/pull/${p.number}`,
      head: { sha: p.head.sha, ref: p.head.ref, repo: { full_name: p.head.repoFullName } },
    });
    const tooLong = (text: unknown) => typeof text === "string" && text.length > 65_536;

    switch (op) {
      case "issues/list-comments": {
        const all = this.commentsOn(Number(params.issue_number));
        return this.sendPage(url, all.map(commentJson), send);
      }
      case "issues/create-comment": {
        if (tooLong(body.body)) return send(422, example("gh-error-422-comment-too-long.json"));
        const c = this.seedComment(Number(params.issue_number), String(body.body), this.tokenOwner.user);
        return send(201, commentJson(c), { location: `${api}/issues/comments/${c.id}` });
      }
      case "issues/update-comment": {
        const c = this.comments.find((x) => x.id === Number(params.comment_id));
        if (!c) return send(404, { message: "Not Found" });
        if (tooLong(body.body)) return send(422, example("gh-error-422-comment-too-long.json"));
        c.body = String(body.body);
        return send(200, commentJson(c));
      }
      case "issues/delete-comment": {
        const at = this.comments.findIndex((x) => x.id === Number(params.comment_id));
        if (at < 0) return send(404, { message: "Not Found" });
        this.comments.splice(at, 1);
        return send(204, undefined);
      }
      case "checks/create":
      case "checks/update": {
        const output = (body.output ?? null) as Record<string, unknown> | null;
        const annotations = (output?.annotations ?? []) as Record<string, unknown>[];
        if (annotations.length > 50)
          return send(422, { message: "Only 50 annotations are allowed per request" });
        if (annotations.some(this.refusesAnnotation))
          return send(422, {
            message: "Validation Failed",
            errors: [{ resource: "CheckRun", code: "invalid", field: "annotations" }],
          });
        for (const field of ["summary", "text"]) {
          const v = output?.[field];
          if (typeof v === "string" && Buffer.byteLength(v, "utf8") > 65_535) {
            return send(422, { message: `output.${field} is too long (maximum is 65535 characters)` });
          }
        }
        // Only a GitHub App can write check runs (github-api.md 1.2).
        if (this.tokenOwner.kind === "user")
          return send(403, { message: "You must authenticate via a GitHub App." });
        let run: FakeCheckRun | undefined;
        if (op === "checks/create") {
          run = {
            id: this.nextId++,
            name: String(body.name),
            head_sha: String(body.head_sha),
            status: String(body.status ?? "queued"),
            conclusion: (body.conclusion as string | undefined) ?? null,
            details_url: (body.details_url as string | undefined) ?? null,
            external_id: (body.external_id as string | undefined) ?? null,
            output: { title: null, summary: null, text: null },
            annotations: [],
            appSlug: this.tokenOwner.user.login.replace(/\[bot\]$/, ""),
          };
          this.checkRuns.push(run);
        } else {
          run = this.checkRuns.find((r) => r.id === Number(params.check_run_id));
          if (!run) return send(404, { message: "Not Found" });
          if (body.conclusion) run.conclusion = String(body.conclusion);
        }
        if (output) {
          run.output = {
            title: (output.title as string | undefined) ?? run.output.title,
            summary: (output.summary as string | undefined) ?? run.output.summary,
            text: (output.text as string | undefined) ?? run.output.text,
          };
          run.annotations.push(...annotations);
        }
        return send(op === "checks/create" ? 201 : 200, checkJson(run));
      }
      case "checks/list-for-ref": {
        const name = url.searchParams.get("check_name");
        const runs = this.checkRuns.filter(
          (r) => r.head_sha === String(params.ref) && (name === null || r.name === name),
        );
        return send(200, { total_count: runs.length, check_runs: runs.map(checkJson) });
      }
      case "checks/get": {
        const run = this.checkRuns.find((r) => r.id === Number(params.check_run_id));
        return run ? send(200, checkJson(run)) : send(404, { message: "Not Found" });
      }
      case "checks/list-annotations": {
        const run = this.checkRuns.find((r) => r.id === Number(params.check_run_id));
        if (!run) return send(404, { message: "Not Found" });
        return this.sendPage(url, run.annotations, send);
      }
      case "repos/list-pull-requests-associated-with-commit": {
        const hits = this.commitPullsVisible
          ? this.pulls.filter((p) => p.head.sha === params.commit_sha)
          : [];
        return send(200, hits.map(pullJson));
      }
      case "pulls/get": {
        const pull = this.pulls.find((p) => p.number === Number(params.pull_number));
        return pull ? send(200, pullJson(pull)) : send(404, { message: "Not Found" });
      }
      case "pulls/list": {
        const state = url.searchParams.get("state") ?? "open";
        const head = url.searchParams.get("head");
        const hits = this.pulls.filter((p) => {
          if (state !== "all" && p.state !== state) return false;
          if (!head) return true;
          const [headOwner, ...branch] = head.split(":");
          return p.head.repoFullName.split("/")[0] === headOwner && p.head.ref === branch.join(":");
        });
        return send(200, hits.map(pullJson));
      }
      case "users/get-authenticated": {
        if (this.tokenOwner.kind === "installation") {
          return send(403, {
            message: "Resource not accessible by integration",
            documentation_url: "https://docs.github.com/rest/users/users#get-the-authenticated-user",
            status: "403",
          });
        }
        const u = this.tokenOwner.user;
        return send(200, {
          login: u.login,
          id: u.id,
          node_id: `U_${u.id}`,
          type: u.type,
          site_admin: false,
          url: `${this.url}/users/${u.login}`,
          html_url: `https://github.com/${u.login}`,
          created_at: "2011-01-25T18:44:36Z",
          updated_at: "2026-10-02T09:20:05Z",
        });
      }
      case "repos/get":
        return send(200, {
          id: 1296269,
          node_id: "MDEwOlJlcG9zaXRvcnkxMjk2MjY5",
          name: this.repo,
          full_name: `${this.owner}/${this.repo}`,
          private: false,
          html_url: html,
          url: api,
          default_branch: this.defaultBranch,
        });
      case "actions/list-workflow-runs": {
        const workflow = params.workflow_id ?? "";
        const known = this.workflowRuns.some(
          (r) => r.workflow === workflow || String(r.workflowId) === workflow,
        );
        if (!known) return send(404, { message: "Not Found", status: "404" });
        const q = url.searchParams;
        // `status` takes a status or a conclusion (success, failure …), as on GitHub.
        const wanted = q.get("status");
        const hits = this.workflowRuns
          .filter((r) => r.workflow === workflow || String(r.workflowId) === workflow)
          .filter((r) => !q.has("branch") || r.branch === q.get("branch"))
          .filter((r) => !q.has("event") || r.event === q.get("event"))
          .filter((r) => !wanted || r.status === wanted || r.conclusion === wanted)
          .sort((a, b) => b.createdAt.localeCompare(a.createdAt));
        const perPage = Math.min(Number(q.get("per_page") ?? 30), 100);
        const page = Number(q.get("page") ?? 1);
        return send(200, {
          total_count: hits.length,
          workflow_runs: hits.slice((page - 1) * perPage, page * perPage).map(runJson),
        });
      }
      case "actions/get-workflow-run": {
        const run = this.workflowRuns.find((r) => String(r.id) === params.run_id);
        if (!run) return send(404, { message: "Not Found", status: "404" });
        return send(200, runJson(run));
      }
      default:
        this.violations.push(`${op}: valid request, but the fake server does not implement it`);
        return send(501, { message: `fake GitHub does not serve ${op}` });
    }
  }
  // GitHub pagination: per_page (default 30, max 100), page (1-based), Link rel="next"/"last".
  private sendPage(
    url: URL,
    items: unknown[],
    send: (status: number, data: unknown, headers?: Record<string, string>) => void,
  ): void {
    const perPage = Math.min(Number(url.searchParams.get("per_page") ?? 30), 100);
    const page = Number(url.searchParams.get("page") ?? 1);
    const last = Math.max(1, Math.ceil(items.length / perPage));
    const link = (n: number, rel: string): string => {
      const u = new URL(url);
      u.searchParams.set("per_page", String(perPage));
      u.searchParams.set("page", String(n));
      return `<${u.toString()}>; rel="${rel}"`;
    };
    const links: string[] = [];
    if (page < last) links.push(link(page + 1, "next"), link(last, "last"));
    if (page > 1) links.push(link(1, "first"), link(page - 1, "prev"));
    send(
      200,
      items.slice((page - 1) * perPage, page * perPage),
      links.length ? { link: links.join(", ") } : {},
    );
  }
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

export interface OtherHostRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  body: string;
}

/**
 * A second origin on 127.0.0.1 that a redirect from the GitHub stand-in can point at: it records
 * what reaches it and answers like GitHub would (a comment / check run), with URLs on its own host,
 * so a client that followed the redirect would take its answer for GitHub's.
 */
export async function startOtherHost(): Promise<{
  url: string;
  requests: OtherHostRequest[];
  close(): Promise<void>;
}> {
  const requests: OtherHostRequest[] = [];
  const server = createServer((req, res) => {
    void readBody(req).then((body) => {
      requests.push({
        method: req.method ?? "GET",
        path: req.url ?? "/",
        authorization: req.headers.authorization,
        body,
      });
      res.writeHead(req.method === "POST" ? 201 : 200, { "content-type": "application/json" });
      res.end(
        JSON.stringify({
          id: 666,
          html_url: "https://evil.example/stolen#issuecomment-666",
          user: BOT,
          body: "",
          data: { viewer: { login: BOT.login } },
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((e) => (e ? reject(e) : resolve()));
      }),
  };
}

/** The fields of a run's `head_repository` (minimal-repository) that clients read. */
function repositoryStub(fullName: string): Record<string, unknown> {
  const [owner = "", name = ""] = fullName.split("/");
  return {
    id: fullName.length,
    name,
    full_name: fullName,
    owner: { login: owner },
    html_url: `https://github.com/${fullName}`,
  };
}
