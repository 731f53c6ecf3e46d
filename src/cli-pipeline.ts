// The CLI's side of the shared pipeline: its options as a pipeline request, and its log (stderr).
import os from "node:os";
import path from "node:path";
import type { CliOptions } from "./cli-options.js";
import type { CliIo } from "./cli-report.js";
import type { PipelineRequest, PipelineServices } from "./pipeline/run.js";
import { defaultClock } from "./sources/dbt-cloud/rate-limiter.js";
import { VERSION } from "./version.js";

const HOW_TO_WRITE_TELEMETRY =
  "Check the path: dbt writes telemetry when run with --otel-file-name (JSONL in logs/) or " +
  "--otel-parquet-file-name (Parquet in target/metadata/).";

export function cliRequest(options: CliOptions, io: CliIo): PipelineRequest {
  return {
    telemetry: {
      dbtCloud: options.dbtCloud,
      nameDbtCloudSetting: options.nameDbtCloudSetting,
      artifact: null,
      paths: options.paths,
      cwd: io.cwd,
      noTelemetryHint: HOW_TO_WRITE_TELEMETRY,
      // Windows has no /dev/stdin to open: `-` is read from the stream instead.
      ...(io.platform === "win32" && io.stdin && { standardInput: io.stdin }),
    },
    baseline: options.baseline
      ? { file: path.resolve(io.cwd, options.baseline), display: options.baseline }
      : null,
    slowest: options.slowest,
    failOn: options.failOn,
    regressionThresholdPercent: options.regressionThreshold,
    minRegressionMs: options.regressionMinSeconds * 1000,
    generatorVersion: VERSION,
    tempDir: os.tmpdir(),
  };
}

export function cliServices(io: CliIo): PipelineServices {
  const line = (text: string) => io.stderr(`fusion-report: ${text}\n`);
  return {
    // Every line the CLI writes to stderr says whose it is.
    log: line,
    note: line,
    warning: (text) => line(`warning: ${text}`),
    skippedStep: (step) => line(`step ${step.index} (${step.name}): ${step.note ?? "no telemetry"}`),
    clock: defaultClock(io.env),
    beforeReading: io.beforeReading,
  };
}
