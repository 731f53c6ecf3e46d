// Polls a run until it completes, bounded by maxWaitSeconds, with a visible progress line per poll.
import type { DbtCloudClient } from "./client.js";
import {
  DbtCloudOutOfTimeError,
  DbtCloudUnavailableError,
  DbtCloudWaitTimeoutError,
  withoutPrefix,
} from "./errors.js";
import type { Clock } from "./rate-limiter.js";
import { RUN_STATUS, type DbtRun } from "./types.js";

export interface WaitOptions {
  maxWaitSeconds: number;
  pollIntervalSeconds: number;
  /** How the message names the setting that bounds the wait (default `max-wait-seconds`). */
  limitName?: string;
  /**
   * Pause before re-reading a run that just finished: dbt Labs' own action waits ~5 s for the step
   * details to settle (reference §4.4). Default 5 s.
   */
  settleMs?: number;
  /**
   * The platform has already answered this step (the run was found in the job's list): an outage
   * on the first poll is then waited out like any later one.
   */
  answered?: boolean;
}

export function isRunComplete(run: DbtRun): boolean {
  const done: readonly number[] = [RUN_STATUS.success, RUN_STATUS.error, RUN_STATUS.cancelled];
  return run.is_complete === true || (run.status !== undefined && done.includes(run.status));
}

/** Resolves with the completed run (re-read once after completion if we had to wait). */
export async function waitForRun(
  client: DbtCloudClient,
  runId: number,
  options: WaitOptions,
  deps: { clock: Clock; log: (message: string) => void },
): Promise<DbtRun> {
  const { clock, log } = deps;
  const started = clock.now();
  const deadline = started + options.maxWaitSeconds * 1000;
  const intervalMs = options.pollIntervalSeconds * 1000;
  let polls = 0;
  /** The run as first seen complete: the next read, after the settle pause, is the one returned. */
  let complete: DbtRun | undefined;
  /** The last answer, for the message when the limit comes in the middle of a poll. */
  let last: DbtRun | undefined;
  for (;;) {
    let run: DbtRun;
    try {
      // A poll near the limit does not retry or wait out a cooldown past it.
      run = await client.getRun(runId, { notAfter: deadline });
    } catch (error) {
      // A poll is retried a few times within seconds; an outage of a minute during a wait of half
      // an hour must not end the wait: the next poll tries again, until the deadline. Only once the
      // platform has answered: a host that never did (a wrong base URL) fails at once.
      const outage = error instanceof DbtCloudUnavailableError && (polls > 0 || options.answered === true);
      // The poll gave up at the limit (a retry or cooldown would have ended past it), or there is
      // no time for another poll.
      const givenUp = error instanceof DbtCloudOutOfTimeError;
      const timeUp = givenUp || clock.now() + intervalMs > deadline;
      if (outage && complete && timeUp) {
        // The run is over; only the settled re-read failed: the first complete read will do.
        log(`dbt platform: ${withoutPrefix(error)} Using run ${runId} as first read complete.`);
        return complete;
      }
      if (givenUp) {
        const elapsed = Math.round((clock.now() - started) / 1000);
        const status = last ? (last.status_humanized ?? `in status ${last.status}`) : "not read yet";
        throw new DbtCloudWaitTimeoutError(
          `run ${runId} is still ${status} after ${elapsed} s, the limit set by ` +
            `${options.limitName ?? "max-wait-seconds"} (${options.maxWaitSeconds} s); the last poll ` +
            `${withoutPrefix(error)} Raise the limit, or re-run once the run has finished` +
            (last?.href ? ` (${last.href}).` : "."),
        );
      }
      if (!outage || timeUp) throw error;
      log(
        `dbt platform: ${withoutPrefix(error)} Still waiting for run ${runId}: ` +
          `checking again in ${options.pollIntervalSeconds} s.`,
      );
      await clock.sleep(intervalMs);
      continue;
    }
    polls += 1;
    last = run;
    if (complete) return run;
    if (isRunComplete(run)) {
      if (polls === 1) return run;
      // Re-read once the step details have settled; an outage then is ridden out like any poll's.
      complete = run;
      await clock.sleep(options.settleMs ?? 5000);
      continue;
    }
    const elapsed = Math.round((clock.now() - started) / 1000);
    if (clock.now() + intervalMs > deadline) {
      throw new DbtCloudWaitTimeoutError(
        `run ${runId} is still ${run.status_humanized ?? `in status ${run.status}`} after ${elapsed} s, ` +
          `the limit set by ${options.limitName ?? "max-wait-seconds"} (${options.maxWaitSeconds} s). ` +
          `Raise it, or re-run once the run has finished` +
          (run.href ? ` (${run.href}).` : "."),
      );
    }
    log(
      `dbt platform: run ${runId} is ${run.status_humanized ?? `in status ${run.status}`}; ` +
        `waited ${elapsed} s of up to ${options.maxWaitSeconds} s, checking again in ${options.pollIntervalSeconds} s.`,
    );
    await clock.sleep(intervalMs);
  }
}
