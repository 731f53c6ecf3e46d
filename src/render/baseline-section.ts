// The "what changed" block at the top of the comment when a base-branch report was compared: the
// one-line tally first, then the lists (new failures first), trimmed as the detail level rises.
// Regressions are shown like the slowest nodes: the top few by absolute slowdown, the rest in the
// full report, with one line on how noisy the timing comparison is.
import { realTime } from "../model/implausible-times.js";
import { isFailure } from "../model/status-table.js";
import type {
  BaselineComparison,
  BaselineNodeChange,
  BaselinePresence,
  BaselineRegression,
} from "../model/types.js";
import { code, escapeHtml, escapeText } from "./escape.js";
import {
  formatCount,
  formatDelta,
  formatDuration,
  formatPercent,
  plural,
  resourceLabel,
  statusIcon,
  statusText,
  statusWord,
} from "./format.js";
import { excerptBlock, more, type ExtraSection, type RenderContext } from "./markdown.js";
import { NodeNames } from "./names.js";
import { nowrap, renderTable } from "./table.js";

interface Limits {
  /** New failures listed, with their message excerpt when `messages`. */
  newFailures: number;
  messages: boolean;
  other: number;
  /** Regressions in the table; `allRegressions` adds the rest in a collapsed list. */
  regressions: number;
  allRegressions: boolean;
  /** Lists of nodes only in one of the two runs. */
  presence: number;
}

const LEVELS: Limits[] = [
  { newFailures: 100, messages: true, other: 100, regressions: 10, allRegressions: true, presence: 200 },
  { newFailures: 100, messages: true, other: 50, regressions: 10, allRegressions: false, presence: 50 },
  { newFailures: 50, messages: false, other: 20, regressions: 10, allRegressions: false, presence: 0 },
  { newFailures: 20, messages: false, other: 10, regressions: 5, allRegressions: false, presence: 0 },
  { newFailures: 10, messages: false, other: 5, regressions: 3, allRegressions: false, presence: 0 },
  { newFailures: 5, messages: false, other: 0, regressions: 0, allRegressions: false, presence: 0 },
  { newFailures: 3, messages: false, other: 0, regressions: 0, allRegressions: false, presence: 0 },
];

export function baselineSection(comparison: BaselineComparison): ExtraSection {
  return { render: (level, context) => renderBaselineSection(comparison, level, context) };
}

/** A new failure: a node failing now that did not fail on the base branch, or that the base branch did not run. */
type NewFailure = { change: BaselineNodeChange } | { added: BaselinePresence };

export function renderBaselineSection(
  comparison: BaselineComparison,
  level: number,
  given?: RenderContext,
): string {
  const context = given ?? {
    names: new NodeNames([
      [...comparison.failures, ...comparison.warnings, ...comparison.regressions, ...comparison.added],
      comparison.removed,
    ]),
    fullReportHint: "the JSON report",
  };
  const limits = LEVELS[Math.min(level, LEVELS.length - 1)] as Limits;
  const c = comparison.counts;
  const parts = [`### 🔁 Compared with the base branch`, `${tally(comparison)}\n\n${about(comparison)}`];

  const byLabel = (list: BaselineNodeChange[], label: BaselineNodeChange["label"]) =>
    list.filter((change) => change.label === label);
  const newFailures: NewFailure[] = [
    ...byLabel(comparison.failures, "new").map((change) => ({ change })),
    ...comparison.added.filter((n) => isFailure(n.status)).map((added) => ({ added })),
  ];
  parts.push(newFailureList(newFailures, limits, context));
  parts.push(
    changeList(`✅ Fixed (${c.fixedFailures})`, byLabel(comparison.failures, "fixed"), limits.other, context),
  );
  // Failures the base branch had too are not news: listed, but collapsed.
  parts.push(
    changeList(
      `Still failing (${c.stillFailing})`,
      byLabel(comparison.failures, "still-failing"),
      limits.other,
      context,
      true,
    ),
  );
  parts.push(
    changeList(
      `⚠️ New warnings (${c.newWarnings})`,
      byLabel(comparison.warnings, "new"),
      limits.other,
      context,
    ),
  );
  parts.push(regressionSection(comparison, limits, context));
  if (limits.presence > 0) {
    parts.push(presenceDetails(`Only in this run (${c.added})`, comparison.added, limits.presence, context));
    parts.push(
      presenceDetails(`Only in the baseline (${c.removed})`, comparison.removed, limits.presence, context),
    );
  }
  return parts.filter(Boolean).join("\n\n");
}

/**
 * "**🆕 2 new failures**, ✅ 1 fixed, still failing 3, ⏱️ 1 regression". New failures count the
 * nodes the base branch did not run too, as the headline does.
 */
export function tally(comparison: BaselineComparison): string {
  const c = comparison.counts;
  const fresh = c.newFailures + c.addedFailing;
  const notRun = c.addedFailing > 0 ? ` (${c.addedFailing} not run on the base branch)` : "";
  const items = [
    fresh > 0 ? `**🆕 ${plural(fresh, "new failure")}**${notRun}` : `🆕 0 new failures`,
    `✅ ${c.fixedFailures} fixed`,
    `still failing ${c.stillFailing}`,
    `⏱️ ${plural(c.regressions, "regression")}`,
  ];
  if (c.newWarnings > 0) items.push(`⚠️ ${plural(c.newWarnings, "new warning")}`);
  return items.join(", ");
}

function about(comparison: BaselineComparison): string {
  const b = comparison.baseline;
  const c = comparison.counts;
  const facts = [
    b.source ? `baseline ${code(b.source)}` : "baseline",
    baselineStart(b.startedAt, escapeText),
    `${plural(c.compared, "node")} compared`,
    c.added > 0 ? `${c.added} only in this run` : null,
    c.removed > 0 ? `${c.removed} only in the baseline` : null,
  ].filter(Boolean);
  return `<sub>${facts.join(" · ")}</sub>`;
}

/**
 * "from" the baseline run's start, as its file gives it; "start unknown" when it was never set
 * (1970), lies past this report (year 9999), is no time at all or is missing, as an invocation's
 * heading says it (invocations.ts). `show` makes the file's text safe for the renderer.
 */
export function baselineStart(startedAt: string | null, show: (text: string) => string): string {
  const iso = realTime(startedAt);
  return iso === null ? "start unknown" : `from ${show(iso)}`;
}

function newFailureList(failures: NewFailure[], limits: Limits, context: RenderContext): string {
  if (failures.length === 0) return "";
  const lines = [`#### 🆕 New failures (${failures.length})`];
  const shown = failures.slice(0, limits.newFailures);
  lines.push(
    shown
      .map((failure) =>
        "change" in failure
          ? `- ${statusIcon(failure.change.status)} ${context.names.label(failure.change)} · ${resourceLabel(
              failure.change.resourceType,
            )} ${statusWord(failure.change.status)} · was ${statusText(failure.change.baselineStatus)}`
          : `- ${statusIcon(failure.added.status)} ${context.names.label(failure.added)} · ${resourceLabel(
              failure.added.resourceType,
            )} ${statusWord(failure.added.status)} · not run on the base branch`,
      )
      .join("\n"),
  );
  if (limits.messages) {
    for (const failure of shown) {
      if (!("change" in failure) || !failure.change.message) continue;
      lines.push(
        `<details><summary>${context.names.htmlLabel(failure.change)}</summary>\n\n${excerptBlock(
          failure.change.message,
          8,
          800,
          context,
        )}\n\n</details>`,
      );
    }
  }
  if (failures.length > limits.newFailures)
    lines.push(`_… and ${formatCount(failures.length - limits.newFailures)} more._`);
  return lines.join("\n\n");
}

function changeList(
  title: string,
  changes: BaselineNodeChange[],
  limit: number,
  context: RenderContext,
  collapsed = false,
): string {
  // At the leanest levels the tally line already carries these counts.
  if (changes.length === 0 || limit === 0) return "";
  const items = changes.slice(0, limit).map((change) => {
    const was = change.label === "new" ? ` · was ${statusText(change.baselineStatus)}` : "";
    return `- ${statusIcon(change.status)} ${context.names.label(change)} · ${resourceLabel(change.resourceType)} ${statusWord(change.status)}${was}`;
  });
  const body = [items.join("\n")];
  if (changes.length > limit) body.push(`_… and ${formatCount(changes.length - limit)} more._`);
  return collapsed
    ? `<details><summary>${escapeHtml(title)}</summary>\n\n${body.join("\n\n")}\n\n</details>`
    : [`#### ${title}`, ...body].join("\n\n");
}

function presenceDetails(
  title: string,
  nodes: BaselinePresence[],
  limit: number,
  context: RenderContext,
): string {
  if (nodes.length === 0) return "";
  const items = nodes
    .slice(0, limit)
    .map(
      (n) =>
        `- ${statusIcon(n.status)} ${context.names.label(n)} · ${resourceLabel(n.resourceType)} ${statusWord(n.status)}`,
    );
  if (nodes.length > limit) items.push(`- … and ${formatCount(nodes.length - limit)} more`);
  return `<details><summary>${escapeHtml(title)}</summary>\n\n${items.join("\n")}\n\n</details>`;
}

/**
 * The top regressions by absolute slowdown, how many more there are and where they are listed
 * (at full detail in a collapsed list below the table), and one line on timing noise.
 */
function regressionSection(comparison: BaselineComparison, limits: Limits, context: RenderContext): string {
  const rows = comparison.regressions;
  if (rows.length === 0 || limits.regressions === 0) return rows.length > 0 ? "" : noiseOnly(comparison);
  const parts = [
    `#### ⏱️ Slower than the base branch (${rows.length})`,
    regressionTable(rows.slice(0, limits.regressions), context),
  ];
  const rest = rows.slice(limits.regressions);
  if (rest.length > 0 && limits.allRegressions) {
    parts.push(
      `<details><summary>${plural(rest.length, "more slower node")}</summary>\n\n${regressionTable(rest, context)}\n\n</details>`,
    );
  } else {
    parts.push(more(rows.length, limits.regressions, "slower node", context));
  }
  parts.push(noiseLine(comparison));
  return parts.filter(Boolean).join("\n\n");
}

function regressionTable(rows: BaselineRegression[], context: RenderContext): string {
  return renderTable(
    [
      { heading: "Node" },
      { heading: "Type" },
      { heading: "Before", numeric: true },
      { heading: "After", numeric: true },
      { heading: "Change", numeric: true },
    ],
    rows.map((r) => [
      context.names.label(r),
      nowrap(resourceLabel(r.resourceType)),
      formatDuration(r.beforeMs),
      formatDuration(r.afterMs),
      `${formatDelta(r.deltaMs)}&nbsp;(${formatPercent(r.percent)})`,
    ]),
  );
}

/** With no regression the reader still learns what counts as one and how noisy the timings were. */
function noiseOnly(comparison: BaselineComparison): string {
  return comparison.counts.compared > 0 ? noiseLine(comparison) : "";
}

/**
 * "Timing noise: half of the 400 nodes compared changed by −8% to +12% (median +3%); slower means
 * over +50% and over +1.00s."
 */
function noiseLine(comparison: BaselineComparison): string {
  return `<sub>⏱️ ${timingNoise(comparison)}</sub>`;
}

/** How much timings moved between the two runs and what counts as slower, as one plain sentence. */
export function timingNoise(comparison: BaselineComparison): string {
  const t = comparison.timingChange;
  const rule = `a node counts as slower past ${formatPercent(comparison.regressionThresholdPercent)} and ${formatDelta(
    comparison.minRegressionMs,
  )}`;
  if (!t || t.nodes < 4) return `Timings vary from run to run; ${rule}.`;
  return `Timing noise: half of the ${plural(t.nodes, "node")} timed in both runs changed by ${formatPercent(
    t.p25Percent,
  )} to ${formatPercent(t.p75Percent)} (median ${formatPercent(t.medianPercent)}); ${rule}.`;
}
