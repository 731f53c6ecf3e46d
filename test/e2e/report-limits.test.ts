// Through dist/cli.js: what one report holds is bounded (telemetry/limits.ts), so a file of many tiny
// records (here a new trace id on each line) stops with a clear message and exit 2, not by running
// the job out of memory late.
import { dirname } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { MAX_REPORT_INVOCATIONS } from "../../src/telemetry/limits.js";
import { ensureBuilt, runCliBundle, tempFile } from "./helpers.js";

beforeAll(() => ensureBuilt(), 120_000);

/** A Process span start per line, each of its own trace: `count` invocations. */
function traces(count: number): string {
  const lines: string[] = [];
  for (let i = 0; i < count; i++) {
    lines.push(
      JSON.stringify({
        record_type: "SpanStart",
        trace_id: i.toString(16).padStart(32, "0"),
        span_id: (i + 1).toString(16).padStart(16, "0"),
        span_name: "dbt process (x86_64-linux)",
        parent_span_id: null,
        links: null,
        start_time_unix_nano: "1772073188904419000",
        severity_number: 9,
        severity_text: "INFO",
        event_type: "v1.public.events.fusion.process.Process",
        attributes: { package: "dbt", version: "2.0.0-preview.120" },
      }),
    );
  }
  return `${lines.join("\n")}\n`;
}

describe("CLI (dist/cli.js): the most one report holds", () => {
  it("a JSONL file of 10,001 trace ids stops with exit 2, naming the file and the limit", async () => {
    expect(MAX_REPORT_INVOCATIONS).toBe(10_000);
    const cwd = dirname(tempFile("traces.jsonl", traces(MAX_REPORT_INVOCATIONS + 1)));
    const run = await runCliBundle(["traces.jsonl"], cwd);
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(
      "fusion-report: traces.jsonl: more than 10,000 invocations (trace ids) in one report, the most " +
        "fusion-report reads (a build has one per dbt command): this is not dbt telemetry as the engine writes it\n",
    );
    expect(run.stdout).toBe("");
  });
});
