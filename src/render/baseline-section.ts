// The "what changed" block at the top of the comment when a base-branch report was compared: the
// one-line tally first, then the lists (new failures first), trimmed as the detail level rises.
import type {
  BaselineComparison,
  BaselineNodeChange,
  BaselinePresence,
  BaselineRegression,
} from "../model/types.js";
import { code, codeBlock, escapeHtml, escapeText, excerpt } from "./escape.js";
import { isFailure } from "../model/status-table.js";
import { formatDuration, plural, resourceLabel, statusIcon, statusText, statusWord } from "./format.js";
import type { ExtraSection } from "./markdown.js";
import { renderTable } from "./table.js";

interface Limits {
  /** New failures listed, with their message excerpt when `messages`. */
  newFailures: number;
  messages: boolean;
  other: number;
  regressions: number;
  /** Lists of nodes only in one of the two runs. */
  presence: number;
}

const LEVELS: Limits[] = [
  { newFailures: 100, messages: true, other: 100, regressions: 50, presence: 200 },
  { newFailures: 100, messages: true, other: 50, regressions: 20, presence: 50 },
  { newFailures: 50, messages: false, other: 20, regressions: 10, presence: 0 },
  { newFailures: 20, messages: false, other: 10, regressions: 5, presence: 0 },
  { newFailures: 10, messages: false, other: 5, regressions: 3, presence: 0 },
  { newFailures: 5, messages: false, other: 0, regressions: 0, presence: 0 },
  { newFailures: 3, messages: false, other: 0, regressions: 0, presence: 0 },
];

export function baselineSection(comparison: BaselineComparison): ExtraSection {
  return { render: (level) => renderBaselineSection(comparison, level) };
}

export function renderBaselineSection(comparison: BaselineComparison, level: number): string {
  const limits = LEVELS[Math.min(level, LEVELS.length - 1)] as Limits;
  const c = comparison.counts;
  const parts = [`### 🔁 Compared with the base branch`, `${tally(comparison)}\n\n${about(comparison)}`];

  const byLabel = (list: BaselineNodeChange[], label: BaselineNodeChange["label"]) =>
    list.filter((change) => change.label === label);
  const newFailures = byLabel(comparison.failures, "new");
  parts.push(
    changeList(`🆕 New failures (${newFailures.length})`, newFailures, limits.newFailures, limits.messages),
  );
  const addedFailing = comparison.added.filter((n) => isFailure(n.status));
  parts.push(
    presenceList(
      `🆕 Failing in nodes the base branch did not run (${addedFailing.length})`,
      addedFailing,
      limits.newFailures,
    ),
  );
  parts.push(
    changeList(`✅ Fixed (${c.fixedFailures})`, byLabel(comparison.failures, "fixed"), limits.other, false),
  );
  parts.push(
    changeList(
      `Still failing (${c.stillFailing})`,
      byLabel(comparison.failures, "still-failing"),
      limits.other,
      false,
    ),
  );
  parts.push(
    changeList(
      `⚠️ New warnings (${c.newWarnings})`,
      byLabel(comparison.warnings, "new"),
      limits.other,
      false,
    ),
  );
  parts.push(regressionTable(comparison, limits.regressions));
  if (limits.presence > 0) {
    parts.push(presenceDetails(`Only in this run (${c.added})`, comparison.added, limits.presence));
    parts.push(presenceDetails(`Only in the baseline (${c.removed})`, comparison.removed, limits.presence));
  }
  return parts.filter(Boolean).join("\n\n");
}

/** "🆕 2 new failures, ✅ 1 fixed, still failing 3, ⏱️ 1 regression" */
export function tally(comparison: BaselineComparison): string {
  const c = comparison.counts;
  const items = [
    c.newFailures > 0 ? `**🆕 ${plural(c.newFailures, "new failure")}**` : `🆕 0 new failures`,
    `✅ ${c.fixedFailures} fixed`,
    `still failing ${c.stillFailing}`,
    `⏱️ ${plural(c.regressions, "regression")}`,
  ];
  if (c.addedFailing > 0) items.splice(1, 0, `**❌ ${c.addedFailing} failing in new nodes**`);
  if (c.newWarnings > 0) items.push(`⚠️ ${plural(c.newWarnings, "new warning")}`);
  return items.join(", ");
}

function about(comparison: BaselineComparison): string {
  const b = comparison.baseline;
  const c = comparison.counts;
  const facts = [
    b.source ? `baseline ${code(b.source)}` : "baseline",
    b.startedAt ? `from ${escapeText(b.startedAt)}` : null,
    `${plural(c.compared, "node")} compared`,
    c.added > 0 ? `${c.added} only in this run` : null,
    c.removed > 0 ? `${c.removed} only in the baseline` : null,
    `regression: over ${comparison.regressionThresholdPercent} % and at least ${formatDuration(
      comparison.minRegressionMs,
    )} slower`,
  ].filter(Boolean);
  return `<sub>${facts.join(" · ")}</sub>`;
}

function changeList(title: string, changes: BaselineNodeChange[], limit: number, messages: boolean): string {
  // At the leanest levels the tally line already carries these counts.
  if (changes.length === 0 || limit === 0) return "";
  const lines = [`#### ${title}`];
  const items: string[] = [];
  for (const change of changes.slice(0, limit)) {
    const was = change.label === "new" ? ` · was ${statusText(change.baselineStatus)}` : "";
    items.push(
      `- ${statusIcon(change.status)} ${code(change.uniqueId)} · ${resourceLabel(change.resourceType)} ${statusWord(change.status)}${was}`,
    );
  }
  if (items.length > 0) lines.push(items.join("\n"));
  if (messages) {
    for (const change of changes.slice(0, limit)) {
      if (!change.message) continue;
      lines.push(
        `<details><summary>${escapeHtml(change.name)}</summary>\n\n${codeBlock(excerpt(change.message, 8, 800))}\n\n</details>`,
      );
    }
  }
  if (changes.length > limit) lines.push(`_… and ${changes.length - limit} more._`);
  return lines.join("\n\n");
}

function presenceList(title: string, nodes: BaselinePresence[], limit: number): string {
  if (nodes.length === 0) return "";
  const items = nodes
    .slice(0, limit)
    .map(
      (n) =>
        `- ${statusIcon(n.status)} ${code(n.uniqueId)} · ${resourceLabel(n.resourceType)} ${statusWord(n.status)}`,
    );
  if (nodes.length > limit) items.push(`- … and ${nodes.length - limit} more`);
  return `#### ${title}\n\n${items.join("\n")}`;
}

function presenceDetails(title: string, nodes: BaselinePresence[], limit: number): string {
  if (nodes.length === 0) return "";
  const list = presenceList(title, nodes, limit).replace(/^#### .*\n\n/, "");
  return `<details><summary>${escapeHtml(title)}</summary>\n\n${list}\n\n</details>`;
}

function regressionTable(comparison: BaselineComparison, limit: number): string {
  const rows: BaselineRegression[] = comparison.regressions;
  if (rows.length === 0 || limit === 0) return "";
  const table = renderTable(
    [
      { heading: "Node" },
      { heading: "Type" },
      { heading: "Before", numeric: true },
      { heading: "After", numeric: true },
      { heading: "Change", numeric: true },
    ],
    rows
      .slice(0, limit)
      .map((r) => [
        code(r.name),
        resourceLabel(r.resourceType),
        formatDuration(r.beforeMs),
        formatDuration(r.afterMs),
        `+${formatDuration(r.deltaMs)} (+${r.percent} %)`,
      ]),
  );
  const more = rows.length > limit ? `\n\n_… and ${rows.length - limit} more._` : "";
  return `#### ⏱️ Slower than the base branch (${rows.length})\n\n${table}${more}`;
}
