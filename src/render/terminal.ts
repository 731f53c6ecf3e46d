// The report for a terminal: the same model and sections as the comment, in the comment's order
// (headline and counts, the baseline comparison, then per invocation: errors with their messages,
// failed tests with their failing rows, skip chains, warnings, nodes that did not complete, the
// slowest nodes), as plain text that fits the terminal's width. No Markdown and no HTML: a node is
// its unique id (the readable name in bold), counts and facts are packed to the width, messages sit
// in a gutter. Colour only when asked for; every string from telemetry is shown inert.
import {
  anyOutcomeNotUnderstood,
  HEADLINE_CELLS,
  headlineCounts,
  headlineWords,
  notCompletedHeading,
  notCompletedReason,
  STATUS,
} from "../model/status-table.js";
import type {
  Invocation,
  NodeLocation,
  NodeResult,
  PassedOnRetry,
  Report,
  SkipChain,
  StatusCounts,
} from "../model/types.js";
import { firstLine } from "../text/truncate.js";
import { errorGroupsByImpact, groupSameWarnings, heldDownstream } from "./errors-by-impact.js";
import {
  DIFF_EXCERPT,
  formatCount,
  formatDuration,
  freshnessFact,
  isUncausedSkip,
  PASSED_ON_RETRY_SHOWN,
  RUN_AGAIN,
  plural,
  resourceLabel,
  skipHeading,
  UNCAUSED_SKIPS,
  unnamedSameErrors,
  warningsCount,
  leftOut,
} from "./format.js";
import { commandOf, sharedFacts, sharedValue, startTime } from "./invocations.js";
import { renderTerminalBaseline } from "./terminal-baseline.js";
import { terminalStyle } from "./terminal-style.js";
import {
  CELL_MARK,
  entry,
  excerptGutter,
  heading,
  inert,
  inertName,
  nodeName,
  packFacts,
  packList,
  padStart,
  statusMark,
  statusWord,
  wrapWords,
  type Pen,
} from "./terminal-text.js";

export interface TerminalOptions {
  /** Shown in the headline, e.g. "dbt Fusion". */
  title: string;
  /** Columns to fill (the terminal's width; 80 when unknown). */
  width: number;
  /** SGR colour and weight; the caller decides (TTY, NO_COLOR, FORCE_COLOR). */
  colour: boolean;
  /** Where the complete lists are, e.g. "the JSON report (--json FILE)". */
  fullReportHint: string;
}

/**
 * How much each section lists before it points to the full report: a terminal is read, not searched.
 * A build where an outage failed 3,000 tests printed 9,000 lines, and the headline and the root cause
 * scrolled away. With these a report no longer grows with the build: every list full and every
 * message and diff at its longest make some 1,400 lines (the errors 560, the failed tests 430), a real
 * failing build a few hundred, and a long one ends on its headline again (recapAfterLines).
 */
export const TERMINAL_LIMITS = {
  excerptLines: 20,
  excerptChars: 3000,
  /** A unit test's diff, as the Markdown shows it. */
  diffLines: DIFF_EXCERPT.lines,
  diffChars: DIFF_EXCERPT.chars,
  /**
   * Lines of unit-test diffs in an invocation, all together: 50 failed unit tests with a diff of 60
   * lines each printed 3,000. Diffs are shown in order until these are spent (the last may run over
   * by one diff, so the first always shows); each test after says its diff was left out. That is
   * some 25 diffs of the usual eight lines, or three of the longest.
   */
  diffLinesInAll: 200,
  /**
   * Distinct errors, each with its message: 20 lines of SQL wrapped at 80 columns make an error 45
   * lines, so ten fill at most about 450. They come by impact: those left out held back the fewest.
   */
  errors: 10,
  /** The other nodes named under one error: ten show how far it reached, as a skip group's ten do. */
  sameErrorNodes: 10,
  /**
   * A failed test is two lines, as a warned one, with its diff while diffLinesInAll lasts: as many as
   * the warnings, which come after them.
   */
  failedTests: 50,
  /** Root causes, largest first: one for each error listed, so each can be followed to what it held back. */
  chains: 10,
  chainNodes: 10,
  warnings: 50,
  notCompleted: 50,
  /**
   * A report longer than three screens of 50 lines ends on its headline again, as dbt, pytest and
   * eslint end on their summary: the top has scrolled away. Shorter ones (all real builds we have
   * are) do not repeat it.
   */
  recapAfterLines: 150,
} as const;

/** Narrower than this, nothing lines up; wider, lines are too long to read (long ids still run on). */
export const MIN_WIDTH = 40;
export const MAX_WIDTH = 120;

export function renderTerminal(report: Report, options: TerminalOptions): string {
  const width = Math.min(MAX_WIDTH, Math.max(MIN_WIDTH, options.width));
  const pen: Pen = { style: terminalStyle(options.colour), width };
  const headline = renderHeadline(report, options, pen);
  const blocks = [headline.join("\n")];
  if (report.passedOnRetry?.length) blocks.push(renderPassedOnRetry(report.passedOnRetry, pen, options));
  if (report.baseline) blocks.push(renderTerminalBaseline(report.baseline, pen, options.fullReportHint));
  const many = report.invocations.length > 1;
  // Facts the headline already says for every invocation are not repeated under each.
  const omit = {
    version: many && sharedValue(report, (inv) => inv.dbtVersion) !== null,
    target: many && sharedValue(report, (inv) => inv.target) !== null,
  };
  report.invocations.forEach((inv, i) => {
    blocks.push(...renderInvocation(inv, many ? i + 1 : null, pen, options, omit));
  });
  if (report.invocations.length === 0) blocks.push("No dbt invocation was found in the telemetry.");
  if (report.invocations.some((inv) => inv.slowest.byProcessing.length > 0)) blocks.push(timingsLegend(pen));
  const nodes = report.counts.total;
  if (nodes > 0) {
    blocks.push(
      pen.style.dim(
        wrapWords(
          `The full list of ${plural(nodes, "node")}, with statuses and timings, is in ${options.fullReportHint}.`,
          pen.width,
        ),
      ),
    );
  }
  const text = blocks.filter(Boolean).join("\n\n");
  if (text.split("\n").length <= TERMINAL_LIMITS.recapAfterLines) return `${text}\n`;
  // The conclusion and the counts, not the facts: those are at the top, and not what is looked for.
  return `${text}\n\n${headline.slice(0, 2).join("\n")}\n`;
}

/** The conclusion, the counts and the facts the invocations share, a line each (the facts may wrap). */
function renderHeadline(report: Report, options: TerminalOptions, pen: Pen): string[] {
  const { bold, red, yellow, green } = pen.style;
  const mark =
    report.conclusion === "failure" ? red("✖") : report.conclusion === "neutral" ? yellow("⚠") : green("✔");
  const lines = [`${mark} ${bold(`${inert(options.title)}: ${inert(report.conclusionReason)}`)}`];
  lines.push(countLine(report.counts, pen, anyOutcomeNotUnderstood(report.invocations)));
  const facts =
    report.invocations.length === 1
      ? invocationFacts(report.invocations[0] as Invocation)
      : sharedFacts(report, { text: inert, code: inert });
  if (facts.length > 0) lines.push(pen.style.dim(packFacts(facts, pen.width)));
  return lines;
}

/** Flaky nodes are worth seeing: they passed this time, and the headline counts them as passes. */
function renderPassedOnRetry(passed: readonly PassedOnRetry[], pen: Pen, options: TerminalOptions): string {
  const lines = [
    pen.style.yellow(heading(pen, `${plural(passed.length, "node")} failed, then passed on dbt retry`)),
    ...passed.slice(0, PASSED_ON_RETRY_SHOWN).map((node) => `  ${nodeName(pen, node)}`),
  ];
  if (passed.length > PASSED_ON_RETRY_SHOWN) {
    lines.push(more(passed.length - PASSED_ON_RETRY_SHOWN, "node", options, pen));
  }
  return lines.join("\n");
}

/** "48 nodes: ✔ 42 passed · ✖ 1 error · ↷ 4 skipped", packed to the width. */
function countLine(counts: StatusCounts, pen: Pen, outcomesNotUnderstood: boolean): string {
  const cells = headlineCounts(counts);
  const items = HEADLINE_CELLS.filter((cell) => cell.alwaysShown || cells[cell.key] > 0).map((cell) => {
    const n = cells[cell.key];
    const mark = CELL_MARK[cell.key];
    const { one, many } = headlineWords(cell, outcomesNotUnderstood);
    const text = `${mark.glyph} ${formatCount(n)} ${n === 1 ? one : many}`;
    return mark.colour && n > 0 ? pen.style[mark.colour](text) : text;
  });
  const total = `${formatCount(counts.total)} ${counts.total === 1 ? "node" : "nodes"}:`;
  return packFacts([`${total} ${items[0] ?? ""}`, ...items.slice(1)], pen.width, "  ");
}

function invocationFacts(inv: Invocation, omit: { version?: boolean; target?: boolean } = {}): string[] {
  const command = commandOf(inv);
  return [
    command ? inert(command) : null,
    !omit.version && inv.dbtVersion ? `dbt ${inert(inv.dbtVersion)}` : null,
    !omit.target && inv.target ? `target ${inert(inv.target)}` : null,
    inv.durationMs !== null ? formatDuration(inv.durationMs) : null,
    inv.state === "incomplete" ? "did not finish" : null,
    inv.statusMessage ? inert(inv.statusMessage) : null,
    `invocation ${inert(inv.invocationId)}`,
    inv.source.step?.url ? `run ${inert(inv.source.step.url)}` : null,
  ].filter((fact): fact is string => fact !== null);
}

function renderInvocation(
  inv: Invocation,
  index: number | null,
  pen: Pen,
  options: TerminalOptions,
  omit: { version: boolean; target: boolean },
): string[] {
  const blocks: string[] = [];
  if (index !== null || inv.source.step) blocks.push(invocationHeader(inv, index, pen, omit));
  blocks.push(renderErrors(inv, pen, options));
  // Failed tests spend it first, then warned ones: the diffs that failed the build come first.
  const diffs = new DiffBudget();
  blocks.push(renderFailedTests(inv, pen, options, diffs));
  blocks.push(renderSkipChains(inv, pen, options));
  blocks.push(renderWarnings(inv, pen, options, diffs));
  blocks.push(renderNotCompleted(inv, pen, options));
  blocks.push(renderSlowest(inv, pen));
  return blocks.filter(Boolean);
}

/** `══ 2. dbt build --select orders · 2026-02-26 02:33 UTC ══…`, its counts and facts. */
function invocationHeader(
  inv: Invocation,
  index: number | null,
  pen: Pen,
  omit: { version: boolean; target: boolean },
): string {
  const step = inv.source.step;
  const title = step
    ? `Step ${step.index}: ${inert(step.name)}`
    : `${index ?? 1}. ${inert(commandOf(inv) ?? "dbt")}`;
  const lines = [heading(pen, `${title} · ${startTime(inv, inert)}`, "═")];
  if (index !== null) {
    lines.push(countLine(inv.counts, pen, anyOutcomeNotUnderstood([inv])));
    const facts = invocationFacts(inv, omit).slice(commandOf(inv) ? 1 : 0);
    lines.push(pen.style.dim(packFacts(facts, pen.width)));
  }
  return lines.join("\n");
}

function where(location: NodeLocation | null): string | null {
  if (!location) return null;
  return inert(location.line ? `${location.path}:${location.line}` : location.path);
}

function renderErrors(inv: Invocation, pen: Pen, options: TerminalOptions): string {
  const groups = errorGroupsByImpact(inv);
  const errors = groups.reduce((sum, group) => sum + group.length, 0);
  const total = errors + inv.runErrors.length;
  if (total === 0) return "";
  const held = heldDownstream(inv);
  const blocks = [pen.style.red(heading(pen, `Errors (${formatCount(total)})`))];
  const shown = groups.slice(0, TERMINAL_LIMITS.errors);
  // The same errors named nowhere here: said apart from the errors not shown at all.
  let unnamedSame = 0;
  for (const [node, ...same] of shown) {
    if (!node) continue;
    const facts = [
      resourceLabel(node.resourceType),
      node.errorType ? `${node.errorType} error` : null,
      node.freshness ? freshnessFact(inert(node.freshness.outcome), node.freshness.ageSeconds) : null,
      node.lastPhase ? `in ${inert(node.lastPhase)} phase` : null,
      where(node.location),
      held(node) > 0 ? `${plural(held(node), "node")} skipped downstream` : null,
      // History: the headline counts its result in the retry instead.
      node.supersededBy !== undefined ? RUN_AGAIN.text : null,
    ].filter((fact): fact is string => fact !== null);
    const lines = [
      `${statusMark(pen, node.status)} ${nodeName(pen, node)}`,
      `  ${packFacts(facts, pen.width - 2, "  ")}`,
    ];
    const text = node.message ?? (node.freshness ? null : "The engine reported an error but no message.");
    if (text) lines.push(excerptGutter(pen, text, excerptLimits()));
    if (same.length > 0) {
      const heldBySame = same.reduce((n, other) => n + held(other), 0);
      const skipped = heldBySame > 0 ? ` (${plural(heldBySame, "node")} skipped downstream of them)` : "";
      const listed = sameInManyNodes(pen, "error", same, skipped);
      unnamedSame += listed.unnamed;
      lines.push(...listed.lines);
    }
    blocks.push(lines.join("\n"));
  }
  const runErrors = inv.runErrors.slice(0, Math.max(0, TERMINAL_LIMITS.errors - shown.length));
  for (const log of runErrors) {
    const facts = [log.code !== undefined ? `code ${log.code}` : null, where(log.location ?? null)].filter(
      (fact): fact is string => fact !== null,
    );
    blocks.push(
      [
        `${pen.style.red("✖")} ${pen.style.bold("Run error")}${facts.length > 0 ? ` · ${facts.join(" · ")}` : ""}`,
        excerptGutter(pen, log.text, excerptLimits()),
      ].join("\n"),
    );
  }
  const notShown = groups.slice(shown.length).reduce((sum, group) => sum + group.length, 0);
  const left = [
    leftOut(notShown, "error"),
    unnamedSameErrors(unnamedSame),
    leftOut(inv.runErrors.length - runErrors.length, "run error"),
  ];
  blocks.push(moreOf(left, options, pen));
  return blocks.filter(Boolean).join("\n\n");
}

/**
 * The lines under an error or a warning that other nodes share: how many, what they held back
 * (`held`, said after the count), and the first TERMINAL_LIMITS.sameErrorNodes of them by id; with
 * how many were left unnamed, for the section's closing note.
 */
function sameInManyNodes(
  pen: Pen,
  what: "error" | "warning",
  same: readonly NodeResult[],
  held: string,
): { lines: string[]; unnamed: number } {
  const named = same.slice(0, TERMINAL_LIMITS.sameErrorNodes).map((node) => inertName(node.uniqueId));
  const unnamed = same.length - named.length;
  if (unnamed > 0) named.push(`${named.pop() ?? ""} and ${formatCount(unnamed)} more`);
  const head = `The same ${what} in ${plural(same.length, "more node")}, each naming itself${held}:`;
  return {
    lines: [indent(wrapWords(head, pen.width - 2)), packList(named, pen.width, "    ")],
    unnamed,
  };
}

function excerptLimits(): { lines: number; chars: number } {
  return { lines: TERMINAL_LIMITS.excerptLines, chars: TERMINAL_LIMITS.excerptChars };
}

/** The lines of unit-test diffs an invocation has left to show (TERMINAL_LIMITS.diffLinesInAll). */
class DiffBudget {
  private left: number = TERMINAL_LIMITS.diffLinesInAll;

  /** The diff as shown, while lines are left; null once they are spent. */
  take(pen: Pen, diff: string): string | null {
    if (this.left <= 0) return null;
    const shown = excerptGutter(pen, diff, {
      lines: TERMINAL_LIMITS.diffLines,
      chars: TERMINAL_LIMITS.diffChars,
    });
    this.left -= shown.split("\n").length;
    return shown;
  }
}

/**
 * A failed or warned test: its name, then type, failing rows and where it is defined; a unit test's
 * diff below, while the invocation's budget lasts (else a fact says it was left out).
 */
function testBlock(node: NodeResult, pen: Pen, diffs: DiffBudget): { text: string; diffLeftOut: boolean } {
  const diff = node.test?.diffTable ? diffs.take(pen, node.test.diffTable) : undefined;
  const rows = node.test ? plural(node.test.failingRows, "failing row") : null;
  const again = node.supersededBy !== undefined ? RUN_AGAIN.text : null;
  const facts = [
    resourceLabel(node.resourceType),
    rows,
    where(node.location),
    again,
    diff === null ? "diff left out" : null,
  ].filter((fact): fact is string => fact !== null);
  const lines = [
    `${statusMark(pen, node.status)} ${nodeName(pen, node)}`,
    `  ${packFacts(facts, pen.width - 2, "  ")}`,
  ];
  if (diff) lines.push(diff);
  return { text: lines.join("\n"), diffLeftOut: diff === null };
}

/** "the diffs of 3 unit tests above"; null when every diff was shown. */
function diffsNotShown(count: number): string | null {
  return count > 0 ? `the diffs of ${plural(count, "unit test")} above` : null;
}

function renderFailedTests(inv: Invocation, pen: Pen, options: TerminalOptions, diffs: DiffBudget): string {
  const failed = inv.nodes.filter((n) => n.status === "fail");
  if (failed.length === 0) return "";
  const tests = failed.slice(0, TERMINAL_LIMITS.failedTests).map((n) => testBlock(n, pen, diffs));
  const left = [
    leftOut(failed.length - TERMINAL_LIMITS.failedTests, "failed test"),
    diffsNotShown(tests.filter((test) => test.diffLeftOut).length),
  ];
  return [
    pen.style.red(heading(pen, `Failed tests (${formatCount(failed.length)})`)),
    ...tests.map((test) => test.text),
    moreOf(left, options, pen),
  ]
    .filter(Boolean)
    .join("\n\n");
}

/** Every skipped node under its cause: the skip chains, then the skips whose cause was not given. */
function renderSkipChains(inv: Invocation, pen: Pen, options: TerminalOptions): string {
  const chains = inv.skipChains;
  const uncaused = inv.nodes.filter(isUncausedSkip);
  if (chains.length === 0 && uncaused.length === 0) return "";
  const nodes = new Map(inv.nodes.map((n) => [n.uniqueId, n]));
  const skipped = chains.reduce((sum, chain) => sum + chain.skipped.length, uncaused.length);
  const blocks = [heading(pen, `${skipHeading(uncaused.length > 0)} (${plural(skipped, "node")})`)];
  for (const chain of chains.slice(0, TERMINAL_LIMITS.chains))
    blocks.push(chainBlock(chain, nodes, pen, options));
  // The group without a cause comes last, so it is left out only when chains are too (as in Markdown).
  const uncausedShown = uncaused.length > 0 && chains.length < TERMINAL_LIMITS.chains;
  if (uncausedShown) blocks.push(uncausedBlock(uncaused, pen, options));
  const left = [
    leftOut(chains.length - TERMINAL_LIMITS.chains, "root cause"),
    uncaused.length > 0 && !uncausedShown
      ? `${plural(uncaused.length, "skipped node")} whose cause was not given`
      : null,
  ];
  blocks.push(moreOf(left, options, pen));
  return blocks.filter(Boolean).join("\n\n");
}

function uncausedBlock(uncaused: readonly NodeResult[], pen: Pen, options: TerminalOptions): string {
  const shown = uncaused
    .slice(0, TERMINAL_LIMITS.chainNodes)
    .map((node) => `${nodeName(pen, node)}${runAgain(node)}`);
  return skipGroupBlock(`? ${UNCAUSED_SKIPS}`, "", uncaused.length, shown, pen, options);
}

function chainBlock(
  chain: SkipChain,
  nodes: Map<string, NodeResult>,
  pen: Pen,
  options: TerminalOptions,
): string {
  const named = (uniqueId: string) => nodeName(pen, nodes.get(uniqueId) ?? { uniqueId, name: "" });
  const root = nodes.get(chain.rootId);
  const shown = chain.skipped.slice(0, TERMINAL_LIMITS.chainNodes).map((entry) => {
    const via = entry.via !== chain.rootId ? ` ${pen.style.dim("via")} ${named(entry.via)}` : "";
    return `${named(entry.uniqueId)}${via}${runAgain(nodes.get(entry.uniqueId))}`;
  });
  return skipGroupBlock(
    `${root ? statusMark(pen, root.status) : "?"} ${named(chain.rootId)}`,
    root ? statusWord(root.status) + runAgain(root) : "not in this run",
    chain.skipped.length,
    shown,
    pen,
    options,
  );
}

/** A skip group: its cause (and what became of it), then the first of its skipped nodes and how many more. */
function skipGroupBlock(
  cause: string,
  outcome: string,
  skipped: number,
  shown: readonly string[],
  pen: Pen,
  options: TerminalOptions,
): string {
  const lines = [cause, `  ${outcome ? `${outcome} ` : ""}→ ${plural(skipped, "node")} skipped:`];
  for (const node of shown) lines.push(`  ${statusMark(pen, "skipped")} ${node}`);
  const left = skipped - TERMINAL_LIMITS.chainNodes;
  if (left > 0) {
    const rest = more(left, "skipped node", options, { ...pen, width: pen.width - 2 });
    lines.push(indent(rest));
  }
  return lines.join("\n");
}

function renderWarnings(inv: Invocation, pen: Pen, options: TerminalOptions, diffs: DiffBudget): string {
  const warned = inv.nodes.filter((n) => n.status === "warn");
  const logged = inv.nodes.flatMap((n) =>
    n.logs.filter((l) => l.severity === "WARN").map((log) => ({ node: n, log })),
  );
  const total = warned.length + logged.length;
  if (total === 0) return "";
  const blocks = [
    pen.style.yellow(heading(pen, `Warnings (${warningsCount(warned.length, logged.length)})`)),
  ];
  const limit = TERMINAL_LIMITS.warnings;
  let diffsLeftOut = 0;
  for (const node of warned.slice(0, limit)) {
    if (node.test) {
      const test = testBlock(node, pen, diffs);
      if (test.diffLeftOut) diffsLeftOut++;
      blocks.push(test.text);
      continue;
    }
    const facts = [
      resourceLabel(node.resourceType),
      node.freshness ? freshnessFact("warn", node.freshness.ageSeconds) : null,
      where(node.location),
    ].filter((fact): fact is string => fact !== null);
    blocks.push(
      `${statusMark(pen, node.status)} ${nodeName(pen, node)}\n  ${packFacts(facts, pen.width - 2, "  ")}`,
    );
  }
  // The same warning in many nodes is one block, naming a few of them as an error's does.
  const groups = groupSameWarnings(logged).slice(0, Math.max(0, limit - warned.length));
  let unnamedSame = 0;
  let shown = Math.min(limit, warned.length);
  for (const [first, ...same] of groups) {
    if (!first) continue;
    shown += 1 + same.length;
    const lines = [
      `${pen.style.yellow("⚠")} ${nodeName(pen, first.node)}`,
      excerptGutter(pen, firstLine(first.log.text, 300), { lines: 1, chars: 300 }),
    ];
    if (same.length > 0) {
      const listed = sameInManyNodes(
        pen,
        "warning",
        same.map(({ node }) => node),
        "",
      );
      unnamedSame += listed.unnamed;
      lines.push(...listed.lines);
    }
    blocks.push(lines.join("\n"));
  }
  const left = [
    leftOut(total - shown, "warning"),
    unnamedSameErrors(unnamedSame, "warnings"),
    diffsNotShown(diffsLeftOut),
  ];
  blocks.push(moreOf(left, options, pen));
  return blocks.filter(Boolean).join("\n\n");
}

/** Canceled, phase-skipped and unfinished nodes (and those of unknown outcome): not failures, but not run to the end. */
function renderNotCompleted(inv: Invocation, pen: Pen, options: TerminalOptions): string {
  const nodes = inv.nodes.filter((n) => STATUS[n.status].notCompleted !== null);
  if (nodes.length === 0) return "";
  const lines = nodes
    .slice(0, TERMINAL_LIMITS.notCompleted)
    .map((n) => entry(pen, n.status, n, `${resourceLabel(n.resourceType)} · ${notCompletedReason(n)}`));
  const left = nodes.length - TERMINAL_LIMITS.notCompleted;
  if (left > 0) lines.push(more(left, "node", options, pen));
  return [
    heading(pen, `${notCompletedHeading(nodes)} (${formatCount(nodes.length)})`),
    lines.join("\n"),
  ].join("\n\n");
}

const IDLE_SHOWN = 5;
const TIMING_COLUMNS = ["processing", "warehouse", "lifetime"] as const;

/** Durations first, in fixed columns, and the node last, so a long id never pushes a column out of line. */
function renderSlowest(inv: Invocation, pen: Pen): string {
  const rows = inv.slowest.byProcessing;
  if (rows.length === 0) return "";
  const again = rerunNodes(inv);
  const cells = rows.map((n) => [
    formatDuration(n.processingMs),
    formatDuration(n.warehouseMs),
    formatDuration(n.lifetimeMs),
  ]);
  const widths = TIMING_COLUMNS.map((title, i) =>
    Math.max(title.length, ...cells.map((row) => (row[i] as string).length)),
  );
  const line = (values: readonly string[]) =>
    values.map((value, i) => padStart(value, widths[i] as number)).join("  ");
  const lines = [pen.style.dim(`${line(TIMING_COLUMNS)}  node`)];
  rows.forEach((n, i) =>
    lines.push(
      `${line(cells[i] as string[])}  ${statusMark(pen, n.status)} ${nodeName(pen, n)}${runAgain(again.get(n.uniqueId))}`,
    ),
  );
  const blocks = [heading(pen, "Slowest nodes"), lines.join("\n")];
  const idle = inv.slowest.byIdle.slice(0, Math.min(IDLE_SHOWN, rows.length));
  if (idle.length > 0) {
    blocks.push(
      `Longest waits for a warehouse connection:\n${idle
        .map((n) => `${padStart(formatDuration(n.idleMs), widths[0] as number)}  ${nodeName(pen, n)}`)
        .join("\n")}`,
    );
  }
  return blocks.join("\n\n");
}

/** The mark after a result a `dbt retry` ran again, else nothing. */
function runAgain(node: Pick<NodeResult, "supersededBy"> | undefined): string {
  return node?.supersededBy === undefined ? "" : ` · ${RUN_AGAIN.text}`;
}

/** The invocation's results a `dbt retry` ran again, by id: none unless a retry followed it. */
function rerunNodes(inv: Invocation): ReadonlyMap<string, NodeResult> {
  return new Map(inv.nodes.filter((n) => n.supersededBy !== undefined).map((n) => [n.uniqueId, n]));
}

/** Said once, after the last table of timings. */
function timingsLegend(pen: Pen): string {
  return pen.style.dim(
    wrapWords(
      "Processing: time the engine worked on the node. Warehouse: time in queries. Lifetime: first phase start to last phase end, including waiting for upstream nodes.",
      pen.width,
    ),
  );
}

function more(left: number, noun: string, options: TerminalOptions, pen: Pen): string {
  return moreOf([leftOut(left, noun)], options, pen);
}

/** "… and 3 more errors and 2 more run errors, listed in …", of the parts that are there; else nothing. */
function moreOf(parts: readonly (string | null)[], options: TerminalOptions, pen: Pen): string {
  const what = parts.filter(Boolean).join(" and ");
  return what ? wrapWords(`… and ${what}, listed in ${options.fullReportHint}.`, pen.width) : "";
}

function indent(text: string): string {
  return text.replace(/^/gm, "  ");
}
