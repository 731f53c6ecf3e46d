// One client-side limiter shared by every request to the Admin API.
// The API allows 5,000 requests/minute per account and answers 429 + a five-minute cooldown when
// exceeded (https://docs.getdbt.com/docs/dbt-apis/rate-limits), so we stay well below it and stop
// sending anything at all while a cooldown is in force.

export interface Clock {
  /** Milliseconds on a monotonic-ish timeline (tests may scale or fake it). */
  now(): number;
  sleep(ms: number): Promise<void>;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms))),
};

/**
 * Test-only: FUSION_REPORT_TEST_CLOCK_SCALE=N makes every wait of the dbt platform source (polls, the
 * settle pause, 429 cooldowns, retry backoff) N times shorter, so the end-to-end tests can drive the
 * bundled Action and CLI in a child process against a stand-in server on the same scaled timeline.
 * Request timeouts stay in real time. Nothing else reads this variable; never set it in a workflow.
 */
export function defaultClock(env: Readonly<Record<string, string | undefined>>): Clock {
  const scale = Number(env.FUSION_REPORT_TEST_CLOCK_SCALE);
  if (!Number.isFinite(scale) || scale <= 1) return systemClock;
  const epoch = Date.now();
  const start = performance.now();
  return {
    now: () => epoch + (performance.now() - start) * scale,
    sleep: (ms) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms / scale))),
  };
}

export interface RateLimiterOptions {
  /** Sustained rate. Default 4,000/min: 20% headroom under the documented 5,000/min. */
  requestsPerMinute?: number;
  /**
   * Bucket size. Any 60 s window can see `burst + requestsPerMinute` requests, so keep the sum
   * under 5,000. Default 20.
   */
  burst?: number;
  clock: Clock;
}

export interface RateLimiter {
  /** Resolves when a request may be sent: no active pause and a token is available. */
  acquire(): Promise<void>;
  /** Stops every request until `until` (clock ms); never shortens an existing pause. */
  pauseUntil(until: number): void;
  /** End of the current pause in clock ms (0 = none). */
  pausedUntil(): number;
}

export function createRateLimiter(options: RateLimiterOptions): RateLimiter {
  const { clock } = options;
  const perMinute = options.requestsPerMinute ?? 4000;
  const capacity = options.burst ?? 20;
  if (!(perMinute > 0) || !(capacity >= 1)) {
    throw new RangeError("rate limiter: requestsPerMinute must be > 0 and burst >= 1");
  }
  const perMs = perMinute / 60_000;
  let tokens = capacity;
  let refilledAt = clock.now();
  let pauseEnd = 0;

  function refill(now: number): void {
    tokens = Math.min(capacity, tokens + (now - refilledAt) * perMs);
    refilledAt = now;
  }

  return {
    async acquire() {
      for (;;) {
        const now = clock.now();
        if (now < pauseEnd) {
          await clock.sleep(pauseEnd - now);
          continue;
        }
        refill(now);
        if (tokens >= 1) {
          tokens -= 1;
          return;
        }
        await clock.sleep(Math.max(1, Math.ceil((1 - tokens) / perMs)));
      }
    },
    pauseUntil(until) {
      pauseEnd = Math.max(pauseEnd, until);
    },
    pausedUntil: () => pauseEnd,
  };
}
