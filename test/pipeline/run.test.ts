// The shared pipeline on its own: one typed request, the sources it names, the baseline, and the
// downloads folder gone afterwards. (Both entries run it; test/e2e drives it through the bundles.)
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { ArtifactDownloader } from "../../src/github/artifact-client.js";
import { createArtifactFetcher } from "../../src/github/artifact-download.js";
import { runPipeline, type PipelineRequest, type PipelineServices } from "../../src/pipeline/run.js";
import { renderJsonReport } from "../../src/render/json-report.js";
import { readArtifactTelemetry, type FetchArtifactZip } from "../../src/sources/artifact.js";
import { ArtifactTimeoutError } from "../../src/sources/artifact-error.js";
import { readBaselineArtifact } from "../../src/sources/baseline-artifact.js";
import { NoTelemetryError } from "../../src/sources/local.js";
import { buildZip } from "../support/artifact-server.js";
import { rejection } from "../support/rejection.js";
import { reportFor, ROOT } from "../support/report.js";
import { makeTempDir } from "../support/temp-dir.js";

const FAILED = "test/fixtures/real/preview120_failed.otel.jsonl";
const PASSED = "test/fixtures/real/preview120_build_success.otel.jsonl";

function request(over: Partial<PipelineRequest> & { paths?: string[] } = {}): PipelineRequest {
  const { paths, ...rest } = over;
  return {
    telemetry: { dbtCloud: null, artifact: null, paths: paths ?? [FAILED], cwd: ROOT },
    baseline: null,
    slowest: 5,
    failOn: "errors",
    regressionThresholdPercent: 50,
    generatorVersion: "test",
    tempDir: makeTempDir("fusion-pipeline-"),
    ...rest,
  };
}

function services(over: Partial<PipelineServices> = {}) {
  const lines: string[] = [];
  const record = (kind: string) => (text: string) => lines.push(`${kind}: ${text}`);
  return {
    lines,
    services: {
      log: record("log"),
      note: record("note"),
      warning: record("warning"),
      skippedStep: (step) => lines.push(`step ${step.index}`),
      ...over,
    } satisfies PipelineServices,
  };
}

/** The pipeline run for `fail-on: new-errors` with `baseline-artifact`, the artifact fetched by `fetchZip` (run 9). */
async function withBaselineArtifact(fetchZip: FetchArtifactZip) {
  const { services: s, lines } = services({
    locateBaselineRun: async () => ({
      workflow: "dbt-main.yml",
      branch: "main",
      findRun: async () => ({ id: 9, headSha: "3f1c2e9" }),
    }),
    artifacts: {
      readTelemetry: (artifact, log) => readArtifactTelemetry(artifact, fetchZip, log),
      readBaseline: (lookup) => readBaselineArtifact(lookup, fetchZip),
    },
  });
  const result = await runPipeline(
    request({ baseline: { artifact: "fusion-report-main" }, failOn: "new-errors" }),
    s,
  );
  return { result, lines };
}

describe("runPipeline", () => {
  it("reads local files into the report and names them as the files read", async () => {
    const { services: s } = services();
    const result = await runPipeline(request(), s);
    expect(result.report.conclusion).toBe("failure");
    expect(result.report.invocations.map((inv) => inv.source.files)).toEqual([[FAILED]]);
    expect(result.telemetryFiles).toEqual([path.join(ROOT, FAILED)]);
  });

  it("tells the entry the files it collected, with their sizes, before it reads any", async () => {
    const told: { name: string; format: string; bytes?: number }[][] = [];
    const { services: s } = services({
      beforeReading: (files) => {
        told.push(files.map(({ name, format, bytes }) => ({ name, format, bytes })));
        // Thrown before the read: the read would otherwise end the run first, or not at all.
        throw new Error("told before reading");
      },
    });
    await expect(runPipeline(request({ paths: [FAILED, PASSED] }), s)).rejects.toThrow("told before reading");
    expect(told).toEqual([
      [
        { name: FAILED, format: "jsonl", bytes: statSync(path.join(ROOT, FAILED)).size },
        { name: PASSED, format: "jsonl", bytes: statSync(path.join(ROOT, PASSED)).size },
      ],
    ]);
  });

  it("compares with a baseline file and decides fail-on again", async () => {
    const dir = makeTempDir("fusion-pipeline-base-");
    const base = path.join(dir, "base.json");
    writeFileSync(base, renderJsonReport(await reportFor([FAILED])));
    const { services: s } = services();
    const result = await runPipeline(
      request({ baseline: { file: base, display: "base.json" }, failOn: "new-errors" }),
      s,
    );
    expect(result.report.baseline?.baseline.source).toBe("base.json");
    expect(result.report.baseline?.counts.newFailures).toBe(0);
    // The same failures as the base branch: nothing new, so new-errors does not fail the run.
    expect(result.report.conclusion).toBe("neutral");
  });

  it("skips an artifact baseline with a warning when GitHub cannot be asked", async () => {
    const { services: s, lines } = services();
    const result = await runPipeline(request({ baseline: { artifact: "fusion-report-main" } }), s);
    expect(result.report.baseline).toBeUndefined();
    expect(lines).toContain(
      "warning: Baseline comparison skipped: baseline-artifact 'fusion-report-main' needs a github-token " +
        "and GITHUB_REPOSITORY. The report has no comparison.",
    );
    const { services: s2, lines: lines2 } = services();
    await runPipeline(request({ baseline: { artifact: "fusion-report-main" }, failOn: "new-errors" }), s2);
    expect(lines2.join("\n")).toContain(
      "The report has no comparison and fail-on: new-errors acts like errors.",
    );
  });

  it("skips a baseline artifact GitHub did not hand over in time (artifact-timeout-minutes); the report stands", async () => {
    const given =
      "artifact 'fusion-report-main' of workflow run 9: downloading it took longer than 10 minutes " +
      "(artifact-timeout-minutes) and was given up: GitHub's artifact storage stopped answering. Re-run the job.";
    const fetchZip: FetchArtifactZip = async () => {
      throw new ArtifactTimeoutError(given);
    };
    const { result, lines } = await withBaselineArtifact(fetchZip);
    expect(result.report.baseline).toBeUndefined();
    expect(result.report.conclusion).toBe("failure");
    // One full stop between the reason and what follows, whatever the reason ends with.
    expect(lines).toContain(
      `warning: Baseline comparison skipped: ${given.slice(0, -1)}. The report has no comparison and ` +
        "fail-on: new-errors acts like errors.",
    );
  });

  it.each([
    [
      "its storage failed every retry",
      new Error("Unable to download and extract artifact: Artifact download failed after 5 retries."),
      "GitHub's artifact storage failed the download 5 times",
    ],
    [
      "the API answered 503",
      Object.assign(new Error("Service Unavailable"), {
        status: 503,
        response: { status: 503, data: { message: "Service Unavailable" }, headers: {} },
      }),
      "GitHub answered HTTP 503 (Service Unavailable)",
    ],
    [
      "the connection was cut",
      // Octokit's RequestError for a fetch that failed: status 500 and no answer.
      Object.assign(new Error("other side closed"), { status: 500 }),
      "the request to GitHub failed (other side closed)",
    ],
  ])(
    "skips a baseline artifact GitHub did not hand over (%s); the report stands",
    async (_what, thrown, said) => {
      const client: ArtifactDownloader = {
        getArtifact: async (name) => ({ artifact: { id: 41, name, size: 22, createdAt: new Date() } }),
        downloadArtifact: async () => {
          throw thrown;
        },
      };
      const fetchZip = createArtifactFetcher(
        { token: "a-token", repository: "acme/analytics", timeoutMs: 60_000 },
        { log: () => {}, client },
      );
      const { result, lines } = await withBaselineArtifact(fetchZip);
      expect(result.report.baseline).toBeUndefined();
      expect(result.report.conclusion).toBe("failure");
      const warning = lines.find((line) => line.startsWith("warning: "));
      expect(warning).toMatch(
        /^warning: Baseline comparison skipped: could not download artifact 'fusion-report-main' of workflow run 9: /,
      );
      expect(warning).toContain(said);
      expect(warning).toMatch(/\. The report has no comparison and fail-on: new-errors acts like errors\.$/);
    },
  );

  it("still stops on a baseline artifact GitHub handed over broken (a zip that is not one)", async () => {
    const fetchZip: FetchArtifactZip = async (_artifact, dir) => {
      mkdirSync(dir, { recursive: true });
      const zip = path.join(dir, "artifact.zip");
      writeFileSync(zip, buildZip([{ name: "fusion-report.json", data: "{}" }]).subarray(0, 30));
      return zip;
    };
    const { services: s } = services({
      locateBaselineRun: async () => ({
        workflow: "dbt-main.yml",
        branch: "main",
        findRun: async () => ({ id: 9, headSha: "3f1c2e9" }),
      }),
      artifacts: {
        readTelemetry: (artifact, log) => readArtifactTelemetry(artifact, fetchZip, log),
        readBaseline: (lookup) => readBaselineArtifact(lookup, fetchZip),
      },
    });
    const error = await rejection(runPipeline(request({ baseline: { artifact: "fusion-report-main" } }), s));
    expect(error.message).toMatch(
      /^baseline-artifact: artifact 'fusion-report-main' of workflow run 9 is not a valid zip: /,
    );
  });

  it("reads a workflow artifact through the reader it is given, and removes the download afterwards", async () => {
    const tempDir = makeTempDir("fusion-pipeline-work-");
    const fetched: string[] = [];
    const fetchZip: FetchArtifactZip = async (artifact, dir) => {
      fetched.push(`${artifact.label} (limit ${artifact.maxBytes})`);
      mkdirSync(dir, { recursive: true });
      const zip = path.join(dir, "artifact.zip");
      writeFileSync(
        zip,
        buildZip([{ name: "logs/dbt.otel.jsonl", data: readFileSync(path.join(ROOT, PASSED)) }]),
      );
      return zip;
    };
    const { services: s } = services({
      artifacts: {
        readTelemetry: (artifact, log) => readArtifactTelemetry(artifact, fetchZip, log),
        readBaseline: (lookup) => readBaselineArtifact(lookup, fetchZip),
      },
    });
    const result = await runPipeline(
      request({
        telemetry: { dbtCloud: null, artifact: { name: "dbt-telemetry", runId: "7" }, paths: [], cwd: ROOT },
        tempDir,
      }),
      s,
    );
    expect(fetched).toEqual([`artifact 'dbt-telemetry' of workflow run 7 (limit ${1024 ** 3})`]);
    expect(result.report.invocations.map((inv) => inv.source.files)).toEqual([["logs/dbt.otel.jsonl"]]);
    expect(readdirSync(tempDir)).toEqual([]);
  });

  it("says what to do when nothing was found, with the entry's hint", async () => {
    const { services: s, lines } = services();
    const error = await rejection(
      runPipeline(
        request({
          telemetry: {
            dbtCloud: null,
            artifact: null,
            paths: ["nowhere/*.jsonl"],
            cwd: ROOT,
            noTelemetryHint: "Run dbt with --otel-file-name.",
          },
        }),
        s,
      ),
    );
    expect(error).toBeInstanceOf(NoTelemetryError);
    expect(error.message).toBe("No telemetry found at nowhere/*.jsonl. Run dbt with --otel-file-name.");
    expect(lines).toEqual([]);
  });
});
