// vitest globalSetup: every test process (and every bundle a test starts, which passes TMPDIR on)
// gets a fresh temp dir, and the run fails when a test leaves anything in it.
import { chmodSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export function leftoversMessage(entries: readonly string[]): string | null {
  if (entries.length === 0) return null;
  const shown = entries.slice(0, 20).join(", ");
  const more = entries.length > 20 ? `, … (${entries.length - 20} more)` : "";
  return (
    `tests left ${entries.length} item(s) in the temp dir: ${shown}${more}. ` +
    "Create temp folders with makeTempDir() from test/support/temp-dir.ts, or remove them in an afterEach/afterAll."
  );
}

export default function setup(): () => void {
  const root = mkdtempSync(join(tmpdir(), "fusion-report-tests-"));
  // Others may pass through (not list): tests run a bundle as an unprivileged user to meet real
  // permission errors, in folders they open up for it.
  chmodSync(root, 0o711);
  const previous = { TMPDIR: process.env.TMPDIR, TMP: process.env.TMP, TEMP: process.env.TEMP };
  // os.tmpdir() reads these on every call; the workers vitest starts inherit them.
  process.env.TMPDIR = process.env.TMP = process.env.TEMP = root;
  return () => {
    for (const [name, value] of Object.entries(previous)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
    const message = leftoversMessage(readdirSync(root).sort());
    rmSync(root, { recursive: true, force: true });
    if (!message) return;
    // Not thrown: a throwing teardown stops vitest before it removes its own temp folder.
    console.error(`\n${message}\n`);
    process.exitCode = 1;
  };
}
