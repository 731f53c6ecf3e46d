// In the Action the workspace is a checkout, and a pull request can commit symbolic links in it. A
// link could lead a telemetry file that is read, or a report file that is written, anywhere the
// runner's user can reach: the first line of a credentials file quoted in an error on the pull
// request, a report written over a file of the runner's. So a path that passes through a link inside
// the checkout must end in the workspace or the runner's temporary folder. The CLI follows links as
// any Unix tool does: they are its user's own.
import { lstat, realpath, stat } from "node:fs/promises";
import path from "node:path";
import { pathInside } from "../text/paths.js";

export interface CheckoutBounds {
  /** The checkout (GITHUB_WORKSPACE): links inside it may have come with a pull request. */
  root: string;
  /** Where such a link may lead: the workspace and the runner's temp folder. */
  linksMayLeadTo: readonly string[];
}

/**
 * Where `file` really is when a link inside the checkout on the path `given` leads it out of
 * bounds, else null. `file` is `given` with any link to a file already followed (the default).
 */
export async function linkLeadsOut(
  given: string,
  bounds: CheckoutBounds,
  file: string = given,
): Promise<string | null> {
  if (!(await passesLinkInside(bounds.root, given))) return null;
  const real = await realLocation(file);
  const allowed = await Promise.all(bounds.linksMayLeadTo.map((folder) => realLocation(folder)));
  return allowed.some((folder) => pathInside(folder, real) !== null) ? null : real;
}

/** The sentence messages use for a path that `linkLeadsOut` stopped. */
export function leadsOutReason(real: string): string {
  return (
    `a link in the workspace leads it to ${real}, outside the workspace and the runner's temporary folder; ` +
    "a link that a pull request can commit must not choose what the Action reads or writes: name a path without it"
  );
}

/**
 * Whether a folder or file on `file`'s path below `root` is a symbolic link. The runner may name the
 * workspace through a link of its own (a work folder linked to a bigger disk) while the working
 * directory, which relative paths start from, is where it really is: either spelling is the checkout.
 */
async function passesLinkInside(root: string, file: string): Promise<boolean> {
  for (const top of new Set([root, await realLocation(root)])) {
    const relative = pathInside(top, file);
    if (relative !== null) return linkBelow(top, relative);
  }
  return false;
}

async function linkBelow(top: string, relative: string): Promise<boolean> {
  let current = top;
  for (const part of relative.split(path.sep).filter(Boolean)) {
    current = path.join(current, part);
    const info = await lstat(current).catch(() => null);
    if (!info) return false; // nothing there yet: no link below it either
    if (info.isSymbolicLink()) return true;
  }
  return false;
}

/** Where `file` really is: its nearest folder that exists with every link resolved, then the rest. */
async function realLocation(file: string): Promise<string> {
  let existing = path.resolve(file);
  while (
    !(await stat(existing).then(
      () => true,
      () => false,
    )) &&
    path.dirname(existing) !== existing
  ) {
    existing = path.dirname(existing);
  }
  const real = await realpath(existing).catch(() => existing);
  return path.join(real, path.relative(existing, path.resolve(file)));
}
