// Shared set-up for the dbt platform tests: a stand-in server, a scaled clock, a temp download dir.
import { readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { inspect } from "node:util";

import { expect } from "vitest";

import { fetchDbtCloudTelemetry, type DbtCloudDeps } from "../../../src/sources/dbt-cloud/index.js";
import { parseDbtCloudSettings, type DbtCloudSettings } from "../../../src/sources/dbt-cloud/settings.js";
import type { Clock } from "../../../src/sources/dbt-cloud/rate-limiter.js";
import {
  RUN_WITH_STEPS,
  createScaledClock,
  startDbtCloudServer,
  type DbtCloudServer,
  type FakeRun,
} from "../../support/dbt-cloud-server.js";

export const TOKEN = "dbtc_S3cr3tT0ken-abcdef0123456789XYZ";
export const ACCOUNT_ID = 51798;
export const PARQUET = readFileSync(
  new URL("../../fixtures/real/parquet-replica/preview120_failed.REPLICA.parquet", import.meta.url),
);

/** The example run (failed Fusion CI run, 4 steps, telemetry only on step 4) as a fresh copy. */
export function exampleRun(overrides: Partial<FakeRun> = {}): FakeRun {
  const data = structuredClone((RUN_WITH_STEPS as { data: FakeRun }).data);
  return { ...data, ...overrides };
}

export interface Harness {
  clock: Clock;
  server: DbtCloudServer;
  dir: string;
  logs: string[];
  settings(raw?: Record<string, string>): DbtCloudSettings;
  fetch(
    raw?: Record<string, string>,
    deps?: Partial<DbtCloudDeps>,
  ): ReturnType<typeof fetchDbtCloudTelemetry>;
  close(): Promise<void>;
}

export async function startHarness(scale = 1000): Promise<Harness> {
  const clock = createScaledClock(scale);
  const server = await startDbtCloudServer({ token: TOKEN, accountId: ACCOUNT_ID, clock });
  const dir = await mkdtemp(join(tmpdir(), "dbt-cloud-test-"));
  const logs: string[] = [];
  const settings = (raw: Record<string, string> = {}): DbtCloudSettings =>
    parseDbtCloudSettings({
      "dbt-cloud-base-url": server.baseUrl,
      "dbt-cloud-account-id": String(ACCOUNT_ID),
      "dbt-cloud-token": TOKEN,
      "dbt-cloud-download-dir": dir,
      "dbt-cloud-request-timeout-ms": "5000",
      // These tests wait for runs unless they say otherwise (the callers' default is not to wait).
      "dbt-cloud-wait": "true",
      ...raw,
    });
  return {
    clock,
    server,
    dir,
    logs,
    settings,
    fetch: (raw = {}, deps = {}) =>
      fetchDbtCloudTelemetry(settings(raw), { log: (line) => logs.push(line), clock, ...deps }),
    async close() {
      await server.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** Resolves with the rejection of `promise` (fails the test if it resolves). */
export async function catchError(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(Error);
    return error as Error;
  }
  throw new Error("expected the promise to reject");
}

/** The token must not appear in messages, stacks, JSON, inspected objects or log lines. */
export function expectNoToken(...values: unknown[]): void {
  for (const value of values) {
    const forms =
      value instanceof Error
        ? [value.message, String(value.stack), JSON.stringify(value), inspect(value, { depth: 5 })]
        : [typeof value === "string" ? value : JSON.stringify(value)];
    for (const text of forms) expect(text).not.toContain(TOKEN);
  }
}
