// The sticky PR comment: one per check name, found by a hidden marker, updated in place.
import type { GitHubClient } from "./client.js";
import { classifyGitHubError } from "./errors.js";

/** GitHub rejects bodies over this many characters (422 "Body is too long"). */
export const COMMENT_MAX_CHARS = 65_536;

export interface CommentTarget {
  owner: string;
  repo: string;
  prNumber: number;
  body: string;
  marker: string;
}

export interface CommentResult {
  url: string;
  id: number;
  action: "created" | "updated" | "unchanged";
}

/** `<!-- fusion-report:<check-name> -->`; characters that would end an HTML comment are dropped. */
export function commentMarker(checkName: string): string {
  const safe = checkName.replace(/[<>]/g, "").replace(/-{2,}/g, "-").trim();
  return `<!-- fusion-report:${safe} -->`;
}

/** Appends the marker and keeps the whole body ≤ COMMENT_MAX_CHARS (the renderer budgets; this is the last guard). */
export function fitCommentBody(body: string, marker: string): string {
  const core = body.includes(marker) ? body.replace(marker, "").trimEnd() : body.trimEnd();
  const tail = `\n\n${marker}`;
  if (core.length + tail.length <= COMMENT_MAX_CHARS) return core + tail;
  const note =
    "\n\n… _Comment truncated to fit GitHub's 65,536-character limit; the job summary has the full report._";
  let end = COMMENT_MAX_CHARS - tail.length - note.length;
  const code = core.charCodeAt(end - 1);
  if (code >= 0xd800 && code <= 0xdbff) end--; // never split a surrogate pair
  return core.slice(0, end) + note + tail;
}

export async function upsertComment(octokit: GitHubClient, target: CommentTarget): Promise<CommentResult> {
  const { owner, repo, prNumber, marker } = target;
  const body = fitCommentBody(target.body, marker);
  try {
    const previous = await findMarkedComment(octokit, owner, repo, prNumber, marker);
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
    const { data } = await octokit.rest.issues.createComment({ owner, repo, issue_number: prNumber, body });
    return { url: data.html_url, id: data.id, action: "created" };
  } catch (error) {
    throw classifyGitHubError(error, "comment");
  }
}

interface FoundComment {
  id: number;
  html_url: string;
  body?: string;
}

// Only bot-authored comments count, so a human quoting the marker is never overwritten.
// Pages are read lazily: most PRs find the comment on the first page of 100.
async function findMarkedComment(
  octokit: GitHubClient,
  owner: string,
  repo: string,
  issueNumber: number,
  marker: string,
): Promise<FoundComment | null> {
  const pages = octokit.paginate.iterator(octokit.rest.issues.listComments, {
    owner,
    repo,
    issue_number: issueNumber,
    per_page: 100,
  });
  for await (const { data } of pages) {
    const hit = data.find((c) => c.user?.type === "Bot" && (c.body ?? "").includes(marker));
    if (hit) return { id: hit.id, html_url: hit.html_url, body: hit.body };
  }
  return null;
}

// GitHub stores bodies with CRLF sometimes and trims trailing whitespace.
function normalise(text: string): string {
  return text.replace(/\r\n/g, "\n").trim();
}
