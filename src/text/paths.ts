// Whether a file lies inside a folder, and its path from there: how a telemetry file is named
// (sources/local.ts) and which report files outlive the runner's temp folder (github/publish-report.ts).
// And `~/…` as a shell reads it, for paths no shell expanded: the Action's inputs, `--json=~/x`.
import path from "node:path";

/** `file`'s path from `folder` when it lies inside it ("" for the folder itself), else null. */
export function pathInside(folder: string, file: string): string | null {
  const relative = path.relative(folder, file);
  const outside = relative === ".." || relative.startsWith(`..${path.sep}`) || path.isAbsolute(relative);
  return outside ? null : relative;
}

/** `~` and `~/…` (also `~\…` on Windows) in the home folder, as a shell reads them; `~user` is left as it is. */
export function expandHome(
  value: string,
  home: string,
  platform: NodeJS.Platform = process.platform,
): string {
  const inHome = platform === "win32" ? /^~(?:$|[\\/])/ : /^~(?:$|\/)/;
  return inHome.test(value) ? `${home}${value.slice(1)}` : value;
}
