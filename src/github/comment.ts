// The sticky PR comment: one per check name, found by a hidden marker, updated in place.
import { cutMarkdown, describeLeftOut } from "../render/cut-markdown.js";
import type { GitHubClient } from "./client.js";
import { classifyGitHubError, httpStatusOf } from "./errors.js";
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
  const body = fitCommentBody(target.body, target.marker);
  try {
    const head = target.headSha ? await currentHead(octokit, target) : null;
    if (head !== null && head !== target.headSha) return { url: null, id: null, action: "superseded", head };
    const ours = await findOwnComments(octokit, target, log, writer);
    for (const [index, previous] of ours.entries()) {
      const result = await bringUpToDate(octokit, target, previous, body);
      if (result === null) continue;
      await deleteComments(octokit, target, ours.slice(index + 1), log);
      return result;
    }
    if (ours.length > 0) log(`The PR comment this report wrote before was deleted meanwhile.`);
    if (!target.create) return { url: null, id: null, action: "not-posted" };
    const created = await createComment(octokit, target, body, log, writer);
    return await keepOldest(octokit, target, created, body, log, writer);
  } catch (error) {
    throw classifyGitHubError(error, "comment");
  }
}

/** `previous` with `body`; null when it is gone (deleted since it was listed). */
async function bringUpToDate(
  octokit: GitHubClient,
  target: CommentTarget,
  previous: FoundComment,
  body: string,
): Promise<CommentResult | null> {
  if (normalise(previous.body ?? "") === normalise(body)) {
    return { url: previous.html_url, id: previous.id, action: "unchanged" };
  }
  try {
    const { data } = await octokit.rest.issues.updateComment({
      owner: target.owner,
      repo: target.repo,
      comment_id: previous.id,
      body,
    });
    return { url: data.html_url, id: data.id, action: "updated" };
  } catch (error) {
    if (httpStatusOf(error) === 404) return null;
    throw error;
  }
}

/**
 * GitHub cannot create a comment only if none exists: two runs that publish at the same moment
 * (matrix jobs of one check name, two pushes) may each start one, and later runs would update only
 * the older, leaving the other's report standing. So a run that created a comment looks again; if
 * an older one of ours is there, its report goes into that one and its own is deleted. The run
 * whose comment is the oldest leaves it: the other run writes into it.
 */
async function keepOldest(
  octokit: GitHubClient,
  target: CommentTarget,
  created: FoundComment,
  body: string,
  log: (message: string) => void,
  writer: string | null,
): Promise<CommentResult> {
  const result: CommentResult = { url: created.html_url, id: created.id, action: "created" };
  try {
    // The comment just written says who the token writes as.
    const [oldest] = await findOwnComments(octokit, target, log, writer ?? created.login ?? null);
    if (!oldest || oldest.id === created.id) return result;
    const written = await bringUpToDate(octokit, target, oldest, body);
    if (written === null) return result;
    log(
      "Another run created a PR comment for this report at the same moment; this report went into that one.",
    );
    await deleteComments(octokit, target, [created], log);
    return written;
  } catch (error) {
    // The report is written; a second comment, if any, goes with the next run (upsertComment).
    log(
      `Wrote the PR comment, but could not look for one another run wrote at the same moment: ` +
        `${classifyGitHubError(error, "comment").message}`,
    );
    return result;
  }
}

/** Our other comments for this report, best effort: a comment that stays is a stale report, not a failure. */
async function deleteComments(
  octokit: GitHubClient,
  target: CommentTarget,
  comments: readonly FoundComment[],
  log: (message: string) => void,
): Promise<void> {
  let deleted = 0;
  for (const comment of comments) {
    try {
      await octokit.rest.issues.deleteComment({
        owner: target.owner,
        repo: target.repo,
        comment_id: comment.id,
      });
      deleted++;
    } catch (error) {
      if (httpStatusOf(error) === 404) continue;
      log(
        `Could not delete an extra copy of the PR comment (${comment.html_url}): ` +
          `${classifyGitHubError(error, "comment").message}`,
      );
    }
  }
  if (deleted > 0) log(`Deleted ${deleted} extra copy(ies) of the PR comment.`);
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
): Promise<FoundComment> {
  const { owner, repo, prNumber } = target;
  const request = { owner, repo, issue_number: prNumber, body, request: { retries: 0 } };
  const post = async (): Promise<FoundComment> => {
    const { data } = await octokit.rest.issues.createComment(request);
    return { id: data.id, html_url: data.html_url, login: data.user?.login };
  };
  const find = async () => (await findOwnComments(octokit, target, log, writer))[0] ?? null;
  return postOnce(post, find, (failure) =>
    log(`Creating the PR comment failed ${failure}, and it was not stored; posting it once more.`),
  );
}

interface FoundComment {
  id: number;
  html_url: string;
  body?: string;
  /** Who wrote it, when GitHub said. */
  login?: string;
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

// Every page is read: two runs that published at the same moment can leave two comments (keepOldest),
// and the newer must be found to be deleted. Who we are is only asked once a comment with our marker
// turns up. Oldest first, as GitHub lists them.
async function findOwnComments(
  octokit: GitHubClient,
  target: CommentTarget,
  log: (message: string) => void,
  writer: string | null,
): Promise<FoundComment[]> {
  const pages = octokit.paginate.iterator(octokit.rest.issues.listComments, {
    owner: target.owner,
    repo: target.repo,
    issue_number: target.prNumber,
    per_page: 100,
  });
  let self: TokenIdentity | null = writer === null ? null : { login: writer, assumed: false };
  const others: string[] = [];
  const ours: FoundComment[] = [];
  for await (const { data } of pages) {
    const candidates = data.filter((c) => endsWithMarker(c.body ?? "", target.marker));
    if (candidates.length === 0) continue;
    self ??= await readTokenIdentity(octokit, log);
    const me = self.login;
    for (const c of candidates) {
      if (isSameLogin(c.user?.login, me))
        ours.push({ id: c.id, html_url: c.html_url, body: c.body, login: me });
      else others.push(`${c.id} by ${c.user?.login ?? "unknown"}`);
    }
  }
  if (ours.length > 0) return ours;
  if (self && others.length > 0) {
    log(
      `Left alone ${others.length} comment(s) that end with this report's marker but were not written by ` +
        `${self.login} (${others.slice(0, 5).join(", ")})` +
        (target.create ? "; writing a new comment." : "."),
    );
  }
  return ours;
}

// GitHub stores bodies with CRLF sometimes and trims trailing whitespace.
function normalise(text: string): string {
  return text.replace(/\r\n/g, "\n").trim();
}
