// The deadline on finding and downloading an artifact (artifact-timeout-minutes): the toolkit has
// none and takes no abort signal, so a call past it is left behind and counted, not awaited. And what
// a download the toolkit retried and gave up on says.
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { ArtifactDownloader } from "../../src/github/artifact-client.js";
import { createArtifactFetcher } from "../../src/github/artifact-download.js";
import { lingeringWork } from "../../src/github/lingering-work.js";
import {
  ArtifactSourceError,
  ArtifactTimeoutError,
  ArtifactTransferError,
} from "../../src/sources/artifact-error.js";
import { makeTempDir } from "../support/temp-dir.js";

const TOKEN = "ghs_q7Rz2LmW9xKd4TfB0nVc8HsJ1pYe6GuA3oQi";
const ARTIFACT = {
  name: "dbt-telemetry",
  runId: "77",
  label: "artifact 'dbt-telemetry' of workflow run 77",
  maxBytes: 1e9,
};

/** A toolkit stand-in whose calls wait for `release` when told to hang. */
function toolkit(hang: { find?: boolean; download?: boolean }) {
  const releases: Array<() => void> = [];
  const held = <T>(value: T) => new Promise<T>((resolve) => releases.push(() => resolve(value)));
  const client: ArtifactDownloader = {
    getArtifact: async (name) => {
      const found = { artifact: { id: 41, name, size: 22, createdAt: new Date() } };
      return hang.find ? held(found) : found;
    },
    downloadArtifact: async (_id, options) => {
      const write = async () => {
        await writeFile(path.join(options?.path ?? ".", "dbt-telemetry.zip"), "PK\u0005\u0006");
        return { downloadPath: options?.path };
      };
      return hang.download ? held(undefined).then(write) : write();
    },
  };
  return { client, release: () => releases.splice(0).forEach((release) => release()) };
}

function fetcher(client: ArtifactDownloader, timeoutMs: number) {
  return createArtifactFetcher(
    { token: TOKEN, repository: "acme/analytics", timeoutMs },
    { log: () => {}, client },
  );
}

let release = () => {};
afterEach(async () => {
  vi.useRealTimers();
  release();
  // What a test left behind settles before the next one counts.
  await vi.waitFor(() => expect(lingeringWork()).toBe(0));
});

/** Runs the fetch under fake timers, moving the clock `advanceMs` on. */
async function fetchWith(client: ArtifactDownloader, timeoutMs: number, advanceMs: number) {
  vi.useFakeTimers();
  const settled = fetcher(client, timeoutMs)(ARTIFACT, makeTempDir("fusion-deadline-")).then(
    (zip) => ({ zip, error: null }),
    (error: Error) => ({ zip: null, error }),
  );
  await vi.advanceTimersByTimeAsync(advanceMs);
  return settled;
}

describe("artifact-timeout-minutes", () => {
  it("gives up on a download that does not finish, names the artifact and the input, and counts it as left behind", async () => {
    const fake = toolkit({ download: true });
    release = fake.release;
    const { error } = await fetchWith(fake.client, 600_000, 600_000);
    expect(error).toBeInstanceOf(ArtifactTimeoutError);
    expect(error?.message).toBe(
      "artifact 'dbt-telemetry' of workflow run 77: downloading it took longer than 10 minutes " +
        "(artifact-timeout-minutes) and was given up: GitHub's artifact storage stopped answering. " +
        "Re-run the job, or raise artifact-timeout-minutes for a very large artifact.",
    );
    // An error, not "no telemetry": if-no-telemetry does not turn it into a pass.
    expect((error as InstanceType<typeof ArtifactSourceError>).absent).toBe(false);
    expect(lingeringWork()).toBe(1);
    // When the toolkit's call settles after all, it is no longer counted.
    vi.useRealTimers();
    fake.release();
    await vi.waitFor(() => expect(lingeringWork()).toBe(0));
  });

  it("says when finding the artifact was what hung, and leaves that call behind too", async () => {
    const fake = toolkit({ find: true });
    release = fake.release;
    const { error } = await fetchWith(fake.client, 1_500, 1_500);
    expect(error?.message).toBe(
      "artifact 'dbt-telemetry' of workflow run 77: finding it took longer than 2 seconds " +
        "(artifact-timeout-minutes) and was given up: GitHub's API did not answer. Re-run the job.",
    );
    expect(lingeringWork()).toBe(1);
  });

  it.each([
    [600, "1 second"],
    [59_400, "59 seconds"],
    [59_600, "1 minute"],
    [90_000, "1.5 minutes"],
    [21_600_000, "360 minutes"],
  ])("words a deadline of %i ms as %s", async (timeoutMs, words) => {
    const fake = toolkit({ download: true });
    release = fake.release;
    const { error } = await fetchWith(fake.client, timeoutMs, timeoutMs);
    expect(error?.message).toContain(`took longer than ${words} (artifact-timeout-minutes)`);
  });

  it("waits as long as it is allowed to, and leaves no timer behind when the download finishes", async () => {
    const fake = toolkit({ download: true });
    release = fake.release;
    vi.useFakeTimers();
    const settled = fetcher(fake.client, 60_000)(ARTIFACT, makeTempDir("fusion-deadline-"));
    await vi.advanceTimersByTimeAsync(59_000);
    fake.release();
    expect(path.basename(await settled)).toBe("dbt-telemetry.zip");
    expect(vi.getTimerCount()).toBe(0);
    expect(lingeringWork()).toBe(0);
  });

  it("says what a download the toolkit gave up on after its retries needs, the count kept", async () => {
    const client: ArtifactDownloader = {
      getArtifact: async (name) => ({ artifact: { id: 41, name, size: 22, createdAt: new Date() } }),
      downloadArtifact: async () => {
        // As @actions/artifact 6.2.1 throws it: its retries, wrapped in its own words.
        throw new Error("Unable to download and extract artifact: Artifact download failed after 5 retries.");
      },
    };
    const error = await fetcher(client, 60_000)(ARTIFACT, makeTempDir("fusion-deadline-")).catch(
      (e: Error) => e,
    );
    expect(error).toBeInstanceOf(ArtifactTransferError);
    expect((error as Error).message).toBe(
      "could not download artifact 'dbt-telemetry' of workflow run 77: GitHub's artifact storage failed the " +
        "download 5 times. Re-run the job; to see each answer, re-run it with debug logging enabled.",
    );
  });
});
