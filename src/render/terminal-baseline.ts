// "Compared with the base branch" for the terminal: the comment's tally and lists (new failures
// first; fixed; still failing; new warnings; the largest slowdowns and how noisy the timings are)
// as plain text.
import { isFailure } from "../model/status-table.js";
import type {
  BaselineComparison,
  BaselineNodeChange,
  BaselinePresence,
  BaselineRegression,
} from "../model/types.js";
import { baselineStart, timingNoise } from "./baseline-section.js";
import { formatCount, formatDelta, formatDuration, formatPercent, plural, resourceLabel } from "./format.js";
import {
  entry,
  heading,
  inert,
  nodeName,
  packFacts,
  padStart,
  statusWord,
  wrapWords,
  type Pen,
} from "./terminal-text.js";

const LIMITS = { newFailures: 100, other: 20, regressions: 10 } as const;

export function renderTerminalBaseline(
  comparison: BaselineComparison,
  pen: Pen,
  fullReportHint: string,
): string {
  const c = comparison.counts;
  const blocks = [
    [heading(pen, "Compared with the base branch"), tally(comparison, pen), about(comparison, pen)].join(
      "\n",
    ),
  ];
  const byLabel = (list: BaselineNodeChange[], label: BaselineNodeChange["label"]) =>
    list.filter((change) => change.label === label);
  const fresh: (BaselineNodeChange | BaselinePresence)[] = [
    ...byLabel(comparison.failures, "new"),
    ...comparison.added.filter((n) => isFailure(n.status)),
  ];
  if (fresh.length > 0) {
    // Each one's message is in the errors and failed tests below: said once in a terminal.
    const items = fresh.slice(0, LIMITS.newFailures).map((node) => {
      const was = "label" in node ? `was ${statusWord(node.baselineStatus)}` : "not run on the base branch";
      return entry(
        pen,
        node.status,
        node,
        `${resourceLabel(node.resourceType)} ${statusWord(node.status)} · ${was}`,
      );
    });
    if (fresh.length > LIMITS.newFailures)
      items.push(`… and ${formatCount(fresh.length - LIMITS.newFailures)} more.`);
    blocks.push([pen.style.red(pen.style.bold(`New failures (${fresh.length})`)), ...items].join("\n"));
  }
  blocks.push(changeList(`Fixed (${c.fixedFailures})`, byLabel(comparison.failures, "fixed"), pen));
  blocks.push(
    changeList(`Still failing (${c.stillFailing})`, byLabel(comparison.failures, "still-failing"), pen),
  );
  blocks.push(changeList(`New warnings (${c.newWarnings})`, byLabel(comparison.warnings, "new"), pen));
  blocks.push(regressions(comparison, pen, fullReportHint));
  if (c.compared > 0) blocks.push(pen.style.dim(wrapWords(timingNoise(comparison), pen.width)));
  return blocks.filter(Boolean).join("\n\n");
}

/** "2 new failures, 1 fixed, still failing 3, 1 regression", as the comment's tally. */
function tally(comparison: BaselineComparison, pen: Pen): string {
  const c = comparison.counts;
  const fresh = c.newFailures + c.addedFailing;
  const notRun = c.addedFailing > 0 ? ` (${c.addedFailing} not run on the base branch)` : "";
  const items = [
    fresh > 0 ? pen.style.red(pen.style.bold(`${plural(fresh, "new failure")}${notRun}`)) : "0 new failures",
    `${c.fixedFailures} fixed`,
    `still failing ${c.stillFailing}`,
    plural(c.regressions, "regression"),
  ];
  if (c.newWarnings > 0) items.push(plural(c.newWarnings, "new warning"));
  return packFacts(items, pen.width);
}

function about(comparison: BaselineComparison, pen: Pen): string {
  const b = comparison.baseline;
  const c = comparison.counts;
  const facts = [
    // From the baseline file, which may hold anything: inert cuts them as the comment does.
    b.source ? `baseline ${inert(b.source)}` : "baseline",
    baselineStart(b.startedAt, inert),
    `${plural(c.compared, "node")} compared`,
    c.added > 0 ? `${c.added} only in this run` : null,
    c.removed > 0 ? `${c.removed} only in the baseline` : null,
  ].filter((fact): fact is string => fact !== null);
  return pen.style.dim(packFacts(facts, pen.width));
}

function changeList(title: string, changes: BaselineNodeChange[], pen: Pen): string {
  if (changes.length === 0) return "";
  const items = changes.slice(0, LIMITS.other).map((change) => {
    const was = change.label === "new" ? ` · was ${statusWord(change.baselineStatus)}` : "";
    return entry(
      pen,
      change.status,
      change,
      `${resourceLabel(change.resourceType)} ${statusWord(change.status)}${was}`,
    );
  });
  if (changes.length > LIMITS.other) items.push(`… and ${formatCount(changes.length - LIMITS.other)} more.`);
  return [pen.style.bold(title), ...items].join("\n");
}

/** The largest slowdowns: before, after and change in fixed columns, the node last. */
function regressions(comparison: BaselineComparison, pen: Pen, fullReportHint: string): string {
  const rows = comparison.regressions;
  if (rows.length === 0) return "";
  const shown = rows.slice(0, LIMITS.regressions);
  const titles = ["before", "after", "change"] as const;
  const cells = shown.map((r: BaselineRegression) => [
    formatDuration(r.beforeMs),
    formatDuration(r.afterMs),
    `${formatDelta(r.deltaMs)} (${formatPercent(r.percent)})`,
  ]);
  const widths = titles.map((title, i) =>
    Math.max(title.length, ...cells.map((row) => (row[i] as string).length)),
  );
  const line = (values: readonly string[]) =>
    values.map((v, i) => padStart(v, widths[i] as number)).join("  ");
  const lines = [
    pen.style.bold(`Slower than the base branch (${rows.length})`),
    pen.style.dim(`${line(titles)}  node`),
    ...shown.map((r, i) => `${line(cells[i] as string[])}  ${nodeName(pen, r)}`),
  ];
  if (rows.length > shown.length) {
    lines.push(
      wrapWords(
        `… and ${plural(rows.length - shown.length, "more slower node")}, listed in ${fullReportHint}.`,
        pen.width,
      ),
    );
  }
  return lines.join("\n");
}
