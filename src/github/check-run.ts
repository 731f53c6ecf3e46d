// The check run: created completed with the first 50 annotations, then PATCHed in batches of 50
// (each PATCH appends; the API requires output.summary on every update, so title+summary are resent).
import { randomUUID } from "node:crypto";
import type { Conclusion } from "../model/types.js";
import { renderRefusedNote, type CheckAnnotation } from "../render/annotations.js";
import { cutMarkdown, describeLeftOut, type LeftOut } from "../render/cut-markdown.js";
import { truncateChars } from "../text/truncate.js";
import type { GitHubClient } from "./client.js";
import { classifyGitHubError, httpStatusOf } from "./errors.js";
import { appBotLogin } from "./identity.js";
import { postOnce } from "./post-once.js";
import {
  externalIdPrefix,
  sharedNameNote,
  sharedNameTitle,
  worstConclusion,
  type SiblingCheckRun,
} from "./shared-check-name.js";

/** The API caps summary and text at 65,535 — measured in UTF-8 bytes in practice. */
export const CHECK_OUTPUT_MAX_BYTES = 65_535;
export const ANNOTATIONS_PER_REQUEST = 50;
const TITLE_MAX_CHARS = 1_000;

export interface CheckRunInput {
  owner: string;
  repo: string;
  headSha: string;
  name: string;
  conclusion: Conclusion;
  title: string;
  summary: string;
  text?: string;
  annotations: CheckAnnotation[];
  detailsUrl?: string | null;
  externalId?: string;
  /** The run attempt (RunContext.runKey): another job's check run of this name in it is a sibling. */
  runKey?: string | null;
}

export interface CheckRunResult {
  url: string;
  id: number;
  annotationsWritten: number;
  /** Annotations GitHub would not take (422), found by halving refused batches; null when none were. */
  refused: RefusedAnnotations | null;
  /** Check runs of this name that other jobs of this run attempt wrote on the commit before this one. */
  siblings: SiblingCheckRun[];
  /** The login the token writes as: the bot of the app GitHub says wrote the check run (identity.ts). */
  writtenAs: string | null;
}

export interface RefusedAnnotations {
  count: number;
  /** The batches (of up to 50) left out after GitHub answered 422, once halving stopped. */
  requests: number;
  /** The first refusal, as a message for the log. */
  reason: string;
}

const note = (left: LeftOut): string =>
  `… _Truncated to fit GitHub's check-run size limit, leaving out ${describeLeftOut(left)}; ` +
  "the job summary has the full report._";

/** Keeps Markdown ≤ maxBytes of UTF-8, cut between blocks with nothing left open, and says so. */
export function fitCheckOutput(markdown: string, maxBytes = CHECK_OUTPUT_MAX_BYTES): string {
  return cutMarkdown(markdown, maxBytes, note);
}

export async function publishCheckRun(octokit: GitHubClient, input: CheckRunInput): Promise<CheckRunResult> {
  const { owner, repo } = input;
  const prefix = externalIdPrefix(input.runKey);
  // Created once (post-once.ts), under an id of its own to find it by: the client's retry would add
  // a second check of the same name.
  const externalId = input.externalId ?? `${prefix}${randomUUID()}`;
  let siblings = input.runKey ? await findSiblingCheckRuns(octokit, input, prefix, externalId) : [];
  // Another job's worse report under this name is never turned green by this one (shared-check-name.ts).
  const outputFor = (others: readonly SiblingCheckRun[]) => {
    const conclusion = worstConclusion(input.conclusion, others);
    const title = truncateChars(
      conclusion === input.conclusion ? input.title : sharedNameTitle(input.title, conclusion),
      TITLE_MAX_CHARS,
    );
    const note = others.length > 0 ? `${sharedNameNote(input.name, others.length)}\n\n` : "";
    return { conclusion, title, summary: fitCheckOutput(note + input.summary) };
  };
  let { conclusion, title, summary } = outputFor(siblings);
  const text = input.text ? fitCheckOutput(input.text) : undefined;
  const batches = chunk(input.annotations, ANNOTATIONS_PER_REQUEST);
  const now = new Date().toISOString().replace(/\.\d{3}Z$/, "Z");

  const create = async (annotations: CheckAnnotation[]): Promise<WrittenCheckRun> =>
    (
      await octokit.rest.checks.create({
        owner,
        repo,
        name: input.name,
        head_sha: input.headSha,
        status: "completed",
        conclusion,
        completed_at: now,
        ...(input.detailsUrl ? { details_url: input.detailsUrl } : {}),
        external_id: externalId,
        output: { title, summary, ...(text ? { text } : {}), annotations },
        request: { retries: 0 },
      })
    ).data;
  const createOnce = (annotations: CheckAnnotation[]) =>
    postOnce(
      () => create(annotations),
      () => findCheckRun(octokit, input, externalId),
    );
  let created: WrittenCheckRun;
  // The batches still to send as updates: all but the first, unless the create went without it.
  let rest = batches.slice(1);
  try {
    try {
      created = await createOnce(batches[0] ?? []);
    } catch (error) {
      // A 422 is an answer (nothing was stored): one annotation GitHub refuses must not cost the
      // check run, and a required check would wait for ever. Created without them, the first
      // batch goes as an update like the others.
      if (!isRefused(error) || batches.length === 0) throw error;
      created = await createOnce([]);
      rest = batches;
    }
  } catch (error) {
    throw classifyGitHubError(error, "check-run");
  }
  const result = (written: number, refused: RefusedAnnotations | null = null): CheckRunResult => ({
    url: created.html_url ?? "",
    id: created.id,
    annotationsWritten: written,
    refused: refused?.count ? refused : null,
    siblings,
    writtenAs: appBotLogin(created.app),
  });

  let written = rest === batches ? 0 : (batches[0]?.length ?? 0);
  const refused: RefusedAnnotations = { count: 0, requests: 0, reason: "" };
  // A job finishing at the same time may have created its check run between our look and our create:
  // looked for again, the newest check run of the name has seen every older one, so it concludes worst.
  if (input.runKey) {
    const again = await findSiblingCheckRuns(octokit, input, prefix, externalId);
    if (again.length > siblings.length) {
      siblings = again;
      ({ conclusion, title, summary } = outputFor(siblings));
      try {
        await octokit.rest.checks.update({
          owner,
          repo,
          check_run_id: created.id,
          conclusion,
          output: { title, summary },
        });
      } catch (error) {
        throw new PartialCheckRunError(
          `The check run was created, but not updated for another job's check run of the same name: ${classifyGitHubError(error, "check-run").message}`,
          result(written),
        );
      }
    }
  }

  try {
    // In order; a refused batch is sent again as two halves, down to the annotation GitHub will not
    // take, while MAX_REFUSED_SPLITS allows (a bad one costs ~2 requests per halving, not its batch).
    const queue = [...rest];
    let splits = 0;
    for (let batch = queue.shift(); batch; batch = queue.shift()) {
      try {
        await octokit.rest.checks.update({
          owner,
          repo,
          check_run_id: created.id,
          output: { title, summary, annotations: batch },
        });
        written += batch.length;
      } catch (error) {
        // A batch GitHub refuses is left out; the batches after it are still sent.
        if (!isRefused(error)) throw error;
        refused.reason ||= classifyGitHubError(error, "check-run").message;
        if (batch.length > 1 && splits < MAX_REFUSED_SPLITS) {
          splits++;
          const half = Math.ceil(batch.length / 2);
          queue.unshift(batch.slice(0, half), batch.slice(half));
          continue;
        }
        refused.count += batch.length;
        refused.requests++;
      }
    }
    // The check's text says how many were refused (the log says why).
    if (refused.count > 0) {
      await octokit.rest.checks.update({
        owner,
        repo,
        check_run_id: created.id,
        output: {
          title,
          summary,
          text: fitCheckOutput([renderRefusedNote(refused.count), input.text].filter(Boolean).join("\n")),
        },
      });
    }
  } catch (error) {
    const classified = classifyGitHubError(error, "check-run");
    throw new PartialCheckRunError(
      `The check run was created but only ${written} of ${input.annotations.length} annotations were added: ${classified.message}`,
      result(written, refused),
    );
  }
  return result(written, refused);
}

/**
 * How many times refused batches are halved in one run: enough to find one bad annotation in each of
 * a few batches of 50 (6 halvings each), few enough that a run whose every annotation is refused
 * sends at most ~2 × this many extra requests.
 */
export const MAX_REFUSED_SPLITS = 24;

/** GitHub's 422: it read the request and will not take it (for annotations, one it refuses). */
function isRefused(error: unknown): boolean {
  return httpStatusOf(error) === 422;
}

/** Every check run of this name on the commit (ours carry our external ids). */
async function listCheckRunsOfName(octokit: GitHubClient, input: CheckRunInput) {
  const { data } = await octokit.rest.checks.listForRef({
    owner: input.owner,
    repo: input.repo,
    ref: input.headSha,
    check_name: input.name,
    filter: "all",
    per_page: 100,
  });
  return data.check_runs;
}

/**
 * Check runs of this name on the commit that another step of this run attempt wrote (their external
 * id starts with the same attempt), ours left out. Asked before creating ours and once after; an
 * answer GitHub refuses leaves the check as it would be without the question (the create that
 * follows says what is wrong).
 */
async function findSiblingCheckRuns(
  octokit: GitHubClient,
  input: CheckRunInput,
  prefix: string,
  ownExternalId: string,
): Promise<SiblingCheckRun[]> {
  try {
    return (await listCheckRunsOfName(octokit, input))
      .filter((run) => run.external_id !== ownExternalId && run.external_id?.startsWith(prefix))
      .map((run) => ({ conclusion: run.conclusion ?? null, url: run.html_url ?? null }));
  } catch {
    return [];
  }
}

/** What this step uses of the check run GitHub stored (an answer to the create, or found in a list). */
interface WrittenCheckRun {
  id: number;
  html_url: string | null;
  app?: unknown;
}

/** This step's check run on the commit, found by its external id; null when it is not there. */
async function findCheckRun(
  octokit: GitHubClient,
  input: CheckRunInput,
  externalId: string,
): Promise<WrittenCheckRun | null> {
  return (await listCheckRunsOfName(octokit, input)).find((run) => run.external_id === externalId) ?? null;
}

/** The check run exists, but a later annotation batch failed. */
export class PartialCheckRunError extends Error {
  override name = "PartialCheckRunError";
  constructor(
    message: string,
    readonly result: CheckRunResult,
  ) {
    super(message);
  }
}

function chunk<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
