// Bundles the Action (dist/index.js) and the CLI (dist/cli.js) with ncc, so both run with plain
// `node` and no node_modules. Output is deterministic: CI rebuilds and diffs it against dist/.
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
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

const entries = [
  { source: "src/index.ts", target: "dist/index.js" },
  { source: "src/cli-entry.ts", target: "dist/cli.js", shebang: true },
];

mkdirSync("dist", { recursive: true });
for (const { source, target, shebang } of entries) {
  if (!existsSync(source)) continue;
  const out = mkdtempSync(path.join(tmpdir(), "fusion-report-build-"));
  execFileSync(
    process.execPath,
    ["node_modules/@vercel/ncc/dist/ncc/cli.js", "build", source, "-o", out, "-q", "--target", "es2022"],
    {
      stdio: "inherit",
    },
  );
  const extra = readdirSync(out).filter((name) => name !== "index.js" && name !== "package.json");
  if (extra.length > 0) throw new Error(`ncc emitted extra files for ${source}: ${extra.join(", ")}`);
  let code = readFileSync(path.join(out, "index.js"), "utf8").replace(/^#!.*\n/, "");
  if (shebang) code = `#!/usr/bin/env node\n${code}`;
  writeFileSync(target, code);
  if (shebang) chmodSync(target, 0o755);
  rmSync(out, { recursive: true, force: true });
}
// dist/ holds ES modules whatever package.json says around it.
writeFileSync("dist/package.json", `${JSON.stringify({ type: "module" }, null, 2)}\n`);
