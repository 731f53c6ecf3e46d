// The least any JavaScript reader of a JSONL file pays: read it as the CLI does (a file stream),
// split it into lines and `JSON.parse` each one, making nothing of the records. `npm run bench`
// runs it on the node-heavy JSONL beside the CLI's Parquet time, to show how much of the
// "JSONL within 1.5× of Parquet" budget parsing alone takes. Prints the lines parsed.
import { createReadStream } from "node:fs";

const file = process.argv[2];
if (!file) throw new Error("usage: node jsonl-parse-floor.mjs FILE.jsonl");
let lines = 0;
let rest: Buffer | null = null;
const parse = (chunk: Buffer, from: number, to: number): void => {
  if (to > from) {
    JSON.parse(chunk.toString("utf8", from, to));
    lines++;
  }
};
for await (const data of createReadStream(file)) {
  const chunk: Buffer = rest ? Buffer.concat([rest, data as Buffer]) : (data as Buffer);
  let start = 0;
  for (let end = chunk.indexOf(10); end !== -1; end = chunk.indexOf(10, start)) {
    parse(chunk, start, end);
    start = end + 1;
  }
  rest = start < chunk.length ? chunk.subarray(start) : null;
}
if (rest) parse(rest, 0, rest.length);
console.log(JSON.stringify({ lines }));
