// Finds the run of a CI job that belongs to this pull request / commit.
// The API cannot filter by PR or SHA (reference §6), so we list the job's runs newest-first and match.
import type { DbtCloudClient } from "./client.js";
import { DbtCloudNoRunsError, DbtCloudRunLookupError } from "./errors.js";
import type { DbtRun } from "./types.js";

export interface FindRunCriteria {
  jobId: number;
  prNumber?: number;
  /** The PR's head SHA (pull_request.head.sha), never GITHUB_SHA: dbt never saw the merge commit. */
  headSha?: string;
  /** Pages of 100 to scan before giving up. Default 5. */
  maxPages?: number;
  pageSize?: number;
  /** How messages name the job and account settings (the Action's inputs, the CLI's flags). */
  names?: { jobId: string; accountId: string };
  /** No retry or cooldown past this clock time (the wait's limit). */
  notAfter?: number | undefined;
}

/** Returns the newest matching run, paging only when nothing matched so far. */
export async function findRunForPullRequest(
  client: DbtCloudClient,
  criteria: FindRunCriteria,
): Promise<DbtRun> {
  const { jobId, prNumber, headSha } = criteria;
  if (prNumber === undefined && headSha === undefined) {
    throw new DbtCloudRunLookupError(
      `finding a run of job ${jobId} needs a pull request number and/or head SHA.`,
    );
  }
  const maxPages = criteria.maxPages ?? 5;
  const names = criteria.names ?? { jobId: "the job id", accountId: "the account id" };
  const pageSize = criteria.pageSize ?? 100;
  let offset = 0;
  let scanned = 0;
  for (let page = 0; page < maxPages; page += 1) {
    const result = await client.listRuns({
      jobId,
      limit: pageSize,
      offset,
      orderBy: "-id",
      notAfter: criteria.notAfter,
    });
    scanned += result.runs.length;
    const newest = pickNewest(result.runs.filter((run) => matchesPullRequest(run, prNumber, headSha)));
    if (newest) return newest;
    if (!result.hasMore) break;
    offset += result.runs.length;
  }
  const wanted = [
    prNumber !== undefined ? `pull request #${prNumber}` : undefined,
    headSha ? `commit ${headSha.slice(0, 12)}` : undefined,
  ]
    .filter(Boolean)
    .join(" at ");
  if (scanned === 0) {
    // A wrong job id (or account) lists no runs at all, as does a new CI job before its first run.
    throw new DbtCloudNoRunsError(
      `job ${jobId} has no runs at all (looking for ${wanted}). Check ${names.jobId}: the CI job's id, the ` +
        `number after /jobs/ in its dbt platform URL, in the account of ${names.accountId}; a new CI job has ` +
        `none until the first pull request triggers it.`,
    );
  }
  throw new DbtCloudRunLookupError(
    `no run of job ${jobId} for ${wanted} among its ${scanned} newest runs. Check that the job id is the CI ` +
      `job triggered for this pull request, that the run has been created (pass the run id directly if known), ` +
      `and that the head SHA is the pull request's head commit, not the merge commit.`,
  );
}

/**
 * Both criteria must hold when both are given. A head SHA may be abbreviated (settings take 7 hex
 * digits or more, as `git log --oneline` shows them): it matches the commit it starts.
 */
export function matchesPullRequest(run: DbtRun, prNumber?: number, headSha?: string): boolean {
  if (prNumber !== undefined && run.trigger?.github_pull_request_id !== prNumber) return false;
  if (headSha !== undefined) {
    const want = headSha.toLowerCase();
    const shas = [run.git_sha, run.trigger?.git_sha].filter((s): s is string => typeof s === "string");
    if (!shas.some((sha) => sha.toLowerCase().startsWith(want))) return false;
  }
  return true;
}

function pickNewest(runs: DbtRun[]): DbtRun | undefined {
  return runs.reduce<DbtRun | undefined>((best, run) => (!best || run.id > best.id ? run : best), undefined);
}
