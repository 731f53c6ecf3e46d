// The workflow-artifact source and the report upload, through the real `@actions/artifact` client
// against a stand-in on 127.0.0.1 (REST + blob for download, Twirp + blob PUTs for upload).
import { existsSync, readFileSync } from "node:fs";
import { readdir, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { buildZip, listZipEntries, runtimeToken, startArtifactServer } from "../support/artifact-server.js";
import { rejection } from "../support/rejection.js";
import { makeTempDir } from "../support/temp-dir.js";

const server = await startArtifactServer();
// @actions/github reads GITHUB_API_URL when it is imported, so set the environment first and import
// the modules under test afterwards.
const saved = { ...process.env };
process.env.GITHUB_API_URL = server.url;
process.env.GITHUB_SERVER_URL = "https://github.com";
process.env.ACTIONS_RESULTS_URL = `${server.url}/`;
process.env.ACTIONS_RUNTIME_TOKEN = runtimeToken("run-backend-1", "job-backend-2");
const { readArtifactTelemetry, ArtifactSourceError } = await import("../../src/sources/artifact.js");
const { createArtifactFetcher } = await import("../../src/github/artifact-download.js");
const { uploadReports } = await import("../../src/github/upload-artifact.js");
const { lingeringWork } = await import("../../src/github/lingering-work.js");
const { readTelemetryReport } = await import("../../src/pipeline/read-telemetry.js");

const REAL = new URL("../fixtures/real/", import.meta.url);
const PARQUET = readFileSync(new URL("parquet-replica/preview120_failed.REPLICA.parquet", REAL));
// A different invocation from the Parquet one, so the report has two.
const JSONL = readFileSync(new URL("preview120_build_success.otel.jsonl", REAL), "utf8");
const GH_TOKEN = "ghs_q7Rz2LmW9xKd4TfB0nVc8HsJ1pYe6GuA3oQi";
const RUN_ID = 123456789;

let temp: string;
const logs: string[] = [];

beforeEach(async () => {
  temp = makeTempDir("fusion-artifact-test-");
  logs.length = 0;
  server.forbidden = false;
  server.createStatus = 200;
});

afterAll(async () => {
  await server.close();
  for (const key of Object.keys(process.env)) if (!(key in saved)) delete process.env[key];
  Object.assign(process.env, saved);
});

function download(
  name: string,
  options: { runId?: string; limits?: { maxBytes?: number; maxEntries?: number } } = {},
) {
  const log = (line: string) => logs.push(line);
  return readArtifactTelemetry(
    {
      name,
      runId: options.runId ?? String(RUN_ID),
      tempDir: temp,
      ...(options.limits && { limits: options.limits }),
    },
    createArtifactFetcher(
      { token: GH_TOKEN, repository: `${server.owner}/${server.repo}`, timeoutMs: 60_000 },
      { log },
    ),
    log,
  );
}

describe("readArtifactTelemetry", () => {
  it("finds the artifact of another run, follows the 302 to the blob and decodes Parquet and JSONL", async () => {
    server.add({
      name: "fusion-telemetry",
      runId: RUN_ID,
      zip: buildZip([
        { name: "target/metadata/", data: "" },
        { name: "target/metadata/telemetry.parquet", data: PARQUET, method: "store" },
        { name: "logs/dbt.otel.jsonl", data: JSONL },
        { name: "logs/dbt.log", data: "not telemetry" },
        { name: "target/run_results.json", data: "{}" },
      ]),
    });
    const inputs = await download("fusion-telemetry");
    expect(inputs.map((i) => [i.name, i.format])).toEqual([
      ["logs/dbt.otel.jsonl", "jsonl"],
      ["target/metadata/telemetry.parquet", "parquet"],
    ]);
    const report = await readTelemetryReport(inputs, {
      slowest: 5,
      failOn: "errors",
      generatorVersion: "test",
    });
    expect(report.invocations.flatMap((inv) => inv.source.files).sort()).toEqual([
      "logs/dbt.otel.jsonl",
      "target/metadata/telemetry.parquet",
    ]);
    expect(report.conclusion).toBe("failure");

    // The two REST calls carry the token; the blob download (a pre-signed URL) must not.
    const paths = server.requests.map((r) => `${r.method} ${r.path}`);
    expect(paths).toEqual(
      expect.arrayContaining([
        `GET /repos/acme/analytics/actions/runs/${RUN_ID}/artifacts`,
        expect.stringMatching(/^GET \/repos\/acme\/analytics\/actions\/artifacts\/\d+\/zip$/),
        expect.stringMatching(/^GET \/blobs\/\d+\.zip$/),
      ]),
    );
    const blob = server.requests.find((r) => r.path.startsWith("/blobs/"));
    expect(blob?.authorization).toBeUndefined();
    // Only the telemetry files are unpacked.
    const unpacked = await readdir(temp, { recursive: true });
    expect(unpacked.some((f) => f.endsWith("dbt.log"))).toBe(false);
  });

  it("names the artifact and the run when it does not exist, and says what to check", async () => {
    const error = await rejection(download("no-such-artifact"));
    expect(error).toBeInstanceOf(ArtifactSourceError);
    expect(error.message).toContain(`artifact 'no-such-artifact' of workflow run ${RUN_ID} was not found`);
    expect(error.message).toContain("upload-artifact");
    expect(error.message).toContain("actions: read");
  });

  it("turns a 403 into the permission to add", async () => {
    server.forbidden = true;
    const error = await rejection(download("fusion-telemetry"));
    expect(error.message).toMatch(/HTTP 403/);
    expect(error.message).toContain("permissions: actions: read");
    expect(error.message).not.toContain(GH_TOKEN);
  });

  it("reports an empty artifact", async () => {
    server.add({ name: "empty", runId: RUN_ID, zip: buildZip([]) });
    const error = await rejection(download("empty"));
    expect(error.message).toBe(`artifact 'empty' of workflow run ${RUN_ID} is empty.`);
  });

  it("reports an artifact without telemetry files, listing what it holds", async () => {
    server.add({
      name: "wrong",
      runId: RUN_ID,
      zip: buildZip([{ name: "target/manifest.json", data: "{}" }]),
    });
    const error = await rejection(download("wrong"));
    expect(error.message).toContain("holds no *.parquet or *.jsonl file");
    expect(error.message).toContain("target/manifest.json");
  });

  it("rejects an entry whose path escapes the folder, before writing anything", async () => {
    server.add({
      name: "evil",
      runId: RUN_ID,
      zip: buildZip([
        { name: "logs/ok.jsonl", data: JSONL },
        { name: "../../escaped.jsonl", data: JSONL },
      ]),
    });
    const error = await rejection(download("evil"));
    expect(error.message).toContain("unsafe path ('../../escaped.jsonl')");
    expect(existsSync(path.join(temp, "escaped.jsonl"))).toBe(false);
    const written = await readdir(temp, { recursive: true });
    expect(written.filter((f) => f.endsWith(".jsonl"))).toEqual([]);
  });

  it("rejects absolute paths and symbolic links", async () => {
    server.add({ name: "abs", runId: RUN_ID, zip: buildZip([{ name: "/etc/x.jsonl", data: "{}" }]) });
    expect((await rejection(download("abs"))).message).toContain("unsafe path");
    server.add({
      name: "link",
      runId: RUN_ID,
      zip: buildZip([{ name: "logs/x.jsonl", data: "/etc/passwd", method: "store", mode: 0o120777 }]),
    });
    expect((await rejection(download("link"))).message).toContain("symbolic link");
  });

  it("caps the unpacked size, even when the zip understates it", async () => {
    server.add({ name: "big", runId: RUN_ID, zip: buildZip([{ name: "logs/a.jsonl", data: JSONL }]) });
    const tooBig = await rejection(download("big", { limits: { maxBytes: 1_000 } }));
    expect(tooBig.message).toMatch(/over the 1000-byte limit/);

    server.add({
      name: "bomb",
      runId: RUN_ID,
      zip: buildZip([{ name: "logs/a.jsonl", data: "x".repeat(200_000), declaredSize: 100 }]),
    });
    const bomb = await rejection(download("bomb"));
    expect(bomb.message).toContain("unpacks to more than its declared 100 bytes");
  });

  it("caps the number of entries", async () => {
    const many = Array.from({ length: 12 }, (_, i) => ({ name: `logs/${i}.jsonl`, data: "" }));
    server.add({ name: "many", runId: RUN_ID, zip: buildZip(many) });
    const error = await rejection(download("many", { limits: { maxEntries: 10 } }));
    expect(error.message).toContain("12 entries, over the limit of 10");
  });
});

describe("uploadReports", () => {
  it("uploads the reports as one flat artifact through the results service and blob storage", async () => {
    const dir = path.join(temp, "reports");
    await rm(dir, { recursive: true, force: true });
    await writeFile(path.join(temp, "report.json"), '{"ok":true}\n');
    await writeFile(path.join(temp, "run_results.json"), "{}\n");
    const warnings: string[] = [];
    const result = await uploadReports(
      "fusion-report",
      [
        { path: path.join(temp, "report.json") },
        { path: path.join(temp, "run_results.json") },
        { path: path.join(temp, "missing.json") },
        { name: "fusion-report.md", content: () => "# dbt Fusion\n" },
      ],
      { info: (l) => logs.push(l), warning: (w) => warnings.push(w), tempDir: temp },
    );
    expect(result).toEqual({ id: 4242, files: ["report.json", "run_results.json", "fusion-report.md"] });
    expect(warnings).toEqual([expect.stringContaining("skipping")]);
    const upload = server.uploads.find((u) => u.name === "fusion-report");
    expect(upload).toMatchObject({
      finalized: true,
      workflowRunBackendId: "run-backend-1",
      workflowJobRunBackendId: "job-backend-2",
    });
    expect(listZipEntries(upload!.bytes).sort()).toEqual([
      "fusion-report.md",
      "report.json",
      "run_results.json",
    ]);
  });

  it("gives up an upload that outlasts its deadline, with a warning, and leaves it behind", async () => {
    await writeFile(path.join(temp, "report.json"), "{}\n");
    const warnings: string[] = [];
    const before = lingeringWork();
    // The toolkit's client takes no abort signal: an upload that never settles, as against a silent host.
    const never = { uploadArtifact: () => new Promise<never>(() => {}) };
    const result = await uploadReports("fusion-report-3", [{ path: path.join(temp, "report.json") }], {
      info: () => undefined,
      warning: (w) => warnings.push(w),
      tempDir: temp,
      timeoutMs: 200,
      client: never,
    });
    expect(result).toBeNull();
    expect(warnings).toEqual([
      "upload-artifact: could not upload 'fusion-report-3': it took longer than 1 second (artifact-timeout-minutes) " +
        "and was given up: GitHub's artifact storage did not answer. Re-run the job, or raise " +
        "artifact-timeout-minutes for very large reports.",
    ]);
    expect(lingeringWork()).toBe(before + 1);
  });

  it("turns a failed upload into a warning", async () => {
    server.createStatus = 400;
    await writeFile(path.join(temp, "report.json"), "{}\n");
    const warnings: string[] = [];
    const result = await uploadReports("fusion-report-2", [{ path: path.join(temp, "report.json") }], {
      info: () => undefined,
      warning: (w) => warnings.push(w),
      tempDir: temp,
    });
    expect(result).toBeNull();
    expect(warnings).toEqual([expect.stringContaining("could not upload 'fusion-report-2'")]);
  });
});
