// The least the JSONL reader can pay: the file read and split into lines as the CLI does
// (sources/file-chunks.ts, telemetry/jsonl-lines.ts) and `JSON.parse` of each line, with nothing
// made of the records. `npm run bench` runs it on the node-heavy JSONL beside the CLI's Parquet
// time, to show how much of the "JSONL within 1.5× of Parquet" budget this alone takes.
import { fileChunks } from "../src/sources/file-chunks.js";
import { LineSplitter } from "../src/telemetry/jsonl-lines.js";
import { MAX_JSONL_LINE_BYTES } from "../src/telemetry/limits.js";

const file = process.argv[2];
if (!file) throw new Error("usage: node jsonl-parse-floor.mjs FILE.jsonl");
let parsed = 0;
const lines = new LineSplitter(MAX_JSONL_LINE_BYTES, (text) => {
  if (text.length > 0) {
    JSON.parse(text);
    parsed++;
  }
});
for await (const chunk of fileChunks(file)) lines.push(chunk);
lines.end();
console.log(JSON.stringify({ lines: parsed }));
