// Keeps the samples in README.md equal to the golden files they show. A sample is the block between
//   <!-- readme-sample: <repo-relative file> lines <from>-<to> -->   and   <!-- /readme-sample -->
// and holds those lines of the file in a Markdown code fence longer than any backtick run inside.
// `node scripts/readme-samples.mjs` rewrites README.md; test/docs.test.ts fails when it would change it.
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const SAMPLE = /(<!-- readme-sample: (\S+) lines (\d+)-(\d+) -->\n)[\s\S]*?(<!-- \/readme-sample -->)/g;

/** The README with every sample block filled from its file; `read` takes a repo-relative path. */
export function fillReadmeSamples(readme, read) {
  return readme.replace(SAMPLE, (_block, open, file, from, to, close) => {
    const lines = read(file)
      .split("\n")
      .slice(Number(from) - 1, Number(to));
    const longestRun = Math.max(2, ...[...lines.join("\n").matchAll(/`+/g)].map((run) => run[0].length));
    const fence = "`".repeat(longestRun + 1);
    return `${open}${fence}markdown\n${lines.join("\n")}\n${fence}\n${close}`;
  });
}

/** The files the README's samples come from. */
export function readmeSampleSources(readme) {
  return [...readme.matchAll(SAMPLE)].map((match) => match[2]);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
  const readmePath = path.join(root, "README.md");
  const readme = readFileSync(readmePath, "utf8");
  const filled = fillReadmeSamples(readme, (file) => readFileSync(path.join(root, file), "utf8"));
  if (filled !== readme) writeFileSync(readmePath, filled);
  console.log(filled === readme ? "README.md samples are up to date" : "README.md samples updated");
}
