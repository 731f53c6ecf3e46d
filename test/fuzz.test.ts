// Mutation fuzzing: thousands of corrupted copies of real fixtures (byte flips, truncation, line
// shuffles and drops) must each end in a report or a clear TelemetryInputError naming the file,
// never in an uncaught exception or a hang; copies whose values are swapped for odd ones (wrong
// types, huge, control and bidi characters, markup) must also render in every format, the files
// other tools read still valid (the JSON report and run_results.json against their schemas, JUnit as
// XML). Seeded, so a failure reproduces.
import { readFileSync } from "node:fs";
import path from "node:path";
import { XMLValidator } from "fast-xml-parser";
import { describe, expect, it } from "vitest";
import { readTelemetryReport } from "../src/pipeline/read-telemetry.js";
import { buildAnnotations } from "../src/render/annotations.js";
import { renderJsonReport } from "../src/render/json-report.js";
import { renderJunit } from "../src/render/junit.js";
import { renderMarkdown } from "../src/render/markdown.js";
import { renderRunResults } from "../src/render/run-results.js";
import { renderTerminal } from "../src/render/terminal.js";
import type { TelemetryFile } from "../src/sources/telemetry-file.js";
import { TelemetryInputError } from "../src/telemetry/errors.js";
import { createRandom } from "../scripts/fixture-gen/random.js";
import { ROOT, reportSchemaErrors, runResultsSchemaErrors } from "./support/report.js";

const JSONL = readFileSync(path.join(ROOT, "test/fixtures/real/preview120_failed.otel.jsonl"));
const PARQUET = readFileSync(
  path.join(ROOT, "test/fixtures/real/parquet-replica/preview120_failed.REPLICA.parquet"),
);
const CASES = 2_500;

function mutate(bytes: Buffer, random: () => number, lines: boolean): Buffer {
  const kind = Math.floor(random() * (lines ? 5 : 3));
  const copy = Buffer.from(bytes);
  if (kind === 0) {
    const flips = 1 + Math.floor(random() * 8);
    for (let i = 0; i < flips; i++) {
      const at = Math.floor(random() * copy.length);
      copy[at] = (copy[at] ?? 0) ^ (1 << Math.floor(random() * 8));
    }
    return copy;
  }
  if (kind === 1) return copy.subarray(0, Math.floor(random() * copy.length));
  if (kind === 2) {
    const at = Math.floor(random() * copy.length);
    const junk = Buffer.from(
      Array.from({ length: 1 + Math.floor(random() * 16) }, () => Math.floor(random() * 256)),
    );
    return Buffer.concat([copy.subarray(0, at), junk, copy.subarray(at)]);
  }
  const text = copy.toString("utf8").split("\n");
  if (kind === 3) {
    for (let i = text.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [text[i], text[j]] = [text[j]!, text[i]!];
    }
  } else {
    text.splice(Math.floor(random() * text.length), 1 + Math.floor(random() * 3));
  }
  return Buffer.from(text.join("\n"));
}

function memoryInput(name: string, bytes: Buffer, format: "jsonl" | "parquet"): TelemetryFile {
  if (format === "jsonl") {
    return {
      name,
      format,
      openStream: async function* () {
        yield bytes;
      },
      // As a file is: node span starts are dropped, and the file read again when they are needed.
      rereadable: true,
    };
  }
  const buffer = new Uint8Array(bytes).buffer;
  return {
    name,
    format,
    openBuffer: async () => ({ byteLength: buffer.byteLength, slice: (s, e) => buffer.slice(s, e) }),
  };
}

async function outcome(input: TelemetryFile): Promise<"report" | "error"> {
  try {
    const report = await readTelemetryReport([input], {
      slowest: 5,
      failOn: "errors",
      generatorVersion: "fuzz",
    });
    JSON.stringify(report);
    return "report";
  } catch (error) {
    if (!(error instanceof TelemetryInputError)) throw error;
    expect(error.message.startsWith(input.name)).toBe(true);
    return "error";
  }
}

describe("fuzzing", () => {
  it.each([
    ["jsonl", JSONL, 11],
    ["parquet", PARQUET, 23],
  ] as const)(`%s: ${CASES} mutations end in a report or a clear error`, async (format, bytes, seed) => {
    const random = createRandom(seed);
    const tally = { report: 0, error: 0 };
    for (let i = 0; i < CASES; i++) {
      const mutated = mutate(bytes, random, format === "jsonl");
      try {
        tally[await outcome(memoryInput(`case-${i}.${format}`, mutated, format))]++;
      } catch (error) {
        throw new Error(`case ${i} (seed ${seed}) threw ${(error as Error).stack}`, { cause: error });
      }
    }
    // Both paths are exercised: some mutations stay readable, others are rejected.
    expect(tally.report).toBeGreaterThan(0);
    expect(tally.error).toBeGreaterThan(0);
  });

  it("odd values in well-formed lines end in a report every renderer renders, or a clear error", async () => {
    const random = createRandom(41);
    const odd: unknown[] = [
      null,
      "",
      -1,
      1e308,
      2 ** 53 + 1,
      true,
      [],
      {},
      "x".repeat(20_000),
      "\u0000\u001b[2J\u202e<script>alert(1)</script>",
      "::error::workflow command\n@here <!-- -->",
      "\ud800]]>\uffff\r\n\"'&",
      2 ** 31,
    ];
    const lines = JSONL.toString("utf8").split("\n");
    const tally = { report: 0, error: 0 };
    for (let i = 0; i < 1_500; i++) {
      const changed = [...lines];
      for (let edit = 0; edit < 1 + Math.floor(random() * 3); edit++) {
        const at = Math.floor(random() * changed.length);
        if (!changed[at]) continue;
        const record = JSON.parse(changed[at]!) as Record<string, unknown>;
        let target: Record<string, unknown> = record;
        // Down to one to three levels (attributes, their payload), then one key replaced.
        for (let depth = 0; depth < 3; depth++) {
          const keys = Object.keys(target);
          const key = keys[Math.floor(random() * keys.length)]!;
          const inner = target[key];
          if (depth === 2 || !inner || typeof inner !== "object" || Array.isArray(inner) || random() < 0.4) {
            target[key] = odd[Math.floor(random() * odd.length)];
            break;
          }
          target = inner as Record<string, unknown>;
        }
        changed[at] = JSON.stringify(record);
      }
      const input = memoryInput(`odd-${i}.jsonl`, Buffer.from(changed.join("\n")), "jsonl");
      try {
        const report = await readTelemetryReport([input], {
          slowest: 5,
          failOn: "errors",
          generatorVersion: "fuzz",
        });
        tally.report++;
        expect(reportSchemaErrors(JSON.parse(renderJsonReport(report)))).toBe("");
        expect(runResultsSchemaErrors(renderRunResults(report, "2026-11-24T00:00:00Z"))).toBe("");
        expect(XMLValidator.validate(renderJunit(report))).toBe(true);
        renderTerminal(report, { title: "t", width: 80, colour: true, fullReportHint: "h" });
        expect(
          renderMarkdown(report, { maxBytes: 65_000, title: "t", fullReportHint: "h", codeWidth: 100 })
            .length,
        ).toBeLessThanOrEqual(65_000);
        buildAnnotations(report.invocations, { projectDir: ".", maxAnnotations: 50 });
      } catch (error) {
        if (error instanceof TelemetryInputError && error.message.startsWith(input.name)) {
          tally.error++;
          continue;
        }
        throw new Error(`odd-value case ${i} threw ${(error as Error).stack}`, { cause: error });
      }
    }
    expect(tally.report).toBeGreaterThan(0);
    expect(tally.error).toBeGreaterThan(0);
  });
});
