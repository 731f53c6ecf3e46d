// Pure pieces: limiter, redaction, retry headers, Parquet edge check, PR matching, command parsing.
import { describe, expect, it } from "vitest";

import { checkParquetEdges } from "../../../src/sources/dbt-cloud/client.js";
import { matchesPullRequest } from "../../../src/sources/dbt-cloud/find-run.js";
import { describeWait, readRetryAfterMs } from "../../../src/sources/dbt-cloud/http.js";
import { parseDbtCommand, telemetryArtifactPath } from "../../../src/sources/dbt-cloud/index.js";
import { createRateLimiter, type Clock } from "../../../src/sources/dbt-cloud/rate-limiter.js";
import { createRedactingLog, redactSecrets } from "../../../src/text/secrets.js";
import type { DbtRun } from "../../../src/sources/dbt-cloud/types.js";

/** Virtual time that only moves when someone sleeps: the limiter's schedule, without waiting. */
function createManualClock(start = 0): Clock {
  let t = start;
  return {
    now: () => t,
    sleep: async (ms) => {
      t += ms;
    },
  };
}

describe("createRateLimiter", () => {
  it("keeps any 60 s window well under the API's 5,000 requests", async () => {
    const clock = createManualClock();
    const limiter = createRateLimiter({ clock });
    const times: number[] = [];
    for (let i = 0; i < 9000; i += 1) {
      await limiter.acquire();
      times.push(clock.now());
    }
    let maxInWindow = 0;
    for (let i = 0, j = 0; i < times.length; i += 1) {
      while (times[i]! - times[j]! >= 60_000) j += 1;
      maxInWindow = Math.max(maxInWindow, i - j + 1);
    }
    expect(maxInWindow).toBeLessThanOrEqual(4020 + 1);
    expect(maxInWindow).toBeLessThan(5000);
  });

  it("sends nothing during a pause, and a shorter pause never shortens it", async () => {
    const clock = createManualClock(1000);
    const limiter = createRateLimiter({ clock });
    limiter.pauseUntil(301_000);
    limiter.pauseUntil(50_000);
    expect(limiter.pausedUntil()).toBe(301_000);
    await limiter.acquire();
    expect(clock.now()).toBeGreaterThanOrEqual(301_000);
  });

  it("rejects nonsense rates", () => {
    expect(() => createRateLimiter({ clock: createManualClock(), requestsPerMinute: 0 })).toThrow(RangeError);
  });
});

describe("redactSecrets", () => {
  const token = "dbtu_abcdefghijklmnop1234";
  it("masks the token wherever it appears, including header-like text and URLs", () => {
    expect(redactSecrets(`Authorization: Token ${token}`, [token])).toBe("Authorization: Token ***");
    expect(redactSecrets(`https://x/?t=${token}&a=${token}`, [token])).toBe("https://x/?t=***&a=***");
    expect(redactSecrets("Bearer zzzzzzzzzzzzzzzzzz", [])).toBe("Bearer ***");
    expect(redactSecrets("nothing secret here", [token])).toBe("nothing secret here");
  });
  it("wraps a log callback", () => {
    const lines: string[] = [];
    createRedactingLog((l) => lines.push(l), [token])(`sent ${token}`);
    expect(lines).toEqual(["sent ***"]);
  });
});

describe("readRetryAfterMs", () => {
  const headers = (values: Record<string, string>) => ({ get: (name: string) => values[name] ?? null });
  it("reads seconds from either header and takes the larger", () => {
    expect(readRetryAfterMs(headers({ "retry-after": "30" }))).toBe(30_000);
    expect(readRetryAfterMs(headers({ "x-rate-limit-retry-after-seconds": "12" }))).toBe(12_000);
    expect(readRetryAfterMs(headers({ "retry-after": "5", "x-rate-limit-retry-after-seconds": "60" }))).toBe(
      60_000,
    );
  });
  it("reads an HTTP date, never returns zero, and ignores absent headers", () => {
    const at = new Date(Date.now() + 120_000).toUTCString();
    expect(readRetryAfterMs(headers({ "retry-after": at }))).toBeGreaterThan(100_000);
    expect(readRetryAfterMs(headers({ "retry-after": "0" }))).toBe(250);
    expect(readRetryAfterMs(headers({}))).toBeUndefined();
  });
});

describe("describeWait", () => {
  it("says a server's wait in seconds, then minutes or hours, and a number past a week in words", () => {
    expect(describeWait(30_000)).toBe("30 s");
    expect(describeWait(900_000)).toBe("900 s (15 min)");
    expect(describeWait(10_800_000)).toBe("10800 s (3 h)");
    // A Retry-After of hundreds of digits read "Infinity s (Infinity h)".
    expect(describeWait(readRetryAfterMs({ get: () => "9".repeat(400) })!)).toBe("more than a week");
    expect(describeWait(8 * 24 * 3600 * 1000)).toBe("more than a week");
  });
});

describe("checkParquetEdges", () => {
  const par = Buffer.from("PAR1");
  it("accepts PAR1…PAR1 and names what is wrong otherwise", () => {
    expect(checkParquetEdges(par, par, 100)).toBeUndefined();
    expect(checkParquetEdges(Buffer.from("<htm"), Buffer.from("tml>"), 100)).toMatch(/does not start/);
    expect(checkParquetEdges(par, Buffer.from("abcd"), 100)).toMatch(/^truncated/);
    expect(checkParquetEdges(par, par, 4)).toMatch(/does not start/);
  });
});

describe("matchesPullRequest", () => {
  const run = {
    id: 1,
    git_sha: "aaaaaaa1",
    trigger: { git_sha: "bbbbbbb2", github_pull_request_id: 7 },
  } as DbtRun;
  it("needs every given criterion, matching either SHA field", () => {
    expect(matchesPullRequest(run, 7)).toBe(true);
    expect(matchesPullRequest(run, 8)).toBe(false);
    expect(matchesPullRequest(run, undefined, "AAAAAAA1")).toBe(true);
    expect(matchesPullRequest(run, 7, "bbbbbbb2")).toBe(true);
    expect(matchesPullRequest(run, 7, "ccccccc3")).toBe(false);
    expect(matchesPullRequest({ id: 2 }, 7)).toBe(false);
  });
});

describe("parseDbtCommand", () => {
  it.each([
    ["Invoke dbt with `dbt build --select state:modified+`", "dbt build --select state:modified+"],
    ["Invoke dbt with `dbt deps`", "dbt deps"],
    ["Invoke dbt with `dbt   run  -s  orders`", "dbt run -s orders"],
    ["Invoke dbt with dbt test", "dbt test"],
    ["Clone git repository", null],
    ["Create profile from connection Snowflake", null],
  ])("%s → %s", (name, command) => {
    expect(parseDbtCommand(name)).toBe(command);
  });
  it("names telemetry artifacts by step index", () => {
    expect(telemetryArtifactPath(4)).toBe("metadata/telemetry-4-otel.parquet");
  });
});
