import path from "node:path";
import { fileURLToPath } from "node:url";
import { Ajv2020 } from "ajv/dist/2020.js";
import { readFileSync } from "node:fs";
import type { FailOn, Report } from "../../src/model/types.js";
import { readTelemetryReport } from "../../src/pipeline/read-telemetry.js";
import { openLocalTelemetry } from "../../src/sources/local.js";

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

/** Builds the report for repo-relative fixture paths, naming the files relative to the repo root. */
export async function reportFor(
  files: string[],
  options: { failOn?: FailOn; slowest?: number } = {},
): Promise<Report> {
  const inputs = await Promise.all(files.map((file) => openLocalTelemetry(path.join(ROOT, file), file)));
  return readTelemetryReport(inputs, {
    slowest: options.slowest ?? 10,
    failOn: options.failOn ?? "errors",
    generatorVersion: "test",
  });
}

const ajv = new Ajv2020({ allErrors: true, strict: false });
const reportSchema = ajv.compile(
  JSON.parse(readFileSync(path.join(ROOT, "schema/report.schema.json"), "utf8")),
);
const runResultsSchema = ajv.compile(
  JSON.parse(readFileSync(path.join(ROOT, "test/fixtures/reference/dbt-run-results-v6.schema.json"), "utf8")),
);

export function reportSchemaErrors(value: unknown): string {
  return reportSchema(value) ? "" : ajv.errorsText(reportSchema.errors);
}

export function runResultsSchemaErrors(value: unknown): string {
  return runResultsSchema(value) ? "" : ajv.errorsText(runResultsSchema.errors);
}
