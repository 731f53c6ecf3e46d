// The runner's files a step appends to (GITHUB_STEP_SUMMARY, GITHUB_OUTPUT): an append that fails
// halfway (a disk that filled up) is cut back, so the runner never reads half a record.
import { statSync, truncateSync } from "node:fs";

/** The file's size before an append, or null when it cannot be told (then nothing is cut back). */
export function sizeBeforeAppend(file: string): number | null {
  try {
    return statSync(file).size;
  } catch {
    return null;
  }
}

/** Cuts the file back to `size` bytes, as best it can (the disk that refused the text may refuse this too). */
export function undoAppend(file: string, size: number | null): void {
  if (size === null) return;
  try {
    if (statSync(file).size > size) truncateSync(file, size);
  } catch {
    // What is left is what the write left; the caller's warning says the write failed.
  }
}
