// Bundles the Action (dist/index.js) and the CLI (dist/cli.js) with ncc, so both run with plain
// `node` and no node_modules. Output is deterministic: CI rebuilds and diffs it against dist/.
//
// Code loaded with a dynamic import() (the artifact client, undici for the dbt platform) becomes a
// chunk file beside its entry, parsed only when a run needs it: `<id>.index.js` for the Action,
// `<id>.cli.js` for the CLI. Chunks of an earlier build are removed first, so dist/ holds exactly
// what this build made (and CI's diff sees a chunk that appeared or went away). Nothing in dist/
// changes until every entry has built: a failed build leaves the last good one in place.
import { execFileSync } from "node:child_process";
import {
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
  mkdirSync,
  chmodSync,
  renameSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { SIDE_EFFECT_FREE } from "./side-effect-free.mjs";

const entries = [
  { source: "src/index.ts", target: "dist/index.js" },
  { source: "src/cli-entry.ts", target: "dist/cli.js", shebang: true },
];

const CHUNK = /^\d+\.(index|cli)\.js$/;

/** What the build writes to dist/: path → contents (and whether it is executable). */
const files = new Map();
withSideEffectFree(SIDE_EFFECT_FREE, () => {
  for (const { source, target, shebang } of entries) {
    if (!existsSync(source)) continue;
    const out = mkdtempSync(path.join(tmpdir(), "fusion-report-build-"));
    try {
      buildEntry(source, target, shebang, out);
    } finally {
      // Also when ncc fails: nothing of a build is left in the temp folder.
      rmSync(out, { recursive: true, force: true });
    }
  }
});
// dist/ holds ES modules whatever package.json says around it.
files.set("dist/package.json", { content: `${JSON.stringify({ type: "module" }, null, 2)}\n` });

mkdirSync("dist", { recursive: true });
for (const name of readdirSync("dist")) if (CHUNK.test(name)) rmSync(path.join("dist", name));
for (const [file, { content, executable }] of files) {
  writeFileSync(file, content);
  if (executable) chmodSync(file, 0o755);
}

function buildEntry(source, target, shebang, out) {
  execFileSync(
    process.execPath,
    ["node_modules/@vercel/ncc/dist/ncc/cli.js", "build", source, "-o", out, "-q", "--target", "es2022"],
    {
      stdio: "inherit",
    },
  );
  const extra = readdirSync(out).filter((name) => name !== "index.js" && name !== "package.json");
  const suffix = `.${path.basename(target)}`;
  const chunks = extra.filter((name) => /^\d+\.index\.js$/.test(name));
  const unexpected = extra.filter((name) => !chunks.includes(name));
  if (unexpected.length > 0)
    throw new Error(`ncc emitted unexpected files for ${source}: ${unexpected.join(", ")}`);
  let code = readFileSync(path.join(out, "index.js"), "utf8").replace(/^#!.*\n/, "");
  if (chunks.length > 0 && suffix !== ".index.js") {
    // The chunk loader names chunks after the entry file ncc wrote (index.js); each entry's chunks
    // get its own name so the Action's and the CLI's never collide in dist/.
    const loader = 'return "" + chunkId + ".index.js";';
    if (code.split(loader).length !== 2) throw new Error(`ncc's chunk loader not found in ${source}`);
    code = code.replace(loader, `return "" + chunkId + "${suffix}";`);
  }
  for (const chunk of chunks) {
    files.set(path.join("dist", chunk.replace(/\.index\.js$/, suffix)), {
      content: readFileSync(path.join(out, chunk)),
    });
  }
  if (shebang) code = `#!/usr/bin/env node\n${code}`;
  files.set(target, { content: code, executable: Boolean(shebang) });
}

/**
 * Runs the build while each package's package.json says `"sideEffects": false` (see
 * side-effect-free.mjs), and restores each file after it, also when the build fails. The original is
 * kept beside it until then, so a build that was killed (no `finally` runs) is undone by the next
 * one. A package that declares sideEffects itself is left as it is.
 */
function withSideEffectFree(packages, build) {
  const kept = [];
  try {
    for (const { name } of packages) {
      const file = path.join("node_modules", name, "package.json");
      const original = `${file}.fusion-report-original`;
      if (existsSync(original)) renameSync(original, file);
      const manifest = JSON.parse(readFileSync(file, "utf8"));
      if ("sideEffects" in manifest) continue;
      writeFileSync(original, readFileSync(file));
      kept.push({ file, original });
      replaceFile(file, `${JSON.stringify({ ...manifest, sideEffects: false }, null, 2)}\n`);
    }
    build();
  } finally {
    for (const { file, original } of kept) renameSync(original, file);
  }
}

/** Written beside and renamed over: whoever reads the file meanwhile sees one version or the other. */
function replaceFile(file, content) {
  const next = `${file}.${process.pid}.tmp`;
  writeFileSync(next, content);
  renameSync(next, file);
}
