// CLI: stream a large trace-level run to JSONL and Parquet without holding it in memory.
// npx tsx scripts/fixture-gen/generate-large.ts --records 1000000 --out /tmp/fusion-large [--no-jsonl] [--no-parquet]
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { generateScenarioRecords } from "./generate-records.js";
import { makeScenarioForRecordCount } from "./large-scenario.js";
import { writeJsonlStream } from "./write-jsonl.js";
import { writeParquetStream } from "./write-parquet.js";

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      records: { type: "string", default: "1000000" },
      out: { type: "string", default: "/tmp/fusion-large" },
      "no-jsonl": { type: "boolean", default: false },
      "no-parquet": { type: "boolean", default: false },
    },
  });
  mkdirSync(values.out, { recursive: true });
  const spec = makeScenarioForRecordCount(Number(values.records));
  console.log(`nodes: ${spec.invocations[0]?.nodes.length}`);
  if (!values["no-jsonl"]) {
    const t0 = performance.now();
    const { lines } = await writeJsonlStream(
      generateScenarioRecords(spec),
      join(values.out, "telemetry.jsonl"),
    );
    console.log(`jsonl: ${lines} lines in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  }
  if (!values["no-parquet"]) {
    const t0 = performance.now();
    const { rows } = await writeParquetStream(
      generateScenarioRecords(spec),
      join(values.out, "telemetry.parquet"),
    );
    console.log(`parquet: ${rows} rows in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  }
  console.log(`peak rss: ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB`);
}

await main();
