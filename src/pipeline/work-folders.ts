// The temp folders runs are using (downloads from the dbt platform or an artifact), so a CLI stopped
// by Ctrl-C or a kill can remove them: a `finally` never runs when a signal ends the process.
import { rmSync } from "node:fs";

const open = new Set<string>();

export function trackWorkFolder(folder: string): void {
  open.add(folder);
}

export function untrackWorkFolder(folder: string): void {
  open.delete(folder);
}

/**
 * Removes every folder still in use, synchronously (from a signal handler, just before exit). Best
 * effort: a folder that cannot be removed must not stop the exit with a stack trace.
 */
export function removeOpenWorkFolders(): void {
  for (const folder of open) {
    try {
      rmSync(folder, { recursive: true, force: true });
    } catch {
      // Left behind; the process ends anyway.
    }
  }
  open.clear();
}
