// Telemetry older than the event this workflow run answers is not this run's build: files a cache of
// target/ or logs/ restored, or an earlier run left on a self-hosted runner, read when dbt itself
// wrote nothing (it failed before it started, or another step was skipped). Said on each such
// invocation, so the comment, the check run and the summary never show an old build as this one's.
// The telemetry's times come from the runner's clock, the event's from GitHub's: a runner whose
// clock is off (a self-hosted one without time sync) is allowed for with the skew GitHub's answer
// shows (run-clock.ts).
// An artifact of this run is checked as files are: in the two-job setup (one job runs dbt and
// uploads target/ and logs/, a later one runs this Action) a cache of target/ the first job restored
// is as stale as one on this runner. That job's runner stamped it, not this one, so this runner's
// skew is not applied to it (action-pipeline.ts).
// On `workflow_run` (the fork-safe pair's second workflow) the telemetry is the triggering run's, so
// the time is that run's creation: a build older than it is one the first workflow found (a cache
// of target/ it restored and uploaded), not one it ran.
import { EARLIEST_REAL_MS, MAX_CLOCK_SKEW_MS } from "../model/implausible-times.js";
import type { Report } from "../model/types.js";
import type { EventPayload } from "./context.js";

/** GitHub's clock and the runner's may differ a little; a build a minute "before" its event is not stale. */
export const CLOCK_SLACK_MS = 60_000;

/**
 * Events whose payload has no time, whose run GitHub creates when the event happens: the run's
 * `created_at` (asked from the API) is the event's time. Not `run_started_at`: a re-run resets it,
 * and "Re-run failed jobs" keeps the jobs that passed, so telemetry one of them handed on (an
 * artifact a later job reads) is older than the re-run yet this run's. Not `workflow_run` either: its
 * run is created after the run it follows, whose telemetry it is there to read (eventTimeOf gives
 * that run's creation from the payload).
 */
export const RUN_CREATED_EVENTS: ReadonlySet<string> = new Set([
  "schedule",
  "workflow_dispatch",
  "merge_group",
]);

/**
 * When the event this run answers happened, where the payload says so: a pull request's last update
 * (its push, for `synchronize`), a push's time, and on `workflow_run` the triggering run's creation
 * (a re-run of it keeps it). Null for other events, and when the payload has no time or one that is
 * no real time (before 2020, or later than `nowMs` by more than clocks differ): the payload is
 * read, not trusted, and a time in the future would brand every build an earlier one.
 */
export function eventTimeOf(
  eventName: string,
  payload: EventPayload,
  nowMs: number = Date.now(),
): number | null {
  const time = payloadTimeOf(eventName, payload);
  return time !== null && time >= EARLIEST_REAL_MS && time <= nowMs + MAX_CLOCK_SKEW_MS ? time : null;
}

function payloadTimeOf(eventName: string, payload: EventPayload): number | null {
  if (eventName === "pull_request" || eventName === "pull_request_target") {
    return isoTimeOf((payload.pull_request as { updated_at?: unknown } | undefined)?.updated_at);
  }
  if (eventName === "workflow_run") {
    return isoTimeOf(payload.workflow_run?.created_at);
  }
  if (eventName === "push") {
    // A push payload's repository.pushed_at is seconds since 1970 (other events give it as text).
    const pushed = (payload.repository as { pushed_at?: unknown } | undefined)?.pushed_at;
    return typeof pushed === "number" && Number.isFinite(pushed) ? pushed * 1000 : null;
  }
  return null;
}

/**
 * GitHub's payload times are ISO 8601 (`2026-03-01T10:00:00Z`); Date.parse also takes "1" or
 * "March 1", which no GitHub time is.
 */
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,9})?(?:Z|[+-]\d{2}:\d{2})$/;

function isoTimeOf(value: unknown): number | null {
  const time = typeof value === "string" && ISO_TIME.test(value) ? Date.parse(value) : NaN;
  return Number.isFinite(time) ? time : null;
}

/**
 * Whether an invocation began before the event (`eventMs`, GitHub's clock), its start (the
 * runner's clock) moved by `skewMs` (GitHub's clock minus the runner's).
 */
export function hasStaleInvocation(report: Report, eventMs: number, skewMs = 0): boolean {
  return report.invocations.some((inv) => isStale(inv.startedAt, eventMs, skewMs));
}

function isStale(startedAt: string | null, eventMs: number, skewMs: number): boolean {
  if (startedAt === null) return false;
  const started = Date.parse(startedAt);
  // A start never set (1970) is no earlier build's: the report already says it is no real time.
  return started >= EARLIEST_REAL_MS && started + skewMs < eventMs - CLOCK_SLACK_MS;
}

/**
 * The report with a warning on each invocation that began before the event (`eventMs`), its start
 * moved by `skewMs` (see hasStaleInvocation). `ownArtifact` names the artifact of this run the
 * telemetry came from, whose uploading job is where to look; null for files on the runner (or, on
 * `workflow_run`, the triggering run's).
 */
export function warnAboutStaleInvocations(
  report: Report,
  eventName: string,
  eventMs: number,
  skewMs = 0,
  ownArtifact: string | null = null,
): Report {
  const event = new Date(eventMs).toISOString();
  if (!hasStaleInvocation(report, eventMs, skewMs)) return report;
  const stale = (startedAt: string | null): boolean => isStale(startedAt, eventMs, skewMs);
  return {
    ...report,
    invocations: report.invocations.map((inv) =>
      stale(inv.startedAt)
        ? {
            ...inv,
            readerWarnings: [
              ...inv.readerWarnings,
              `this invocation began at ${inv.startedAt}, ${beforeWhat(eventName, event)}: ` +
                whatToCheck(eventName, ownArtifact),
            ],
          }
        : inv,
    ),
  };
}

function beforeWhat(eventName: string, event: string): string {
  return eventName === "workflow_run"
    ? `before the workflow run that triggered this one was created (${event})`
    : `before the ${eventName} event this workflow run answers (${event})`;
}

function whatToCheck(eventName: string, ownArtifact: string | null): string {
  if (ownArtifact !== null) {
    // The two-job setup: an earlier job of this run ran dbt and uploaded target/ and logs/.
    return (
      "it is an earlier build's telemetry (a cache of target/ or logs/ restored in the job that " +
      "uploaded it, files an earlier run left), not this run's; check that dbt ran in the job that " +
      `uploaded the artifact '${ownArtifact}' and wrote the files it uploaded`
    );
  }
  if (eventName === "workflow_run") {
    // The second workflow of the fork-safe pair reads the first one's telemetry: the build to check is there.
    return (
      "it is an earlier build's telemetry (a cache of target/ or logs/ that run restored, files an " +
      "earlier run left), not that run's; check that dbt ran in that run and wrote the files it uploaded"
    );
  }
  return (
    "it is an earlier build's telemetry (a cache of target/ or logs/, files an earlier run left), not " +
    "this run's; check that dbt ran in this job and wrote the files the 'telemetry' input names"
  );
}
