// What the runner tells a step about its run: GitHub's default variables and the event payload, read
// once by the Action (main.ts) and handed down, so no module below it reads the environment.
import os from "node:os";
import { readEventPayload, serverUrlOf, type EventPayload } from "./context.js";

export interface Runner {
  /** The GITHUB_*, RUNNER_* and FUSION_REPORT_TEST_* variables as they were at the start. */
  env: Readonly<Record<string, string | undefined>>;
  eventName: string;
  /** The event payload; `{}` when GITHUB_EVENT_PATH is unset or unreadable (see payloadError). */
  payload: EventPayload;
  payloadError: string | null;
  /** `owner/name`; "" outside GitHub Actions. */
  repository: string;
  /** The repository: GITHUB_WORKSPACE, else the working directory. Telemetry paths start at its project-dir, report files here. */
  workspace: string;
  /** RUNNER_TEMP, else the OS temp dir. */
  tempDir: string;
  /** GITHUB_SERVER_URL (GitHub Enterprise Server), else https://github.com; no trailing slash. */
  serverUrl: string;
}

export function readRunner(processEnv: Readonly<Record<string, string | undefined>>, cwd: string): Runner {
  const env = Object.freeze(
    Object.fromEntries(
      Object.entries(processEnv).filter(([name]) => /^(GITHUB_|RUNNER_|FUSION_REPORT_TEST_)/.test(name)),
    ),
  );
  let payload: EventPayload = {};
  let payloadError: string | null = null;
  try {
    payload = readEventPayload(env);
  } catch (error) {
    payloadError = (error as Error).message;
  }
  return Object.freeze({
    env,
    eventName: env.GITHUB_EVENT_NAME ?? "",
    payload,
    payloadError,
    repository: env.GITHUB_REPOSITORY ?? "",
    workspace: env.GITHUB_WORKSPACE || cwd,
    tempDir: env.RUNNER_TEMP || os.tmpdir(),
    serverUrl: serverUrlOf(env),
  });
}
