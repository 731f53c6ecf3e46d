// dbt platform settings: one frozen, validated object built from a plain record of strings, so the
// Action (inputs) and the CLI (flags / DBT_CLOUD_* env vars) share the same rules and messages.
import { tmpdir } from "node:os";
import { join } from "node:path";

import { DbtCloudSettingsError } from "./errors.js";

export interface DbtCloudSettings {
  /** `https://host` with no trailing slash and no path. */
  readonly baseUrl: string;
  readonly accountId: number;
  readonly token: string;
  readonly runId?: number;
  readonly jobId?: number;
  readonly prNumber?: number;
  readonly headSha?: string;
  readonly wait: boolean;
  readonly maxWaitSeconds: number;
  readonly pollIntervalSeconds: number;
  readonly concurrency: number;
  readonly requestTimeoutMs: number;
  readonly downloadDir: string;
}

/** Record keys (Action input names; the CLI uses the same names as `--flags`). */
export const DBT_CLOUD_SETTING_KEYS = {
  baseUrl: "dbt-cloud-base-url",
  accountId: "dbt-cloud-account-id",
  token: "dbt-cloud-token",
  runId: "dbt-cloud-run-id",
  jobId: "dbt-cloud-job-id",
  prNumber: "pr-number",
  headSha: "head-sha",
  wait: "dbt-cloud-wait",
  maxWaitSeconds: "dbt-cloud-max-wait-seconds",
  pollIntervalSeconds: "dbt-cloud-poll-interval-seconds",
  concurrency: "dbt-cloud-concurrency",
  requestTimeoutMs: "dbt-cloud-request-timeout-ms",
  downloadDir: "dbt-cloud-download-dir",
} as const;

/** Environment variables the CLI reads, mapped to the record keys above. */
export const DBT_CLOUD_ENV_VARS = {
  DBT_CLOUD_BASE_URL: DBT_CLOUD_SETTING_KEYS.baseUrl,
  DBT_CLOUD_ACCOUNT_ID: DBT_CLOUD_SETTING_KEYS.accountId,
  DBT_CLOUD_TOKEN: DBT_CLOUD_SETTING_KEYS.token,
  DBT_CLOUD_RUN_ID: DBT_CLOUD_SETTING_KEYS.runId,
  DBT_CLOUD_JOB_ID: DBT_CLOUD_SETTING_KEYS.jobId,
} as const;

export const DBT_CLOUD_DEFAULTS = {
  wait: false,
  maxWaitSeconds: 1800,
  // The reference advises polling no faster than every 10 s.
  pollIntervalSeconds: 15,
  concurrency: 4,
  requestTimeoutMs: 30_000,
} as const;

/** The longest wait for a run (6 hours). */
export const DBT_CLOUD_MAX_WAIT_SECONDS = 6 * 3600;
export const MIN_POLL_SECONDS = 10;
export const MAX_CONCURRENCY = 16;

type RawSettings = Readonly<Record<string, string | undefined>>;

/**
 * How messages name a setting, by its record key: what the user set (the Action's input, the CLI's
 * flag or environment variable), not the record's key.
 */
export type NameSetting = (key: string) => string;

const quoteKey: NameSetting = (key) => `"${key}"`;

/** Picks the DBT_CLOUD_* variables out of an environment into a settings record (pure). */
export function readDbtCloudEnv(env: RawSettings): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, key] of Object.entries(DBT_CLOUD_ENV_VARS)) {
    const value = env[name];
    if (value !== undefined && value.trim() !== "") out[key] = value;
  }
  return out;
}

/** Validates a record of strings into frozen settings; throws DbtCloudSettingsError naming the setting. */
export function parseDbtCloudSettings(raw: RawSettings, name: NameSetting = quoteKey): DbtCloudSettings {
  const K = DBT_CLOUD_SETTING_KEYS;
  const get = (key: string): string | undefined => {
    const value = raw[key]?.trim();
    return value ? value : undefined;
  };

  const token = get(K.token);
  if (!token) {
    throw new DbtCloudSettingsError(
      `${name(K.token)} is required: use a dbt platform service token or personal access token.`,
    );
  }
  if (/\s/.test(token)) {
    // Never echo the value: it is a secret even when malformed.
    throw new DbtCloudSettingsError(
      `${name(K.token)} contains whitespace; pass only the token itself, without a "Token " or "Bearer " prefix.`,
    );
  }
  // A header can carry visible ASCII only: a zero-width space or a curly quote picked up when the
  // token was copied would fail every request before it is sent, and read as a network error.
  const unsendable = /[^\x21-\x7e]/.exec(token)?.[0];
  if (unsendable !== undefined) {
    const code = `U+${unsendable.codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0")}`;
    throw new DbtCloudSettingsError(
      `${name(K.token)} contains a character that is not visible ASCII (${code}, e.g. a zero-width space or a ` +
        `typographic quote picked up when copying it); copy the token again, from the dbt platform or the secret's source.`,
    );
  }

  const runId = parseId(get(K.runId), name(K.runId));
  const jobId = parseId(get(K.jobId), name(K.jobId));
  const prNumber = parseId(get(K.prNumber), name(K.prNumber));
  const headSha = parseSha(get(K.headSha), name(K.headSha));
  if (runId === undefined && jobId === undefined) {
    throw new DbtCloudSettingsError(
      `set either ${name(K.runId)} to read one run, or ${name(K.jobId)} to find the run for this pull request.`,
    );
  }
  if (runId === undefined && prNumber === undefined && headSha === undefined) {
    throw new DbtCloudSettingsError(
      `${name(K.jobId)} needs ${name(K.prNumber)} and/or ${name(K.headSha)} to pick the run for this pull request (or set ${name(K.runId)}).`,
    );
  }

  const settings: DbtCloudSettings = {
    baseUrl: parseBaseUrl(get(K.baseUrl), name(K.baseUrl)),
    accountId: requireValue(parseId(get(K.accountId), name(K.accountId)), name(K.accountId)),
    token,
    ...(runId !== undefined && { runId }),
    ...(jobId !== undefined && { jobId }),
    ...(prNumber !== undefined && { prNumber }),
    ...(headSha !== undefined && { headSha }),
    wait: parseBoolean(get(K.wait), name(K.wait), DBT_CLOUD_DEFAULTS.wait),
    maxWaitSeconds: parseInteger(
      get(K.maxWaitSeconds),
      name(K.maxWaitSeconds),
      DBT_CLOUD_DEFAULTS.maxWaitSeconds,
      0,
      DBT_CLOUD_MAX_WAIT_SECONDS,
    ),
    pollIntervalSeconds: parseInteger(
      get(K.pollIntervalSeconds),
      name(K.pollIntervalSeconds),
      DBT_CLOUD_DEFAULTS.pollIntervalSeconds,
      MIN_POLL_SECONDS,
      3600,
    ),
    concurrency: parseInteger(
      get(K.concurrency),
      name(K.concurrency),
      DBT_CLOUD_DEFAULTS.concurrency,
      1,
      MAX_CONCURRENCY,
    ),
    requestTimeoutMs: parseInteger(
      get(K.requestTimeoutMs),
      name(K.requestTimeoutMs),
      DBT_CLOUD_DEFAULTS.requestTimeoutMs,
      100,
      600_000,
    ),
    downloadDir: get(K.downloadDir) ?? join(tmpdir(), "fusion-report", "dbt-cloud"),
  };
  return Object.freeze(settings);
}

function requireValue<T>(value: T | undefined, label: string): T {
  if (value === undefined) throw new DbtCloudSettingsError(`${label} is required.`);
  return value;
}

/**
 * Accepts `host` or `https://host`. There is deliberately no default: cell-based accounts have their
 * own access URL (e.g. ab123.us1.dbt.com) and the legacy host answers them with a misleading 401.
 */
function parseBaseUrl(value: string | undefined, label: string): string {
  const hint = `Use the Access URL from Account settings → Account information, e.g. "ab123.us1.dbt.com".`;
  if (!value) throw new DbtCloudSettingsError(`${label} is required. ${hint}`);
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(value) ? value : `https://${value}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    throw new DbtCloudSettingsError(`${label} is not a valid host or URL: "${value}". ${hint}`);
  }
  if (url.username || url.password) {
    throw new DbtCloudSettingsError(`${label} must not contain credentials; pass the token separately.`);
  }
  const loopback = url.hostname === "127.0.0.1" || url.hostname === "localhost" || url.hostname === "[::1]";
  // Plain http would send the token in clear text; only allow it for local stand-in servers.
  if (url.protocol !== "https:" && !(url.protocol === "http:" && loopback)) {
    throw new DbtCloudSettingsError(`${label} must use https: "${url.origin}". ${hint}`);
  }
  if (url.pathname !== "/" || url.search || url.hash) {
    throw new DbtCloudSettingsError(
      `${label} must be just the host ("${url.origin}"), without a path such as "${url.pathname}".`,
    );
  }
  return url.origin;
}

function parseId(value: string | undefined, label: string): number | undefined {
  if (value === undefined) return undefined;
  const cleaned = value.replace(/^#/, "");
  if (!/^\d+$/.test(cleaned) || Number(cleaned) <= 0 || !Number.isSafeInteger(Number(cleaned))) {
    throw new DbtCloudSettingsError(`${label} must be a positive whole number, got "${value}".`);
  }
  return Number(cleaned);
}

function parseSha(value: string | undefined, label: string): string | undefined {
  if (value === undefined) return undefined;
  if (!/^[0-9a-f]{7,64}$/i.test(value)) {
    throw new DbtCloudSettingsError(
      `${label} must be a git commit SHA (the pull request's head SHA), got "${value}".`,
    );
  }
  return value.toLowerCase();
}

function parseBoolean(value: string | undefined, label: string, fallback: boolean): boolean {
  if (value === undefined) return fallback;
  if (/^(true|yes|1)$/i.test(value)) return true;
  if (/^(false|no|0)$/i.test(value)) return false;
  throw new DbtCloudSettingsError(`${label} must be "true" or "false", got "${value}".`);
}

function parseInteger(
  value: string | undefined,
  label: string,
  fallback: number,
  min: number,
  max: number,
): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!/^\d+$/.test(value) || n < min || n > max) {
    throw new DbtCloudSettingsError(`${label} must be a whole number from ${min} to ${max}, got "${value}".`);
  }
  return n;
}
