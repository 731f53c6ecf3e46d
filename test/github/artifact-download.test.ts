// What a failed artifact download says, from the errors the toolkit really throws: its own words
// around the blob download's retries, and Octokit's RequestErrors from the REST call that finds the
// zip (made here by a real Octokit against a stand-in on 127.0.0.1). A failed transfer is an
// ArtifactTransferError (a baseline is skipped for it); anything else stays an ArtifactSourceError.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { getOctokit } from "@actions/github";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ArtifactDownloader } from "../../src/github/artifact-client.js";
import { createArtifactFetcher, type ArtifactAccess } from "../../src/github/artifact-download.js";
import { ArtifactSourceError, ArtifactTransferError } from "../../src/sources/artifact-error.js";
import type { ArtifactToFetch } from "../../src/sources/artifact.js";
import { makeTempDir } from "../support/temp-dir.js";

const TOKEN = "ghs_q7Rz2LmW9xKd4TfB0nVc8HsJ1pYe6GuA3oQi";
const LABEL = "artifact 'dbt-telemetry' of workflow run 77";
const ARTIFACT = { name: "dbt-telemetry", runId: "77", label: LABEL, maxBytes: 1e9 };
const OUTAGE = "GitHub may be having an outage (https://www.githubstatus.com); re-run the job later.";

/** Answers each path as a failing GitHub (or a proxy in front of it) would. */
let server: Server;
let baseUrl: string;
beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url?.endsWith("/500")) {
      res.writeHead(500, { "content-type": "application/json" });
      res.end(JSON.stringify({ message: "Server Error" }));
    } else if (req.url?.endsWith("/502")) {
      res.writeHead(502, { "content-type": "text/html" });
      res.end("<html>\n<head><title>502</title></head>\n<body>Bad gateway\n</body></html>");
    } else if (req.url?.endsWith("/502-unclosed")) {
      res.writeHead(502, { "content-type": "text/html" });
      res.end(`<p>Bad gateway</p>${"<".repeat(300_000)}`);
    } else if (req.url?.endsWith("/403")) {
      res.writeHead(403, { "content-type": "application/json" });
      res.end(JSON.stringify({ message: "Resource not accessible by integration" }));
    } else if (req.url?.endsWith("/400")) {
      res.writeHead(400, { "content-type": "application/json" });
      res.end(JSON.stringify({ message: "Bad request\n::error::PWNED" }));
    } else {
      req.socket.destroy();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

/**
 * The toolkit finds the artifact, then its download throws what `fail` throws (or, with
 * `failFinding`, the finding does).
 */
async function failedDownload(
  fail: () => Promise<unknown>,
  run: { artifact?: ArtifactToFetch; access?: Partial<ArtifactAccess>; failFinding?: boolean } = {},
): Promise<Error> {
  const client: ArtifactDownloader = {
    getArtifact: async (name) => {
      if (run.failFinding) await fail();
      return { artifact: { id: 41, name, size: 22, createdAt: new Date() } };
    },
    downloadArtifact: async () => {
      await fail();
      throw new Error("the stand-in did not fail");
    },
  };
  const fetchZip = createArtifactFetcher(
    { token: TOKEN, repository: "acme/analytics", timeoutMs: 60_000, ...run.access },
    { log: () => {}, client },
  );
  return fetchZip(run.artifact ?? ARTIFACT, makeTempDir("fusion-download-")).then(
    () => new Error("downloaded"),
    (error: Error) => error,
  );
}

/** The toolkit's REST call for the zip's address, as downloadArtifactPublic makes it. */
const askGitHub = (status: string) => () => getOctokit(TOKEN, { baseUrl }).request(`GET /${status}`);

describe("a download GitHub did not hand over", () => {
  it("the toolkit's retries, in the words it wraps them in (@actions/artifact 6.2.1), keep their advice", async () => {
    const error = await failedDownload(async () => {
      throw new Error("Unable to download and extract artifact: Artifact download failed after 5 retries.");
    });
    expect(error).toBeInstanceOf(ArtifactTransferError);
    expect(error.message).toBe(
      `could not download ${LABEL}: GitHub's artifact storage failed the download 5 times. Re-run the job; ` +
        "to see each answer, re-run it with debug logging enabled.",
    );
  });

  it("a 500 from the REST API names the status and the likely outage", async () => {
    const error = await failedDownload(askGitHub("500"));
    expect(error).toBeInstanceOf(ArtifactTransferError);
    expect(error.message).toBe(
      `could not download ${LABEL}: GitHub answered HTTP 500 (Server Error). ${OUTAGE}`,
    );
  });

  it("a proxy's 502 page is said in words, without its HTML", async () => {
    const error = await failedDownload(askGitHub("502"));
    expect(error).toBeInstanceOf(ArtifactTransferError);
    expect(error.message).toBe(
      `could not download ${LABEL}: GitHub answered HTTP 502 (502 Bad gateway). ${OUTAGE}`,
    );
  });

  it("a page of unclosed tags is read once, not once per `<`", async () => {
    // Each `<` began a tag that the old pattern read to the page's end: these 300,000 took two
    // minutes, far past the test's timeout. Now a tag ends at the next `<`: milliseconds.
    const error = await failedDownload(askGitHub("502-unclosed"));
    expect(error).toBeInstanceOf(ArtifactTransferError);
    expect(error.message).toMatch(
      /^could not download .*: GitHub answered HTTP 502 \(Bad gateway <<<+…\)\. /,
    );
  });

  it("a connection cut before any answer", async () => {
    const error = await failedDownload(askGitHub("reset"));
    expect(error).toBeInstanceOf(ArtifactTransferError);
    // undici's words for the cut ("other side closed", or the socket's ECONNRESET).
    expect(error.message.startsWith(`could not download ${LABEL}: the request to GitHub failed (`)).toBe(
      true,
    );
    expect(error.message.endsWith(`). ${OUTAGE}`)).toBe(true);
  });
});

describe("a download GitHub refused", () => {
  it("a 400 is no failed transfer: GitHub's words on one line, their controls shown", async () => {
    const error = await failedDownload(askGitHub("400"));
    expect(error).toBeInstanceOf(ArtifactSourceError);
    expect(error).not.toBeInstanceOf(ArtifactTransferError);
    expect(error.message).toBe(
      `could not download ${LABEL}: Could not read the workflow artifact: 400 Bad request ::error::PWNED`,
    );
  });

  it("a 403 on another run's zip names the permission and the token's repository", async () => {
    const error = await failedDownload(askGitHub("403"));
    expect(error).toBeInstanceOf(ArtifactSourceError);
    expect(error.message).toBe(
      `GitHub refused access to ${LABEL} (HTTP 403). Grant the workflow 'permissions: actions: read' (and pass ` +
        "a github-token that can read acme/analytics's workflow runs: the run is looked up there).",
    );
  });

  // A public repository lists its artifacts to any token, but hands a zip only to one with
  // `actions: read`: the listing works and the download is refused.
  const THIS_RUN = { name: "dbt-telemetry", runId: null, label: "artifact 'dbt-telemetry'", maxBytes: 1e9 };
  const THIS_RUN_REFUSED =
    "GitHub listed artifact 'dbt-telemetry' but refused to download it (HTTP 403). Grant the workflow " +
    "'permissions: actions: read': a public repository's artifacts can be listed without it, but not downloaded.";

  it("a 403 on this run's zip on a re-run (read through the REST API) says nothing of another run", async () => {
    const error = await failedDownload(askGitHub("403"), {
      artifact: THIS_RUN,
      access: { runId: "9100200300", runAttempt: 2 },
    });
    expect(error).toBeInstanceOf(ArtifactSourceError);
    expect(error.message).toBe(THIS_RUN_REFUSED);
  });

  it("a 403 on this run's zip named by its own run id (artifact-run-id: github.run_id) is this run's too", async () => {
    const error = await failedDownload(askGitHub("403"), {
      artifact: { ...THIS_RUN, runId: "9100200300" },
      access: { runId: "9100200300", runAttempt: 1 },
    });
    expect(error.message).toBe(THIS_RUN_REFUSED);
  });

  it("a 403 on finding this run's artifact by its own run id names the permission alone", async () => {
    const error = await failedDownload(askGitHub("403"), {
      artifact: { ...THIS_RUN, runId: "9100200300" },
      access: { runId: "9100200300" },
      failFinding: true,
    });
    expect(error.message).toBe(
      "GitHub refused access to artifact 'dbt-telemetry' (HTTP 403). Grant the workflow 'permissions: actions: read'.",
    );
  });
});
