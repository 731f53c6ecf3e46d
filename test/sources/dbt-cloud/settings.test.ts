import { describe, expect, it } from "vitest";

import { DbtCloudSettingsError } from "../../../src/sources/dbt-cloud/errors.js";
import { parseDbtCloudSettings, readDbtCloudEnv } from "../../../src/sources/dbt-cloud/settings.js";

const TOKEN = "dbtc_settings-secret-token-987654";
const BASE = {
  "dbt-cloud-base-url": "ab123.us1.dbt.com",
  "dbt-cloud-account-id": "51798",
  "dbt-cloud-token": TOKEN,
  "dbt-cloud-run-id": "7001234",
};

function parseError(raw: Record<string, string | undefined>): DbtCloudSettingsError {
  try {
    parseDbtCloudSettings(raw);
  } catch (error) {
    expect(error).toBeInstanceOf(DbtCloudSettingsError);
    const e = error as DbtCloudSettingsError;
    expect(e.message).not.toContain(TOKEN);
    expect(JSON.stringify(e)).not.toContain(TOKEN);
    return e;
  }
  throw new Error("expected a settings error");
}

describe("parseDbtCloudSettings", () => {
  it("accepts a bare host, applies defaults and freezes the result", () => {
    const settings = parseDbtCloudSettings({ ...BASE, "dbt-cloud-download-dir": "/tmp/x" });
    expect(settings).toEqual({
      baseUrl: "https://ab123.us1.dbt.com",
      accountId: 51798,
      token: TOKEN,
      runId: 7001234,
      wait: false,
      maxWaitSeconds: 1800,
      pollIntervalSeconds: 15,
      concurrency: 4,
      requestTimeoutMs: 30_000,
      downloadDir: "/tmp/x",
    });
    expect(Object.isFrozen(settings)).toBe(true);
  });

  it("accepts https URLs with a trailing slash and job + PR + SHA lookups", () => {
    const settings = parseDbtCloudSettings({
      ...BASE,
      "dbt-cloud-base-url": "https://cloud.getdbt.com/",
      "dbt-cloud-run-id": "",
      "dbt-cloud-job-id": "900112",
      "pr-number": "#418",
      "head-sha": "3F1C2E9A7B6D5C4E3F2A1B0C9D8E7F6A5B4C3D2E",
      "dbt-cloud-wait": "false",
    });
    expect(settings).toMatchObject({
      baseUrl: "https://cloud.getdbt.com",
      jobId: 900112,
      prNumber: 418,
      headSha: "3f1c2e9a7b6d5c4e3f2a1b0c9d8e7f6a5b4c3d2e",
      wait: false,
    });
    expect(settings.runId).toBeUndefined();
  });

  it("maps DBT_CLOUD_* environment variables onto the same keys", () => {
    const raw = readDbtCloudEnv({
      DBT_CLOUD_BASE_URL: "emea.dbt.com",
      DBT_CLOUD_ACCOUNT_ID: "1",
      DBT_CLOUD_TOKEN: TOKEN,
      DBT_CLOUD_JOB_ID: "2",
      DBT_CLOUD_RUN_ID: "  ",
      UNRELATED: "x",
    });
    expect(raw).toEqual({
      "dbt-cloud-base-url": "emea.dbt.com",
      "dbt-cloud-account-id": "1",
      "dbt-cloud-token": TOKEN,
      "dbt-cloud-job-id": "2",
    });
    expect(parseDbtCloudSettings({ ...raw, "pr-number": "5" })).toMatchObject({ jobId: 2, prNumber: 5 });
  });

  it.each([
    [{ "dbt-cloud-base-url": undefined }, /^dbt platform: "dbt-cloud-base-url" is required.*Access URL/],
    [{ "dbt-cloud-base-url": "http://ab123.us1.dbt.com" }, /must use https/],
    [{ "dbt-cloud-base-url": "https://ab123.us1.dbt.com/api/v2" }, /just the host.*"\/api\/v2"/],
    [{ "dbt-cloud-base-url": "https://user:pw@ab123.us1.dbt.com" }, /must not contain credentials/],
    [{ "dbt-cloud-account-id": "abc" }, /"dbt-cloud-account-id" must be a positive whole number, got "abc"/],
    [{ "dbt-cloud-account-id": "" }, /"dbt-cloud-account-id" is required/],
    [{ "dbt-cloud-token": "" }, /"dbt-cloud-token" is required/],
    [{ "dbt-cloud-token": `Token ${TOKEN}` }, /contains whitespace.*without a "Token "/],
    [{ "dbt-cloud-token": `${TOKEN}\u200b` }, /contains a character that is not visible ASCII \(U\+200B, /],
    [{ "dbt-cloud-token": `${TOKEN}\u2019` }, /contains a character that is not visible ASCII \(U\+2019, /],
    [{ "dbt-cloud-token": `${TOKEN}\u0000x` }, /contains a character that is not visible ASCII \(U\+0000, /],
    [{ "dbt-cloud-token": `${TOKEN}é` }, /contains a character that is not visible ASCII \(U\+00E9, /],
    [{ "dbt-cloud-run-id": "" }, /set either "dbt-cloud-run-id".*or "dbt-cloud-job-id"/],
    [{ "dbt-cloud-run-id": "", "dbt-cloud-job-id": "9" }, /needs "pr-number" and\/or "head-sha"/],
    [{ "head-sha": "main" }, /"head-sha" must be a git commit SHA/],
    [{ "dbt-cloud-wait": "maybe" }, /"dbt-cloud-wait" must be "true" or "false"/],
    [
      { "dbt-cloud-poll-interval-seconds": "2" },
      /"dbt-cloud-poll-interval-seconds" must be a whole number from 10/,
    ],
    [{ "dbt-cloud-concurrency": "0" }, /"dbt-cloud-concurrency" must be a whole number from 1 to 16/],
  ])("rejects %j with a message naming the input", (override, message) => {
    expect(parseError({ ...BASE, ...override }).message).toMatch(message);
  });

  it("names each setting the way the caller says (the Action's input, the CLI's flag or variable)", () => {
    const name = (key: string) => `<${key}>`;
    const message = (override: Record<string, string | undefined>) => {
      try {
        parseDbtCloudSettings({ ...BASE, ...override }, name);
      } catch (error) {
        return (error as Error).message;
      }
      return "no error";
    };
    expect(message({ "dbt-cloud-token": "" })).toMatch(/^dbt platform: <dbt-cloud-token> is required: /);
    expect(message({ "dbt-cloud-token": "a b" })).toMatch(
      /^dbt platform: <dbt-cloud-token> contains whitespace/,
    );
    expect(message({ "dbt-cloud-base-url": "" })).toMatch(/^dbt platform: <dbt-cloud-base-url> is required/);
    expect(message({ "dbt-cloud-account-id": "x" })).toMatch(/^dbt platform: <dbt-cloud-account-id> must be/);
    expect(message({ "dbt-cloud-run-id": "", "dbt-cloud-job-id": "9" })).toBe(
      "dbt platform: <dbt-cloud-job-id> needs <pr-number> and/or <head-sha> to pick the run for this pull request " +
        "(or set <dbt-cloud-run-id>).",
    );
    expect(message({ "dbt-cloud-max-wait-seconds": "-1" })).toMatch(
      /^dbt platform: <dbt-cloud-max-wait-seconds> /,
    );
    expect(message({})).toBe("no error");
  });

  it("allows plain http only for a loopback stand-in server", () => {
    expect(parseDbtCloudSettings({ ...BASE, "dbt-cloud-base-url": "http://127.0.0.1:8080" }).baseUrl).toBe(
      "http://127.0.0.1:8080",
    );
  });
});
