// Prints the CHANGELOG.md section of one version, for the GitHub release's notes:
//   node scripts/changelog-notes.mjs 1.2.3 > notes.md
// Fails (exit 1) when the version has no `## [1.2.3]` section or the section is empty, so a release
// never goes out with empty notes.
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** The body of the `## [version]` section (without its heading), or null when there is none. */
export function changelogSection(changelog, version) {
  const lines = changelog.split("\n");
  const escaped = version.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const start = lines.findIndex((line) => new RegExp(`^## \\[${escaped}\\](\\s|$)`).test(line));
  if (start < 0) return null;
  const end = lines.findIndex((line, i) => i > start && /^## /.test(line));
  // Keep a Changelog ends with link references (`[1.2.3]: https://…`): not part of the notes.
  const body = lines
    .slice(start + 1, end < 0 ? undefined : end)
    .filter((line) => !/^\[[^\]]+\]:\s/.test(line))
    .join("\n")
    .trim();
  return body === "" ? null : `${body}\n`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const version = (process.argv[2] ?? "").replace(/^v/, "");
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
  const notes = version
    ? changelogSection(readFileSync(path.join(root, "CHANGELOG.md"), "utf8"), version)
    : null;
  if (!notes) {
    console.error(
      `CHANGELOG.md has no notes for version "${version}": add a "## [${version}] - YYYY-MM-DD" section`,
    );
    process.exit(1);
  }
  process.stdout.write(notes);
}
