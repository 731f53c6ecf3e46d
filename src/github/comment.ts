// The sticky PR comment: one per check name, found by a hidden marker, updated in place.
import { cutMarkdown, describeLeftOut } from "../render/cut-markdown.js";
import type { GitHubClient } from "./client.js";
import { classifyGitHubError } from "./errors.js";
import { isSameLogin, readTokenIdentity, type TokenIdentity } from "./identity.js";
import { postOnce } from "./post-once.js";

/** GitHub rejects bodies over this many characters (422 "Body is too long"). */
export const COMMENT_MAX_CHARS = 65_536;

export interface CommentTarget {
  owner: string;
  repo: string;
  prNumber: number;
  body: string;
  marker: string;
  /**
   * false: only bring an earlier comment up to date, never start one (`comment: on-failure` on a
   * report that did not fail, so a red comment from an earlier run does not stay behind).
   */
  create: boolean;
  /**
   * The commit this report is about. When the pull request's head has moved past it (a newer push,
   * whose run writes the comment), the comment is left alone: a run of an older commit that finishes
   * late, or a superseded run's `if: always()` step reporting its cancelled build, would otherwise
   * replace the newer report.
   */
  headSha?: string;
}

export type CommentResult =
  | { url: string; id: number; action: "created" | "updated" | "unchanged" }
  | { url: null; id: null; action: "not-posted" }
  | { url: null; id: null; action: "superseded"; head: string };

/**
 * `<!-- fusion-report:<check-name> -->`. What could end an HTML comment early (`<`, `>`, a hyphen
 * after a hyphen) is percent-encoded, and so is `%`: every check name has a marker of its own
 * (`prod--eu` and `prod-eu` are two jobs' comments), and a name without them is written as it is.
 */
export function commentMarker(checkName: string): string {
  const safe = checkName
    .trim()
    .replace(/[%<>]|(?<=-)-/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, "0")}`);
  return `<!-- fusion-report:${safe} -->`;
}

/** Appends the marker and keeps the whole body ≤ COMMENT_MAX_CHARS (the renderer budgets; this is the last guard). */
export function fitCommentBody(body: string, marker: string): string {
  const core = body.includes(marker) ? body.replace(marker, "").trimEnd() : body.trimEnd();
  const tail = `\n\n${marker}`;
  if (core.length + tail.length <= COMMENT_MAX_CHARS) return core + tail;
  // UTF-8 bytes are never fewer than UTF-16 units, so a byte budget keeps the characters in bounds.
  const cut = cutMarkdown(
    core,
    COMMENT_MAX_CHARS - tail.length,
    (left) =>
      `… _Comment truncated to fit GitHub's 65,536-character limit, leaving out ${describeLeftOut(left)}; ` +
      "the job summary has the full report._",
  );
  return cut.trimEnd() + tail;
}

/**
 * `writer`: the login the token writes as, when this run already knows it (the app of the check run
 * it wrote, identity.ts); otherwise it is asked when a comment with the marker turns up.
 */
export async function upsertComment(
  octokit: GitHubClient,
  target: CommentTarget,
  log: (message: string) => void = () => {},
  writer: string | null = null,
): Promise<CommentResult> {
  const { owner, repo, marker } = target;
  const body = fitCommentBody(target.body, marker);
  try {
    const head = target.headSha ? await currentHead(octokit, target) : null;
    if (head !== null && head !== target.headSha) return { url: null, id: null, action: "superseded", head };
    const previous = await findOwnComment(octokit, target, log, writer);
    if (previous) {
      if (normalise(previous.body ?? "") === normalise(body)) {
        return { url: previous.html_url, id: previous.id, action: "unchanged" };
      }
      const { data } = await octokit.rest.issues.updateComment({
        owner,
        repo,
        comment_id: previous.id,
        body,
      });
      return { url: data.html_url, id: data.id, action: "updated" };
    }
    if (!target.create) return { url: null, id: null, action: "not-posted" };
    return await createComment(octokit, target, body, log, writer);
  } catch (error) {
    throw classifyGitHubError(error, "comment");
  }
}

/** Why a run left the comment alone: its commit is no longer the pull request's head. */
export function supersededNote(target: Pick<CommentTarget, "prNumber" | "headSha">, head: string): string {
  const short = (sha: string | undefined) => (sha ?? "").slice(0, 7);
  return (
    `No PR comment: pull request #${target.prNumber} has moved on to ${short(head)} since this run's commit ` +
    `${short(target.headSha)}; the run for the newer commit writes the comment. The check run is on ${short(target.headSha)}.`
  );
}

/**
 * The pull request's head commit as GitHub has it now; null when it does not say (the comment is then
 * written as it would be without the check, and a failing API shows in the comment's own calls).
 */
async function currentHead(octokit: GitHubClient, target: CommentTarget): Promise<string | null> {
  try {
    const { data } = await octokit.rest.pulls.get({
      owner: target.owner,
      repo: target.repo,
      pull_number: target.prNumber,
    });
    return typeof data.head?.sha === "string" && data.head.sha !== "" ? data.head.sha : null;
  } catch {
    return null;
  }
}

/** Posted once (post-once.ts): a second comment would never be updated by a later run. */
async function createComment(
  octokit: GitHubClient,
  target: CommentTarget,
  body: string,
  log: (message: string) => void,
  writer: string | null,
): Promise<CommentResult> {
  const { owner, repo, prNumber } = target;
  const created = (comment: FoundComment): CommentResult => ({
    url: comment.html_url,
    id: comment.id,
    action: "created",
  });
  const request = { owner, repo, issue_number: prNumber, body, request: { retries: 0 } };
  const post = async () => created((await octokit.rest.issues.createComment(request)).data);
  const find = async () => {
    const stored = await findOwnComment(octokit, target, log, writer);
    return stored ? created(stored) : null;
  };
  return postOnce(post, find, (failure) =>
    log(`Creating the PR comment failed ${failure}, and it was not stored; posting it once more.`),
  );
}

interface FoundComment {
  id: number;
  html_url: string;
  body?: string;
}

/**
 * Ours is a comment that ends with the marker exactly as fitCommentBody puts it, written by the
 * account the token acts as. Anyone can quote the marker (a human, another bot, a report that
 * copied untrusted text); only we can write as ourselves.
 */
export function endsWithMarker(body: string, marker: string): boolean {
  const text = normalise(body);
  return text === marker || text.endsWith(`\n\n${marker}`);
}

// Pages are read lazily (most PRs find the comment on the first page of 100), and who we are is
// only asked once a comment with our marker turns up.
async function findOwnComment(
  octokit: GitHubClient,
  target: CommentTarget,
  log: (message: string) => void,
  writer: string | null,
): Promise<FoundComment | null> {
  const pages = octokit.paginate.iterator(octokit.rest.issues.listComments, {
    owner: target.owner,
    repo: target.repo,
    issue_number: target.prNumber,
    per_page: 100,
  });
  let self: TokenIdentity | null = writer === null ? null : { login: writer, assumed: false };
  const others: string[] = [];
  for await (const { data } of pages) {
    const candidates = data.filter((c) => endsWithMarker(c.body ?? "", target.marker));
    if (candidates.length === 0) continue;
    self ??= await readTokenIdentity(octokit, log);
    const me = self.login;
    const hit = candidates.find((c) => isSameLogin(c.user?.login, me));
    if (hit) return { id: hit.id, html_url: hit.html_url, body: hit.body };
    others.push(...candidates.map((c) => `${c.id} by ${c.user?.login ?? "unknown"}`));
  }
  if (self && others.length > 0) {
    log(
      `Left alone ${others.length} comment(s) that end with this report's marker but were not written by ` +
        `${self.login} (${others.slice(0, 5).join(", ")})` +
        (target.create ? "; writing a new comment." : "."),
    );
  }
  return null;
}

// GitHub stores bodies with CRLF sometimes and trims trailing whitespace.
function normalise(text: string): string {
  return text.replace(/\r\n/g, "\n").trim();
}
