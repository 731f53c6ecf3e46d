// Pure pieces: limiter, redaction, retry headers, Parquet edge check, PR matching, command parsing.
import { describe, expect, it } from "vitest";

import { checkParquetEdges } from "../../../src/sources/dbt-cloud/client.js";
import { matchesPullRequest } from "../../../src/sources/dbt-cloud/find-run.js";
import {
  createDbtCloudHttp,
  describeWait,
  parseHttpDate,
  readRetryAfterMs,
} from "../../../src/sources/dbt-cloud/http.js";
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
  it("masks a token the server echoed percent-encoded, in either case of hex", () => {
    const special = "dbtc_a+b/c=d&e?f-0123456789";
    const encoded = encodeURIComponent(special);
    expect(encoded).not.toBe(special);
    expect(redactSecrets(`https://x/?t=${encoded}`, [special])).toBe("https://x/?t=***");
    // The token's own letters are lower-case: only the hex of its escapes changes.
    expect(redactSecrets(`t=${encoded.toLowerCase()}`, [special])).toBe("t=***");
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
  it("takes only delta-seconds and HTTP dates: anything else leaves the documented cooldown", () => {
    // Date.parse reads each of these as a date in 2001, which made a wait of 250 ms.
    for (const value of ["-5", "1 2", "5, 10", "1.5", "0x10", "soon", "Sun, 06 Nov 1994"]) {
      expect(readRetryAfterMs(headers({ "retry-after": value })), value).toBeUndefined();
      expect(readRetryAfterMs(headers({ "x-rate-limit-retry-after-seconds": value })), value).toBeUndefined();
    }
    expect(readRetryAfterMs(headers({ "retry-after": " 30 " }))).toBe(30_000);
  });
  it("reads the three HTTP-date forms, and no date that does not exist", () => {
    const at = Date.UTC(1994, 10, 6, 8, 49, 37);
    expect(parseHttpDate("Sun, 06 Nov 1994 08:49:37 GMT")).toBe(at);
    expect(parseHttpDate("Sunday, 06-Nov-94 08:49:37 GMT", Date.UTC(2026, 0, 1))).toBe(at);
    expect(parseHttpDate("Sun Nov  6 08:49:37 1994")).toBe(at);
    expect(parseHttpDate("Tuesday, 01-Jan-30 00:00:00 GMT", Date.UTC(2026, 0, 1))).toBe(Date.UTC(2030, 0, 1));
    expect(parseHttpDate("Fri, 31 Feb 2026 00:00:00 GMT")).toBeUndefined();
    expect(parseHttpDate("Fri, 06 Nov 1994 25:00:00 GMT")).toBeUndefined();
    expect(parseHttpDate("2026-10-02T09:00:00Z")).toBeUndefined();
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
  it("matches an abbreviated head SHA (7 hex digits or more) to the commit it starts, in either case", () => {
    const full = { id: 3, git_sha: "3f1c2e9a7b6d5c4e3f2a1b0c9d8e7f6a5b4c3d2e" } as DbtRun;
    expect(matchesPullRequest(full, undefined, "3f1c2e9")).toBe(true);
    expect(matchesPullRequest(full, undefined, "3F1C2E9A7B6D")).toBe(true);
    expect(matchesPullRequest(full, undefined, "3f1c2e8")).toBe(false);
    // Only a prefix: a SHA somewhere inside the commit's is another commit.
    expect(matchesPullRequest(full, undefined, "1c2e9a7")).toBe(false);
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

describe("quoting the server's answer", () => {
  it("masks a token the answer holds \\u-escaped (a JSON body quoted as it came)", async () => {
    const token = "dbtc_escaped-T0ken-0123456789";
    const escaped = [...token].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`).join("");
    const body = `{"detail": "bad token ${escaped}"}`;
    const clock: Clock = { now: () => 0, sleep: async () => {} };
    const http = createDbtCloudHttp(
      { baseUrl: "http://127.0.0.1:9", token, requestTimeoutMs: 1000 },
      {
        clock,
        limiter: createRateLimiter({ clock }),
        log: () => {},
        fetchImpl: async () => ({
          status: 400,
          headers: { get: () => "application/json" },
          body: null,
          text: async () => body,
        }),
      },
    );
    const error = await http.getJson("/api/v2/x/", {}, { what: "run 1" }).then(
      () => new Error("expected a rejection"),
      (rejected: Error) => rejected,
    );
    expect(error.message).toContain(`Body starts: "{"detail": "bad token ***"}"`);
    expect(error.message).not.toContain("\\u0064");
  });
});
