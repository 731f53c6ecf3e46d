import path from "node:path";
import { fileURLToPath } from "node:url";
import { Ajv2020, type ErrorObject } from "ajv/dist/2020.js";
import { readFileSync } from "node:fs";
import { buildScenarioRecords, writeJsonl } from "../../scripts/fixture-gen/index.js";
import type { ScenarioSpec } from "../../scripts/fixture-gen/types.js";
import type { FailOn, Report } from "../../src/model/types.js";
import { readTelemetryReport } from "../../src/pipeline/read-telemetry.js";
import { openLocalTelemetry } from "../../src/sources/local.js";
import { memoryJsonl } from "./memory-jsonl.js";

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

/** Builds the report of a generated scenario, its telemetry written as JSONL and read from memory. */
export async function reportOfScenario(spec: ScenarioSpec): Promise<Report> {
  const file = memoryJsonl("telemetry.jsonl", writeJsonl(buildScenarioRecords(spec)));
  return readTelemetryReport([file], { slowest: 10, failOn: "errors", generatorVersion: "test" });
}

const ajv = new Ajv2020({ allErrors: true, strict: false });
/** The schema as published: tolerant of the fields and open-list values a later 1.x release adds. */
export const publishedReportSchema = JSON.parse(
  readFileSync(path.join(ROOT, "schema/report.schema.json"), "utf8"),
) as Record<string, unknown>;
const reportSchema = ajv.compile(strictReportSchema(publishedReportSchema));
const tolerantReportSchema = ajv.compile(publishedReportSchema);
const runResultsSchema = ajv.compile(
  JSON.parse(readFileSync(path.join(ROOT, "test/fixtures/reference/dbt-run-results-v6.schema.json"), "utf8")),
);

/**
 * What our own output must match: the published schema with every object closed and every open list
 * closed to the values it names, so a misspelt field or an unlisted status fails the tests although a
 * consumer's copy of the schema would let it through.
 */
export function strictReportSchema(schema: Record<string, unknown>): Record<string, unknown> {
  return closeSchema(schema) as Record<string, unknown>;
}

function closeSchema(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(closeSchema);
  if (typeof schema !== "object" || schema === null) return schema;
  const known = openListValues(schema);
  if (known) return { ...withoutKey(schema, "anyOf"), enum: known };
  const strict = Object.fromEntries(Object.entries(schema).map(([key, value]) => [key, closeSchema(value)]));
  // The $id stays with the published schema (Ajv keeps one schema per $id).
  delete strict.$id;
  if ("properties" in strict && !("additionalProperties" in strict)) strict.additionalProperties = false;
  return strict;
}

/** `anyOf: [{ enum: [...] }, { type: "string" }]`: the schema's way of writing a list that may grow. */
function openListValues(schema: object): unknown[] | null {
  const anyOf = (schema as { anyOf?: unknown }).anyOf;
  if (!Array.isArray(anyOf) || anyOf.length !== 2) return null;
  const [listed, open] = anyOf as [Record<string, unknown>, Record<string, unknown>];
  const isOpen = Object.keys(open).length === 1 && open.type === "string";
  return isOpen && Object.keys(listed).length === 1 && Array.isArray(listed.enum) ? listed.enum : null;
}

function withoutKey(schema: object, key: string): Record<string, unknown> {
  return Object.fromEntries(Object.entries(schema).filter(([k]) => k !== key));
}

/** Checks our own output against the strict variant of the schema. */
export function reportSchemaErrors(value: unknown): string {
  return reportSchema(value) ? "" : errorsText(reportSchema.errors);
}

/** Checks a report as a consumer holding the published schema would. */
export function publishedReportSchemaErrors(value: unknown): string {
  return tolerantReportSchema(value) ? "" : errorsText(tolerantReportSchema.errors);
}

/** Ajv's text, naming the field an object may not have (which Ajv keeps in params only). */
function errorsText(errors: ErrorObject[] | null | undefined): string {
  return (errors ?? [])
    .map((error) => {
      const extra = (error.params as { additionalProperty?: string }).additionalProperty;
      return `${ajv.errorsText([error])}${extra === undefined ? "" : ` (${JSON.stringify(extra)})`}`;
    })
    .join(", ");
}

export function runResultsSchemaErrors(value: unknown): string {
  return runResultsSchema(value) ? "" : ajv.errorsText(runResultsSchema.errors);
}
