// Downloads a workflow artifact's zip as it is (skipDecompress): the toolkit would extract anything,
// so the artifact sources unpack it themselves, with limits. Another run's artifact goes through the
// REST API with the token; one of this run needs the Actions runtime token, except on a re-run (see
// routeOf). The toolkit has no deadline (a blob host that never answers holds its request for ever),
// so the fetch has one.
import { readdir } from "node:fs/promises";
import path from "node:path";
import { ArtifactTimeoutError, ArtifactTransferError } from "../sources/artifact-error.js";
import {
  ArtifactSourceError,
  readArtifactTelemetry,
  type ArtifactRequest,
  type ArtifactToFetch,
  type FetchArtifactZip,
} from "../sources/artifact.js";
import { readBaselineArtifact, type BaselineArtifactRequest } from "../sources/baseline-artifact.js";
import { showControls } from "../text/controls.js";
import { formatMinutes } from "../text/duration.js";
import { redactSecrets } from "../text/secrets.js";
import { loadArtifactClient, type ArtifactDownloader, type FindOptions } from "./artifact-client.js";
import {
  classifyGitHubError,
  GoneError,
  isConnectionFailure,
  NotFoundError,
  httpStatusOf,
  OUTAGE,
  PermissionError,
  serverWords,
} from "./errors.js";
import { withDeadline } from "./lingering-work.js";

export interface ArtifactAccess {
  /** GitHub token with `actions: read` (used for another run's artifact, and for this run's on a re-run). */
  token: string;
  /** `owner/name` of the repository whose run uploaded the artifact (GITHUB_REPOSITORY). */
  repository: string;
  /** This run (GITHUB_RUN_ID), whose artifact a re-run reads through the REST API. */
  runId?: string;
  /** GITHUB_RUN_ATTEMPT: above 1 on a re-run. */
  runAttempt?: number;
  /** The longest finding and downloading one artifact may take (`artifact-timeout-minutes`). */
  timeoutMs: number;
}

/**
 * The Action's artifact readers for the pipeline: sources/ unpacks what this module downloads. (The
 * one place that joins them, so a run that reads no artifact can load neither.)
 */
export function createArtifactReader(
  access: ArtifactAccess,
  deps: { log: (message: string) => void; client?: ArtifactDownloader },
) {
  const fetchZip = createArtifactFetcher(access, deps);
  return {
    readTelemetry: (artifact: ArtifactRequest, log: (message: string) => void) =>
      readArtifactTelemetry(artifact, fetchZip, log),
    readBaseline: (request: BaselineArtifactRequest) => readBaselineArtifact(request, fetchZip),
  };
}

export function createArtifactFetcher(
  access: ArtifactAccess,
  deps: { log: (message: string) => void; client?: ArtifactDownloader },
): FetchArtifactZip {
  return async (artifact, dir) => {
    const stage = { now: "finding" };
    try {
      const download = downloadZip(artifact, dir, access, deps, stage);
      return await withDeadline(download, access.timeoutMs, () => {
        const waited = `${stage.now} it took longer than ${formatMinutes(access.timeoutMs)} (artifact-timeout-minutes)`;
        return new ArtifactTimeoutError(
          stage.now === "finding"
            ? `${artifact.label}: ${waited} and was given up: GitHub's API did not answer. Re-run the job.`
            : `${artifact.label}: ${waited} and was given up: GitHub's artifact storage stopped answering. ` +
                "Re-run the job, or raise artifact-timeout-minutes for a very large artifact.",
        );
      });
    } catch (error) {
      // The toolkit's errors may carry what GitHub echoed back; the token is masked by value.
      const described = describeDownloadFailure(error, artifact, access, stage.now);
      described.message = redactSecrets(described.message, [access.token]);
      throw described;
    }
  };
}

async function downloadZip(
  artifact: ArtifactToFetch,
  dir: string,
  access: ArtifactAccess,
  deps: { log: (message: string) => void; client?: ArtifactDownloader },
  stage: { now: string },
): Promise<string> {
  const { label } = artifact;
  const route = routeOf(artifact, access);
  const client = deps.client ?? (await loadArtifactClient());
  if (route.kind === "rest-on-rerun") {
    deps.log(
      `Run attempt ${route.attempt}: reading ${label} through the REST API, which sees the uploads of every ` +
        "attempt of this run (the newest of that name is read).",
    );
  }
  try {
    return await fetchBy(route, artifact, dir, client, deps, stage);
  } catch (error) {
    if (route.kind !== "rest-on-rerun" || stage.now !== "finding" || !isRefusal(error)) throw error;
    // Without `actions: read` the runtime's service is still worth asking: it has this attempt's
    // uploads (a full re-run's, or a re-run uploader's).
    const status = httpStatusOf(error);
    deps.log(
      `GitHub refused to list this run's artifacts (HTTP ${status}); reading ${label} from this attempt's ` +
        "uploads instead. Grant the workflow 'permissions: actions: read' so a re-run can read an artifact " +
        "that a job which was not re-run uploaded in an earlier attempt.",
    );
    return await fetchBy(
      { kind: "runtime", attempt: route.attempt, restRefusedWith: status },
      artifact,
      dir,
      client,
      deps,
      stage,
    );
  }
}

/**
 * How the artifact is found. Another run's, through the REST API. This run's, through the Actions
 * runtime's artifact service, which sees only the current attempt's uploads: after "Re-run failed
 * jobs" the job that uploaded it (not re-run) uploaded it in an earlier attempt, and the service says
 * "Artifact not found" or 404 "workflow run not found"
 * (https://github.com/actions/download-artifact/issues/486). So on a re-run, with a token, this run's
 * artifact is read through the REST API first, which lists every attempt's uploads; the toolkit picks
 * the newest of one name (the highest id), so a copy this attempt uploaded wins over an earlier one.
 * REST first rather than on a not-found: the runtime's failure comes in two shapes, one of them only
 * in the toolkit's words, and GitHub changed it without notice once already.
 */
type Route =
  | { kind: "rest"; findBy: NonNullable<FindOptions["findBy"]> }
  | { kind: "rest-on-rerun"; findBy: NonNullable<FindOptions["findBy"]>; attempt: number }
  | { kind: "runtime"; attempt: number; restRefusedWith?: number | null };

function routeOf(artifact: ArtifactToFetch, access: ArtifactAccess): Route {
  if (artifact.runId) return { kind: "rest", findBy: findByFor(artifact, access, artifact.runId) };
  const attempt = access.runAttempt ?? 1;
  const canAskRest = access.token && /^[^/]+\/[^/]+$/.test(access.repository);
  if (attempt > 1 && canAskRest && /^[1-9]\d*$/.test(access.runId ?? "")) {
    return { kind: "rest-on-rerun", findBy: findByFor(artifact, access, access.runId!), attempt };
  }
  return { kind: "runtime", attempt };
}

async function fetchBy(
  route: Route,
  artifact: ArtifactToFetch,
  dir: string,
  client: ArtifactDownloader,
  deps: { log: (message: string) => void },
  stage: { now: string },
): Promise<string> {
  try {
    return await fetchZip(artifact, dir, client, deps, stage, route);
  } catch (error) {
    if (route.kind === "runtime" && route.attempt > 1 && isRuntimeNotFound(error)) {
      throw notFoundOnRerun(artifact, route.attempt, route.restRefusedWith);
    }
    throw error;
  }
}

async function fetchZip(
  artifact: ArtifactToFetch,
  dir: string,
  client: ArtifactDownloader,
  deps: { log: (message: string) => void },
  stage: { now: string },
  route: Route,
): Promise<string> {
  const { label } = artifact;
  const findBy = route.kind === "runtime" ? undefined : route.findBy;
  stage.now = "finding";
  const { artifact: found } = await client.getArtifact(artifact.name, findBy ? { findBy } : {});
  if (typeof found.size === "number" && found.size > artifact.maxBytes) {
    throw new ArtifactSourceError(
      `${label} is ${found.size} bytes, over the ${artifact.maxBytes}-byte limit for this artifact.`,
    );
  }
  // On a re-run the copy may be an earlier attempt's: when it was uploaded tells which.
  const uploaded =
    route.kind === "rest-on-rerun" && found.createdAt ? `, uploaded ${isoTime(found.createdAt)}` : "";
  deps.log(`Downloading ${label} (id ${found.id}, ${found.size ?? "?"} bytes${uploaded})`);
  stage.now = "downloading";
  await client.downloadArtifact(found.id, { path: dir, skipDecompress: true, ...(findBy && { findBy }) });
  const downloaded = await readdir(dir).catch(() => []);
  if (downloaded.length !== 1 || !downloaded[0]) {
    throw new ArtifactSourceError(
      `${label} (id ${found.id}): the download produced ${downloaded.length} files, expected one zip.`,
    );
  }
  return path.join(dir, downloaded[0]);
}

/** The REST API refused the token (no `actions: read`, or a token it does not take); not a rate limit. */
function isRefusal(error: unknown): boolean {
  return httpStatusOf(error) === 401 || classifyGitHubError(error, "artifact") instanceof PermissionError;
}

/**
 * The runtime's service did not have it: no artifact of that name in this attempt, or (the shape
 * download-artifact#486 shows) one listed whose address it then will not give.
 */
function isRuntimeNotFound(error: unknown): boolean {
  const err = error as { name?: unknown; message?: unknown } | null;
  if (err?.name === "ArtifactNotFoundError") return true;
  return typeof err?.message === "string" && /GetSignedArtifactURL\b.*\(404\)/.test(err.message);
}

/** The toolkit's `createdAt`, a Date it built from GitHub's answer (which may not be a time). */
function isoTime(createdAt: Date | string): string {
  const time = new Date(createdAt);
  return Number.isNaN(time.getTime()) ? "at an unknown time" : time.toISOString();
}

function notFoundOnRerun(
  artifact: ArtifactToFetch,
  attempt: number,
  restRefusedWith: number | null | undefined,
): ArtifactSourceError {
  const why =
    restRefusedWith !== undefined
      ? `the REST API refused the github-token (HTTP ${restRefusedWith}): grant the workflow 'permissions: actions: read'`
      : "give the step a github-token with 'actions: read' (or set artifact-run-id: ${{ github.run_id }} with one)";
  return new ArtifactSourceError(
    `${artifact.label} was not found among this attempt's uploads (run attempt ${attempt}). On a re-run, an ` +
      "artifact uploaded by a job that was not re-run belongs to an earlier attempt, which only the REST API " +
      `reads: ${why}. Else check that the uploading job's actions/upload-artifact step ran and used the name ` +
      `'${artifact.name}'.`,
    true,
    true,
  );
}

function findByFor(
  artifact: ArtifactToFetch,
  access: ArtifactAccess,
  runId: string,
): NonNullable<FindOptions["findBy"]> {
  const [owner, repo] = access.repository.split("/");
  if (!owner || !repo) {
    throw new ArtifactSourceError(
      `reading ${artifact.label} needs GITHUB_REPOSITORY (owner/name); run inside GitHub Actions.`,
    );
  }
  if (!access.token) {
    throw new ArtifactSourceError(`reading ${artifact.label} needs a github-token with 'actions: read'.`);
  }
  return {
    token: access.token,
    workflowRunId: Number(runId),
    repositoryOwner: owner,
    repositoryName: repo,
  };
}

/** HTTP failures as classifyGitHubError reads them, worded for an artifact. */
function describeDownloadFailure(
  error: unknown,
  artifact: ArtifactToFetch,
  access: ArtifactAccess,
  stage: string,
): Error {
  if (error instanceof ArtifactSourceError) return error;
  const { label, name, runId } = artifact;
  const { repository } = access;
  const err = error as Error & { status?: number };
  if (err?.name === "GHESNotSupportedError") {
    return new ArtifactSourceError(
      `${label}: workflow artifacts cannot be read on GitHub Enterprise Server (${err.message}).`,
    );
  }
  if (!runId && /ACTIONS_RUNTIME_TOKEN|ACTIONS_RESULTS_URL/.test(err?.message ?? "")) {
    return new ArtifactSourceError(
      `${label}: reading an artifact of the current run needs the Actions runtime (${err.message}); ` +
        `set artifact-run-id to read it through the REST API instead.`,
    );
  }
  const failure = classifyGitHubError(error, "artifact");
  // The toolkit's own "no artifact of that name" has no status.
  if (err?.name === "ArtifactNotFoundError" || failure instanceof NotFoundError) {
    return new ArtifactSourceError(
      `${label} was not found. Check that the uploading workflow's actions/upload-artifact step ran and used ` +
        `the name '${name}', that the artifact has not expired, and that this job has 'actions: read' permission` +
        // The REST API looks only in this repository: another repository's run id finds nothing.
        (runId ? `; and that run ${runId} is a workflow run of ${repository || "this repository"}.` : "."),
      true,
      true,
    );
  }
  if (failure instanceof GoneError) {
    // Listed (with `expired: true`) until GitHub deletes it, but the zip is gone.
    return new ArtifactSourceError(
      `${label} has expired (HTTP 410); artifacts are kept for the repository's retention period.`,
      true,
      true,
    );
  }
  if (failure instanceof PermissionError || failure.status === 401) {
    return new ArtifactSourceError(refusalOf(artifact, access, stage, failure.status));
  }
  // The toolkit retries a failed blob download and says only how often, inside its own words
  // ("Unable to download and extract artifact: Artifact download failed after 5 retries."); each
  // answer went to its debug log (an expired link's 403, a 5xx, a reset connection).
  const retries = /\bArtifact download failed after (\d+) retries/.exec(err?.message ?? "");
  if (retries) {
    return new ArtifactTransferError(
      `could not download ${label}: GitHub's artifact storage failed the download ${retries[1]} times. Re-run the ` +
        "job; to see each answer, re-run it with debug logging enabled.",
    );
  }
  const said = serverWords(failure.detail);
  if (failure.status !== null && failure.status >= 500) {
    return new ArtifactTransferError(
      `could not download ${label}: GitHub answered HTTP ${failure.status}${said && ` (${said})`}. ${OUTAGE}`,
    );
  }
  if (isConnectionFailure(error)) {
    return new ArtifactTransferError(
      `could not download ${label}: the request to GitHub failed (${said}). ${OUTAGE}`,
    );
  }
  if (failure.status !== null) {
    return new ArtifactSourceError(`could not download ${label}: ${showControls(failure.message, "space")}`);
  }
  // The toolkit's own words (no status): whole, on one line.
  return new ArtifactSourceError(`could not download ${label}: ${showControls(failure.detail, "space")}`);
}

/**
 * A refused artifact, and the permission to grant. This run's (on a re-run, or named by this run's id
 * in artifact-run-id) has no other repository to be read from. A public repository lists its artifacts
 * to any token but hands their zips only to one with `actions: read`, so the listing can work and the
 * download still be refused (https://docs.github.com/rest/actions/artifacts: only the listing "can be
 * used without authentication or the aforementioned permissions" for public resources).
 */
function refusalOf(
  artifact: ArtifactToFetch,
  access: ArtifactAccess,
  stage: string,
  status: number | null,
): string {
  const { label, runId } = artifact;
  const grant = "Grant the workflow 'permissions: actions: read'";
  if (runId !== null && runId !== access.runId) {
    return (
      `GitHub refused access to ${label} (HTTP ${status}). ${grant} ` +
      `(and pass a github-token that can read ${access.repository}'s workflow runs: the run is looked up there).`
    );
  }
  if (stage === "downloading") {
    return (
      `GitHub listed ${label} but refused to download it (HTTP ${status}). ${grant}: a public ` +
      "repository's artifacts can be listed without it, but not downloaded."
    );
  }
  return `GitHub refused access to ${label} (HTTP ${status}). ${grant}.`;
}
