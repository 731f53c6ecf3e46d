// Uploads the reports this run wrote (JSON report, run_results.json, Markdown) as one workflow
// artifact. Best effort: a failure becomes a warning and never hides the other channels. The
// channels wait for it (they name the artifact only once it is there), and the toolkit's own
// timeouts let a results service that never answers hold them for a quarter of an hour: the
// upload has a deadline.
import { copyFile, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { formatMinutes } from "../text/duration.js";
import { loadArtifactClient, type ArtifactUploader } from "./artifact-client.js";
import { withDeadline } from "./lingering-work.js";

/** A report file to include: an existing file, or content to write (e.g. a Markdown report nobody asked to keep). */
export type ReportFile = { path: string; name?: string } | { name: string; content: () => string };

export interface UploadDeps {
  info: (message: string) => void;
  warning: (message: string) => void;
  /** Where to stage the files (RUNNER_TEMP). */
  tempDir: string;
  /** The longest the upload may take (`artifact-timeout-minutes`); past it, it is given up. */
  timeoutMs?: number;
  client?: ArtifactUploader;
}

/**
 * Copies the files into one flat folder (they may live in different directories, and the artifact
 * layout should not depend on where the workflow put them) and uploads it as `name`. Resolves with
 * the artifact id, or null after a warning.
 */
export async function uploadReports(
  name: string,
  files: readonly ReportFile[],
  deps: UploadDeps,
): Promise<{ id: number | null; files: string[] } | null> {
  let stage: string | null = null;
  try {
    stage = await mkdtemp(path.join(deps.tempDir || os.tmpdir(), "fusion-report-upload-"));
    const staged: string[] = [];
    const taken = new Set<string>();
    for (const file of files) {
      const base = uniqueName(file.name ?? path.basename("path" in file ? file.path : "report"), taken);
      const target = path.join(stage, base);
      try {
        if ("content" in file) await writeFile(target, file.content(), "utf8");
        else await copyFile(file.path, target);
        staged.push(target);
      } catch (error) {
        // One missing file (say, a report that could not be written) must not stop the others.
        deps.warning(
          `upload-artifact: skipping ${"path" in file ? file.path : base}: ${(error as Error).message}`,
        );
      }
    }
    if (staged.length === 0) {
      deps.warning(`upload-artifact: no report file to upload as '${name}'.`);
      return null;
    }
    const client = deps.client ?? (await loadArtifactClient());
    const upload = client.uploadArtifact(name, staged, stage);
    const result =
      deps.timeoutMs === undefined
        ? await upload
        : await withDeadline(
            upload,
            deps.timeoutMs,
            () =>
              new Error(
                `it took longer than ${formatMinutes(deps.timeoutMs!)} (artifact-timeout-minutes) and was given ` +
                  "up: GitHub's artifact storage did not answer. Re-run the job, or raise artifact-timeout-minutes " +
                  "for very large reports.",
              ),
          );
    const names = staged.map((f) => path.basename(f));
    deps.info(`Uploaded artifact '${name}'${result.id ? ` (id ${result.id})` : ""}: ${names.join(", ")}`);
    return { id: result.id ?? null, files: names };
  } catch (error) {
    deps.warning(`upload-artifact: could not upload '${name}': ${(error as Error).message}`);
    return null;
  } finally {
    // Copies only: the reports stay where they were written.
    if (stage) await rm(stage, { recursive: true, force: true }).catch(() => {});
  }
}

function uniqueName(base: string, taken: Set<string>): string {
  let candidate = base;
  for (let i = 2; taken.has(candidate); i++) {
    const ext = path.extname(base);
    candidate = `${path.basename(base, ext)}-${i}${ext}`;
  }
  taken.add(candidate);
  return candidate;
}
