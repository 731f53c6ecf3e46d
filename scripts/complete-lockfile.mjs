// The npm registry mirror this project is built against serves only the packages for its own
// platform, so `npm install` leaves other platforms' optional native packages (rollup, duckdb) out
// of package-lock.json, and `npm ci` then refuses the lock as out of sync (npm/cli#4828). This adds
// the missing entries with their os/cpu/libc so npm skips them on other platforms without fetching.
// Run after `npm install`: node scripts/complete-lockfile.mjs
import { readFileSync, writeFileSync } from "node:fs";

const lock = JSON.parse(readFileSync("package-lock.json", "utf8"));
const packages = lock.packages;
let added = 0;
for (const [location, meta] of Object.entries(packages)) {
  if (!location.startsWith("node_modules/") || !meta.optionalDependencies) continue;
  for (const [name, spec] of Object.entries(meta.optionalDependencies)) {
    const key = `node_modules/${name}`;
    if (packages[key] || packages[`${location}/${key}`]) continue;
    const platform = parsePlatform(name);
    if (!platform || !/^\d/.test(spec)) continue;
    packages[key] = {
      version: spec,
      ...platform,
      ...(meta.dev ? { dev: true } : {}),
      optional: true,
    };
    added++;
  }
}
writeFileSync("package-lock.json", `${JSON.stringify(lock, null, 2)}\n`);
console.log(`added ${added} platform-specific lock entries`);

function parsePlatform(name) {
  const base = name.split("/").pop();
  const match = base.match(
    /(android|darwin|freebsd|linux|openbsd|openharmony|win32)-(arm64|arm|x64|ia32|loong64|ppc64|riscv64|s390x)(?:-(.*))?$/,
  );
  if (!match) return null;
  const [, os, cpu, rest = ""] = match;
  const libc = /musl/.test(rest) ? ["musl"] : os === "linux" && /gnu/.test(rest) ? ["glibc"] : undefined;
  return { cpu: [cpu], os: [os], ...(libc ? { libc } : {}) };
}
