// Baseline from a workflow artifact: the JSON report that the newest successful run of a workflow on
// the base branch uploaded (e.g. with this Action's `upload-artifact`). Pure parts first (which
// workflow, which branch, which file), then the I/O: list runs → download → unpack → parse.
// Absence (no successful run yet, artifact missing or expired) is not a fault: the comparison is
// skipped with a reason. A token without `actions: read` or a corrupt report is an error.
import { readFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { GitHubClient } from "../github/client.js";
import { BaselineError, parseBaselineReport } from "../model/baseline.js";
import type { Report } from "../model/types.js";
import { showControls } from "../text/controls.js";
import {
  ArtifactSourceError,
  downloadArtifactFiles,
  type ArtifactDownloader,
  type ArtifactLimits,
  type WantedFiles,
} from "./artifact.js";

export interface BaselineTarget {
  /** Workflow file name (`dbt.yml`) or numeric id whose runs to search. */
  workflow: string;
  /** The PR's base branch; null = the repository's default branch (asked from the API). */
  branch: string | null;
}

export interface BaselineArtifactRequest {
  /** Artifact name (`baseline-artifact`). */
  artifact: string;
  workflow: string;
  branch: string;
  owner: string;
  repo: string;
  /** Token with `actions: read`, for the artifact download (the client carries its own). */
  token: string;
  /** Parent of the temp folder the artifact is unpacked into (RUNNER_TEMP). */
  tempDir: string;
  limits?: Partial<ArtifactLimits>;
}

export type BaselineLookup =
  { found: true; report: Report; source: string; runId: number } | { found: false; reason: string };

interface EventPayload {
  pull_request?: { base?: { ref?: unknown } };
  workflow_run?: { pull_requests?: { base?: { ref?: unknown } }[] };
  repository?: { default_branch?: unknown };
}

/** `owner/repo/.github/workflows/dbt.yml@refs/heads/x` → `dbt.yml`; null when it is not a workflow ref. */
export function workflowFromRef(ref: string | undefined): string | null {
  const file = (ref ?? "").split("@")[0]?.split("/").pop() ?? "";
  return /\.ya?ml$/i.test(file) ? file : null;
}

/**
 * Pure: which workflow's runs to search (`baseline-workflow`, else the current workflow) and on which
 * branch (the PR's base branch, else the default branch named in the payload, else null).
 */
export function baselineTarget(
  workflowInput: string | null,
  payload: EventPayload,
  env: Readonly<Record<string, string | undefined>>,
): BaselineTarget {
  const workflow = workflowInput ?? workflowFromRef(env.GITHUB_WORKFLOW_REF);
  if (!workflow) {
    throw new BaselineError(
      "baseline-artifact: cannot tell which workflow uploaded the baseline (GITHUB_WORKFLOW_REF is not set); " +
        "set baseline-workflow to its file name, e.g. dbt-main.yml",
    );
  }
  const text = (value: unknown): string | null => (typeof value === "string" && value !== "" ? value : null);
  const branch =
    text(payload.pull_request?.base?.ref) ??
    text(payload.workflow_run?.pull_requests?.[0]?.base?.ref) ??
    text(env.GITHUB_BASE_REF) ??
    text(payload.repository?.default_branch);
  return { workflow, branch };
}

/** baselineTarget with the event payload read from GITHUB_EVENT_PATH (best effort). */
export function readBaselineTarget(
  workflowInput: string | null,
  env: Readonly<Record<string, string | undefined>> = process.env,
): BaselineTarget {
  let payload: EventPayload = {};
  try {
    if (env.GITHUB_EVENT_PATH)
      payload = JSON.parse(readFileSync(env.GITHUB_EVENT_PATH, "utf8")) as EventPayload;
  } catch {
    // No usable payload: GITHUB_BASE_REF or the default branch still decide.
  }
  return baselineTarget(workflowInput, payload, env);
}

/**
 * Pure: the report among the artifact's JSON files. `fusion-report.json` (what `upload-artifact`
 * uploads by default) wins; else the one JSON file that is not dbt's run_results.json.
 */
export function pickReportFile(files: readonly string[]): string | null {
  const named = files.find((f) => path.posix.basename(f) === "fusion-report.json");
  if (named) return named;
  const others = files.filter((f) => path.posix.basename(f) !== "run_results.json");
  return others.length === 1 ? (others[0] as string) : null;
}

const JSON_FILES: WantedFiles = {
  pattern: /\.json$/i,
  description: "*.json",
  hint: "Upload the JSON report (json-report), e.g. with this Action's upload-artifact input.",
};

/** A baseline report should be small; the artifact also carries the Markdown and run_results.json. */
const BASELINE_LIMITS: Partial<ArtifactLimits> = { maxBytes: 256 * 1024 ** 2, maxEntries: 100 };

/** The repository's default branch, for runs that are not about a pull request. */
export async function readDefaultBranch(octokit: GitHubClient, owner: string, repo: string): Promise<string> {
  try {
    const { data } = await octokit.rest.repos.get({ owner, repo });
    return data.default_branch;
  } catch (error) {
    throw new BaselineError(
      `baseline-artifact: cannot read the default branch of ${owner}/${repo} (${apiMessage(error)}); ` +
        "run on pull_request, or pass the report with the baseline input",
    );
  }
}

/** The newest successful run of `workflow` on `branch`, or null when there is none. */
export async function findLatestSuccessfulRun(
  octokit: GitHubClient,
  request: Pick<BaselineArtifactRequest, "owner" | "repo" | "workflow" | "branch">,
): Promise<{ id: number; headSha: string } | null> {
  const { owner, repo, workflow, branch } = request;
  try {
    const { data } = await octokit.rest.actions.listWorkflowRuns({
      owner,
      repo,
      // A numeric id or a file name: the API takes both in the same place.
      workflow_id: /^\d+$/.test(workflow) ? Number(workflow) : workflow,
      branch,
      status: "success",
      exclude_pull_requests: true,
      per_page: 1,
    });
    const run = data.workflow_runs[0];
    return run ? { id: run.id, headSha: run.head_sha } : null;
  } catch (error) {
    const status = (error as { status?: unknown }).status;
    const where = `the runs of workflow '${workflow}' on ${branch}`;
    if (status === 403 && !/rate limit/i.test(apiMessage(error))) {
      throw new BaselineError(
        `baseline-artifact: GitHub refused to list ${where} (403 ${apiMessage(error)}). ` +
          "Add `permissions: actions: read` to the workflow job.",
      );
    }
    if (status === 404) {
      throw new BaselineError(
        `baseline-artifact: workflow '${workflow}' was not found in ${owner}/${repo} (404). ` +
          "Set baseline-workflow to the file name (e.g. dbt-main.yml) or id of the workflow that uploads the report.",
      );
    }
    throw new BaselineError(`baseline-artifact: cannot list ${where} (${apiMessage(error)})`);
  }
}

/** Finds the newest successful base-branch run, downloads its report artifact and parses it. */
export async function downloadBaselineReport(
  octokit: GitHubClient,
  request: BaselineArtifactRequest,
  deps: { log: (message: string) => void; client?: ArtifactDownloader },
): Promise<BaselineLookup> {
  const run = await findLatestSuccessfulRun(octokit, request);
  if (!run) {
    return {
      found: false,
      reason: `no successful run of workflow '${request.workflow}' on ${request.branch} yet`,
    };
  }
  let unpacked: { dir: string; files: string[]; label: string };
  try {
    unpacked = await downloadArtifactFiles(
      {
        name: request.artifact,
        runId: String(run.id),
        token: request.token,
        repository: `${request.owner}/${request.repo}`,
        tempDir: request.tempDir || os.tmpdir(),
        limits: { ...BASELINE_LIMITS, ...request.limits },
      },
      JSON_FILES,
      deps,
    );
  } catch (error) {
    if (error instanceof ArtifactSourceError && error.gone) {
      return { found: false, reason: error.message };
    }
    throw new BaselineError(`baseline-artifact: ${(error as Error).message}`);
  }
  const { dir, files, label } = unpacked;
  const file = pickReportFile(files);
  if (!file) {
    throw new BaselineError(
      `baseline ${label}: holds ${files.length} JSON files (${files.map((f) => showControls(f, "escape")).join(", ")}) ` +
        "and none is fusion-report.json; " +
        "upload only the JSON report, or name it fusion-report.json",
    );
  }
  const name = `${label} (${showControls(file, "escape")})`;
  const text = await readFile(path.join(dir, file), "utf8");
  const report = parseBaselineReport(text, name);
  deps.log(`Baseline: ${name}, the newest successful run on ${request.branch} (commit ${run.headSha}).`);
  return {
    found: true,
    report,
    source: `${request.artifact} (run ${run.id} on ${request.branch})`,
    runId: run.id,
  };
}

function apiMessage(error: unknown): string {
  const e = error as { status?: unknown; message?: unknown; response?: { data?: { message?: unknown } } };
  const message = e.response?.data?.message ?? e.message ?? String(error);
  return typeof message === "string" ? message : String(message);
}
