// Two jobs of one workflow run that report under one check name (a matrix, where each entry runs
// the step with the same `check-name`) share one sticky comment and put two check runs of that name
// on the commit. Each job's report replaces the other's comment, and GitHub takes the newest check
// run of a name for a required check: a failing warehouse's report could be replaced by a passing
// one. A job cannot tell the others apart (matrix entries share GITHUB_JOB), but it can see their
// check runs: ours carry the run attempt in their external id. So the later job says so, and its
// check run never reads better than one another job of the attempt wrote.
import type { Conclusion } from "../model/types.js";
import { code } from "../render/escape.js";

/** A check run of the same name that another job of this run attempt wrote on the commit. */
export interface SiblingCheckRun {
  conclusion: string | null;
  url: string | null;
}

/** The external id of this step's check run: the run attempt, then an id of this step's own. */
export function externalIdPrefix(runKey: string | null | undefined): string {
  return runKey ? `fusion-report-${runKey}-` : "fusion-report-";
}

const RANK: Record<Conclusion, number> = { success: 0, neutral: 1, failure: 2 };

/** The worst of this report's conclusion and those of the other jobs' check runs of the name. */
export function worstConclusion(own: Conclusion, siblings: readonly SiblingCheckRun[]): Conclusion {
  let worst = own;
  for (const sibling of siblings) {
    const theirs = sibling.conclusion as Conclusion;
    if (Object.hasOwn(RANK, theirs) && RANK[theirs] > RANK[worst]) worst = theirs;
  }
  return worst;
}

/** The check run's title when another job's conclusion was worse than this report's. */
export function sharedNameTitle(title: string, conclusion: Conclusion): string {
  return `${title} (another job of this run reported ${conclusion} under the same check name)`;
}

/** The note on the comment and the check run (Markdown; the check name is the workflow's own). */
export function sharedNameNote(checkName: string, siblings: number): string {
  const others = siblings === 1 ? "Another job" : `${siblings} other jobs`;
  return (
    `> [!WARNING]\n> ${others} of this workflow run also reported under the check name ${code(checkName)}, ` +
    "so this comment and the check run show only the last report to finish. Give each job its own " +
    "`check-name` (in a matrix: `check-name: dbt Fusion (${{ matrix.target }})`)."
  );
}

/** The log's warning, with the fix. */
export function sharedNameWarning(checkName: string, siblings: readonly SiblingCheckRun[]): string {
  const others = siblings.length === 1 ? "another job" : `${siblings.length} other jobs`;
  const their = siblings.map((s) => s.conclusion ?? "unfinished").join(", ");
  return (
    `${others[0]!.toUpperCase()}${others.slice(1)} of this workflow run already reported check '${checkName}' ` +
    `on this commit (${their}): each report replaces the other's PR comment, and a required check counts ` +
    "only the newest check run of a name. Give each job its own check-name, e.g. " +
    "`check-name: dbt Fusion (${{ matrix.target }})` in a matrix. This check run concludes no better than theirs."
  );
}
