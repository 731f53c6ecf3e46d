// This run's artifact after "Re-run failed jobs": the job that uploaded it was not re-run, so it
// belongs to an earlier attempt, which the runtime's artifact service (scoped to the attempt) does
// not hand over (https://github.com/actions/download-artifact/issues/486). On a re-run with a token
// the REST API (scoped to the run) reads it. First with a toolkit stand-in, for which call is made;
// then through the real `@actions/artifact` client against a stand-in on 127.0.0.1.
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import type { ArtifactDownloader, FindOptions } from "../../src/github/artifact-client.js";
import type { ArtifactAccess } from "../../src/github/artifact-download.js";
import { ArtifactSourceError } from "../../src/sources/artifact-error.js";
import { buildZip, runtimeToken, startArtifactServer } from "../support/artifact-server.js";
import { rejection } from "../support/rejection.js";
import { makeTempDir } from "../support/temp-dir.js";

const server = await startArtifactServer();
// @actions/github reads GITHUB_API_URL when it is imported: the environment first, then the modules.
const saved = { ...process.env };
process.env.GITHUB_API_URL = server.url;
process.env.GITHUB_SERVER_URL = "https://github.com";
process.env.ACTIONS_RESULTS_URL = `${server.url}/`;
// The job runs in attempt 2; the artifact's uploader ran in attempt 1.
process.env.ACTIONS_RUNTIME_TOKEN = runtimeToken("attempt-2", "job-analyse");
const { createArtifactFetcher } = await import("../../src/github/artifact-download.js");
const { actionPipelineServices } = await import("../../src/action-pipeline.js");
const { readInputs } = await import("../../src/inputs.js");

afterAll(async () => {
  await server.close();
  for (const key of Object.keys(process.env)) if (!(key in saved)) delete process.env[key];
  Object.assign(process.env, saved);
});

const TOKEN = "ghs_q7Rz2LmW9xKd4TfB0nVc8HsJ1pYe6GuA3oQi";
const RUN_ID = "9100200300";
const ARTIFACT = { name: "dbt-artifacts", runId: null, label: "artifact 'dbt-artifacts'", maxBytes: 1e9 };
const REPOSITORY = `${server.owner}/${server.repo}`;

function access(overrides: Partial<ArtifactAccess> = {}): ArtifactAccess {
  return {
    token: TOKEN,
    repository: REPOSITORY,
    runId: RUN_ID,
    runAttempt: 2,
    timeoutMs: 60_000,
    ...overrides,
  };
}

let logs: string[];
beforeEach(() => {
  logs = [];
  server.forbidden = false;
  server.runtimeListsEveryAttempt = false;
});

describe("the route to this run's artifact (toolkit stand-in)", () => {
  interface Call {
    call: "getArtifact" | "downloadArtifact";
    findBy: FindOptions["findBy"];
  }

  /** Records each call and whether it went through the REST API (findBy); `fail` may throw instead. */
  function toolkit(fail: (call: Call) => void = () => {}) {
    const calls: Call[] = [];
    const client: ArtifactDownloader = {
      getArtifact: async (name, options) => {
        const call: Call = { call: "getArtifact", findBy: options?.findBy };
        calls.push(call);
        fail(call);
        return { artifact: { id: 41, name, size: 22, createdAt: new Date("2026-11-30T06:00:00Z") } };
      },
      downloadArtifact: async (_id, options) => {
        const call: Call = { call: "downloadArtifact", findBy: (options as FindOptions | undefined)?.findBy };
        calls.push(call);
        fail(call);
        await writeFile(path.join(options?.path ?? ".", "dbt-artifacts.zip"), "PK\u0005\u0006");
        return { downloadPath: options?.path };
      },
    };
    return { client, calls };
  }

  const fetch = (client: ArtifactDownloader, over: Partial<ArtifactAccess> = {}) =>
    createArtifactFetcher(access(over), { log: (line) => logs.push(line), client })(
      ARTIFACT,
      makeTempDir("fusion-rerun-"),
    );

  const REST = {
    token: TOKEN,
    workflowRunId: 9100200300,
    repositoryOwner: "acme",
    repositoryName: "analytics",
  };
  const RUNTIME_404 = new Error(
    "Failed to GetSignedArtifactURL: Received non-retryable error: Failed request: (404) Not Found: workflow run not found",
  );
  const notFound = () =>
    Object.assign(new Error("Artifact not found for name: dbt-artifacts"), { name: "ArtifactNotFoundError" });
  /** An Octokit RequestError's shape, as classifyGitHubError reads it. */
  const refused = (message: string) =>
    Object.assign(new Error(message), { status: 403, response: { data: { message }, headers: {} } });

  it("attempt 1 asks the runtime's service, as before", async () => {
    const { client, calls } = toolkit();
    await fetch(client, { runAttempt: 1 });
    expect(calls).toEqual([
      { call: "getArtifact", findBy: undefined },
      { call: "downloadArtifact", findBy: undefined },
    ]);
  });

  it("attempt 2 with a token finds and downloads it through the REST API, by this run's id", async () => {
    const { client, calls } = toolkit();
    await fetch(client);
    expect(calls).toEqual([
      { call: "getArtifact", findBy: REST },
      { call: "downloadArtifact", findBy: REST },
    ]);
    expect(logs).toEqual([
      "Run attempt 2: reading artifact 'dbt-artifacts' through the REST API, which sees the uploads of every " +
        "attempt of this run (the newest of that name is read).",
      "Downloading artifact 'dbt-artifacts' (id 41, 22 bytes, uploaded 2026-11-30T06:00:00.000Z)",
    ]);
  });

  it("attempt 2 without a token asks the runtime's service, and its not-found says what to pass", async () => {
    for (const failure of [notFound(), RUNTIME_404]) {
      const { client, calls } = toolkit((call) => {
        if (call.call === (failure === RUNTIME_404 ? "downloadArtifact" : "getArtifact")) throw failure;
      });
      const error = await rejection(fetch(client, { token: "" }));
      expect(calls.every((c) => c.findBy === undefined)).toBe(true);
      expect(error).toBeInstanceOf(ArtifactSourceError);
      expect((error as ArtifactSourceError).absent).toBe(true);
      expect(error.message).toBe(
        "artifact 'dbt-artifacts' was not found among this attempt's uploads (run attempt 2). On a re-run, an " +
          "artifact uploaded by a job that was not re-run belongs to an earlier attempt, which only the REST API " +
          "reads: give the step a github-token with 'actions: read' (or set artifact-run-id: ${{ github.run_id }} " +
          "with one). Else check that the uploading job's actions/upload-artifact step ran and used the name " +
          "'dbt-artifacts'.",
      );
    }
  });

  it("attempt 1 keeps its own not-found (nothing about re-runs)", async () => {
    const { client } = toolkit(() => {
      throw notFound();
    });
    const error = await rejection(fetch(client, { runAttempt: 1 }));
    expect(error.message).toMatch(/^artifact 'dbt-artifacts' was not found\. Check that/);
  });

  it("a REST 403 falls back to the runtime's service, which has this attempt's uploads", async () => {
    const { client, calls } = toolkit((call) => {
      if (call.findBy) throw refused("Resource not accessible by integration");
    });
    await fetch(client);
    expect(calls).toEqual([
      { call: "getArtifact", findBy: REST },
      { call: "getArtifact", findBy: undefined },
      { call: "downloadArtifact", findBy: undefined },
    ]);
    expect(logs[1]).toBe(
      "GitHub refused to list this run's artifacts (HTTP 403); reading artifact 'dbt-artifacts' from this " +
        "attempt's uploads instead. Grant the workflow 'permissions: actions: read' so a re-run can read an " +
        "artifact that a job which was not re-run uploaded in an earlier attempt.",
    );
  });

  it("a REST 403 and then the runtime's not-found name the permission", async () => {
    const { client } = toolkit((call) => {
      if (call.findBy) throw refused("Resource not accessible by integration");
      throw notFound();
    });
    const error = await rejection(fetch(client));
    expect(error.message).toContain(
      "which only the REST API reads: the REST API refused the github-token (HTTP 403): grant the workflow " +
        "'permissions: actions: read'.",
    );
  });

  it("a rate limit's 403 is no refusal: it is said as it is, without a second try", async () => {
    const { client, calls } = toolkit((call) => {
      if (call.findBy) throw refused("API rate limit exceeded for installation ID 1.");
    });
    const error = await rejection(fetch(client));
    expect(calls).toHaveLength(1);
    expect(error.message).not.toContain("this attempt's uploads");
  });
});

describe("the real toolkit on attempt 2 (stand-in on 127.0.0.1)", () => {
  const zipOf = (text: string) => buildZip([{ name: "logs/dbt.otel.jsonl", data: text }]);
  const download = (over: Partial<ArtifactAccess> = {}) =>
    createArtifactFetcher(access(over), { log: (line) => logs.push(line) })(
      ARTIFACT,
      makeTempDir("fusion-rerun-"),
    );

  it("reads attempt 1's upload through the REST API, where the runtime's service answers 404", async () => {
    // Pinned to the run, and listed by the runtime's service for every attempt, as in download-artifact#486.
    const uploaded = server.add({
      name: "dbt-artifacts",
      runId: Number(RUN_ID),
      zip: zipOf("{}"),
      attemptBackendId: "attempt-1",
    });
    server.runtimeListsEveryAttempt = true;
    await download();
    expect(logs).toContain(
      `Downloading artifact 'dbt-artifacts' (id ${uploaded.id}, ${uploaded.zip.length} bytes, uploaded 2026-11-20T10:00:00.000Z)`,
    );
    // Without the token, the same artifact is the runtime's 404 "workflow run not found", said plainly.
    const error = await rejection(download({ token: "" }));
    expect(error.message).toMatch(
      /^artifact 'dbt-artifacts' was not found among this attempt's uploads \(run attempt 2\)\./,
    );
  });

  it("the newest copy of a name wins: the one this attempt's re-run uploader made", async () => {
    server.add({ name: "dbt-build", runId: Number(RUN_ID), zip: zipOf("1"), attemptBackendId: "attempt-1" });
    const newer = server.add({
      name: "dbt-build",
      runId: Number(RUN_ID),
      zip: zipOf("22"),
      attemptBackendId: "attempt-2",
      createdAt: "2026-11-21T10:00:00Z",
    });
    await createArtifactFetcher(access(), { log: (line) => logs.push(line) })(
      { ...ARTIFACT, name: "dbt-build", label: "artifact 'dbt-build'" },
      makeTempDir("fusion-rerun-"),
    );
    expect(logs.at(-1)).toBe(
      `Downloading artifact 'dbt-build' (id ${newer.id}, ${newer.zip.length} bytes, uploaded 2026-11-21T10:00:00.000Z)`,
    );
  });

  it("without 'actions: read' it falls back to this attempt's uploads, and says the permission when they lack it", async () => {
    server.forbidden = true;
    server.add({ name: "dbt-fresh", runId: Number(RUN_ID), zip: zipOf("{}"), attemptBackendId: "attempt-2" });
    await createArtifactFetcher(access(), { log: (line) => logs.push(line) })(
      { ...ARTIFACT, name: "dbt-fresh", label: "artifact 'dbt-fresh'" },
      makeTempDir("fusion-rerun-"),
    );
    expect(
      logs.some((line) => line.startsWith("GitHub refused to list this run's artifacts (HTTP 403)")),
    ).toBe(true);

    server.add({ name: "dbt-old", runId: Number(RUN_ID), zip: zipOf("{}"), attemptBackendId: "attempt-1" });
    const error = await rejection(
      createArtifactFetcher(access(), { log: () => {} })(
        { ...ARTIFACT, name: "dbt-old", label: "artifact 'dbt-old'" },
        makeTempDir("fusion-rerun-"),
      ),
    );
    expect(error.message).toContain(
      "the REST API refused the github-token (HTTP 403): grant the workflow 'permissions: actions: read'",
    );
    expect(error.message).not.toContain(TOKEN);
  });
});

describe("the Action's wiring", () => {
  it("takes the run and its attempt from GITHUB_RUN_ID and GITHUB_RUN_ATTEMPT", async () => {
    server.add({
      name: "dbt-telemetry",
      runId: Number(RUN_ID),
      zip: buildZip([{ name: "logs/dbt.otel.jsonl", data: "{}\n" }]),
      attemptBackendId: "attempt-1",
    });
    const env = { GITHUB_RUN_ID: RUN_ID, GITHUB_RUN_ATTEMPT: "2", GITHUB_REPOSITORY: REPOSITORY };
    const inputs = readInputs(
      (name) => ({ "github-token": TOKEN, "artifact-name": "dbt-telemetry" })[name] ?? "",
      env,
    );
    const runner = {
      env,
      eventName: "pull_request",
      payload: {},
      payloadError: null,
      repository: REPOSITORY,
      workspace: makeTempDir("fusion-rerun-"),
      tempDir: makeTempDir("fusion-rerun-"),
      serverUrl: "https://github.com",
    };
    const log = {
      info: () => {},
      warning: () => {},
      error: () => {},
      notice: () => {},
      redact: (text: string) => text,
    };
    const services = actionPipelineServices(
      inputs,
      runner,
      { octokit: null, context: null } as never,
      log as never,
    );
    await services.artifacts?.readTelemetry(
      { name: "dbt-telemetry", runId: null, tempDir: runner.tempDir },
      () => {},
    );
    expect(server.requests.map((r) => r.path)).toContain(
      `/repos/acme/analytics/actions/runs/${RUN_ID}/artifacts`,
    );
  });
});
