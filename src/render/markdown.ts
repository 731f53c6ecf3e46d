// The Markdown report: one renderer for the job summary, the PR comment, the check run and the
// CLI's Markdown (`--markdown FILE`, `--format markdown`), differing only in their size budget and
// width. The terminal's plain text is render/terminal.ts. When the full report does not fit,
// detail is dropped in a fixed priority (the rest → slowest → warnings → skip roots → failed tests →
// errors) and every section says how much it left out and where the full list is.
//
// Laid out for a pull request's width (780–900 px; the Checks tab is narrower): compact durations,
// at most five columns in a table, one readable name per node (its unique id in the tooltip), and
// code excerpts wrapped to the given width.
import {
  anyOutcomeNotUnderstood,
  HEADLINE_CELLS,
  headlineCounts,
  headlineWords,
  notCompletedHeading,
  notCompletedReason,
  outcomeNotUnderstood,
  STATUS,
} from "../model/status-table.js";
import type {
  Invocation,
  LogLine,
  NodeLocation,
  NodeResult,
  PassedOnRetry,
  Report,
  SkipChain,
  StatusCounts,
} from "../model/types.js";
import { firstLine } from "../text/truncate.js";
import { wrapLines } from "../text/wrap-lines.js";
import { cutMarkdown, describeLeftOut } from "./cut-markdown.js";
import { code, codeBlock, escapeText, excerpt, linkDestination, MAX_INLINE_CHARS } from "./escape.js";
import {
  changedFirst,
  errorGroupsByImpact,
  groupSameWarnings,
  inChangedFileOf,
  type InChangedFile,
  type WarningLine,
} from "./errors-by-impact.js";
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
  statusIcon,
  statusText,
  UNCAUSED_SKIPS,
  unnamedSameErrors,
  warningsCount,
  leftOut,
} from "./format.js";
import { commandOf, sharedFacts, sharedValue, startTime } from "./invocations.js";
import { breakable, NodeNames, type NamedNode } from "./names.js";
import { nowrap, renderTable, tableLines } from "./table.js";

/**
 * Characters of monospace text across a view, measured with GitHub's CSS: a comment in a pull
 * request's timeline at 780 px holds about 96, the Checks tab's summary about 80.
 */
export const COMMENT_CODE_WIDTH = 96;
export const CHECK_CODE_WIDTH = 80;

/**
 * The report's budget in a job summary: the runner drops a step summary over 1 MiB whole, and the
 * Action cuts its summary at 1,000,000 bytes as the last guard (github/summary.ts), 1,000 above this.
 * The CLI fits its Markdown on stdout to it too when that goes to $GITHUB_STEP_SUMMARY.
 */
export const JOB_SUMMARY_BUDGET_BYTES = 999_000;

export interface Links {
  /** URL of a repository file at the PR head, or null for files outside the repository. */
  fileUrl(location: NodeLocation, packageName: string | null): string | null;
  /** Whether the pull request changes the file (absent: the changed files are not known). */
  inChangedFile?(location: NodeLocation | null, packageName: string | null): boolean;
  runUrl?: string;
}

export interface MarkdownOptions {
  /** Hard limit on the output, in UTF-8 bytes (conservative for limits counted in characters). */
  maxBytes: number;
  /** Shown as the heading, e.g. the check name. */
  title: string;
  /** Where the complete lists are when this rendering leaves something out. */
  fullReportHint: string;
  /**
   * Where the rest of a list is, when another rendering holds that list whole though not
   * everything (the job summary without its table of every node): its notes point there.
   */
  listHint?: (list: ListName) => string;
  links?: Links;
  /** Extra blocks (baseline comparison, diagrams) placed right after the headline, by priority. */
  extras?: ExtraSection[];
  /**
   * Characters per line in code excerpts (error messages, diffs) before they wrap: the view's
   * width, so nothing runs off its edge. Unset keeps every line as it is (files, terminal).
   */
  codeWidth?: number;
}

/** The lists a rendering may cut short, each with a note saying where the rest is. */
export type ListName = "errors" | "failedTests" | "chains" | "warnings";

/** What every section renders with: the same names, the same hint, the same width. */
export interface RenderContext {
  names: NodeNames;
  fullReportHint: string;
  /** Where the rest of one list is, when that is not `fullReportHint` (see MarkdownOptions). */
  listHint?: (list: ListName) => string;
  codeWidth?: number;
  links?: Links;
}

/** A section contributed by another feature, given the detail level (0 = everything). */
export interface ExtraSection {
  render(level: number, context?: RenderContext): string;
}

interface Detail {
  errors: number;
  excerptLines: number;
  excerptChars: number;
  failedTests: number;
  diffTables: boolean;
  chains: number;
  chainNodes: number;
  warnings: number;
  slowest: number;
  rest: boolean;
}

/** A list limit that is no limit. */
const UNLIMITED = 1e9;

const LEVELS: Detail[] = [
  {
    errors: UNLIMITED,
    excerptLines: 20,
    excerptChars: 3000,
    failedTests: UNLIMITED,
    diffTables: true,
    chains: UNLIMITED,
    chainNodes: 100,
    warnings: UNLIMITED,
    slowest: UNLIMITED,
    rest: true,
  },
  {
    errors: UNLIMITED,
    excerptLines: 20,
    excerptChars: 3000,
    failedTests: UNLIMITED,
    diffTables: true,
    chains: UNLIMITED,
    chainNodes: 100,
    warnings: UNLIMITED,
    slowest: UNLIMITED,
    rest: false,
  },
  {
    errors: UNLIMITED,
    excerptLines: 15,
    excerptChars: 2000,
    failedTests: UNLIMITED,
    diffTables: true,
    chains: UNLIMITED,
    chainNodes: 20,
    warnings: 100,
    slowest: 5,
    rest: false,
  },
  {
    errors: 100,
    excerptLines: 12,
    excerptChars: 1200,
    failedTests: 200,
    diffTables: false,
    chains: 50,
    chainNodes: 10,
    warnings: 20,
    slowest: 5,
    rest: false,
  },
  {
    errors: 50,
    excerptLines: 8,
    excerptChars: 600,
    failedTests: 100,
    diffTables: false,
    chains: 20,
    chainNodes: 5,
    warnings: 10,
    slowest: 3,
    rest: false,
  },
  {
    errors: 20,
    excerptLines: 4,
    excerptChars: 300,
    failedTests: 30,
    diffTables: false,
    chains: 10,
    chainNodes: 0,
    warnings: 5,
    slowest: 0,
    rest: false,
  },
  {
    errors: 10,
    excerptLines: 2,
    excerptChars: 160,
    failedTests: 10,
    diffTables: false,
    chains: 5,
    chainNodes: 0,
    warnings: 0,
    slowest: 0,
    rest: false,
  },
];

export function renderMarkdown(report: Report, options: MarkdownOptions): string {
  return fitMarkdown(report, options).markdown;
}

/**
 * The whole report (no size budget: every detail) in pieces that join to what renderMarkdown gives
 * with an unlimited budget. For writing it to a file: the table of every node of a 20,000-node build
 * is megabytes, written a row at a time instead of first held as one string.
 */
export function* wholeMarkdownPieces(
  report: Report,
  options: Omit<MarkdownOptions, "maxBytes">,
): Generator<string> {
  const whole = { ...options, maxBytes: Number.MAX_SAFE_INTEGER };
  const memo = reportMemo(report, options.links, { once: true });
  yield* piecesAtLevel(report, whole, fitContext(whole, memo), 0);
}

/**
 * What every rendering of one report shares, whatever its budget, worked out once: the Action
 * renders its comment, check run and job summary from one (reportMemo, for the same links).
 */
export interface ReportMemo {
  names: NodeNames;
  /** Whether a node is in a file the pull request changes; absent when they are not known. */
  inChangedFile: InChangedFile | undefined;
  /** An invocation's errors in their groups and order (errors-by-impact.ts), and how many. */
  errorsOf(inv: Invocation): { groups: NodeResult[][]; count: number };
  /** An invocation's nodes as the sections list them. */
  listsOf(inv: Invocation): InvocationLists;
  /** What fitMarkdown decides a level by (listLengths, errorBytesAtLeast, allNodesBytesAtLeast). */
  bounds(): LevelBounds;
}

interface LevelBounds {
  needed: Record<ListName, number>;
  errorsAtLeast: (shown: number) => number;
  allNodesAtLeast: number;
}

/** An invocation's nodes, each list in the order its section shows it. */
interface InvocationLists {
  byId: ReadonlyMap<string, NodeResult>;
  chainsByRoot: ReadonlyMap<string, SkipChain>;
  /** Failed tests, those in changed files first. */
  failed: readonly NodeResult[];
  warned: readonly NodeResult[];
  /** The WARN lines of every node's log. */
  warningLines: readonly { node: NodeResult; log: LogLine }[];
  /** Those lines in groups of the same warning (groupSameWarnings). */
  warningGroups: readonly (readonly WarningLine[])[];
  notCompleted: readonly NodeResult[];
  /** Skipped nodes whose skip names no upstream node (uncausedSkips). */
  uncausedSkips: readonly NodeResult[];
}

/** One fitMarkdown call's context: the report's memo and the call's options. */
interface FitContext extends RenderContext, ReportMemo {}

/** A rendering that fit: `complete` when nothing had to be left out, `whole` the lists it holds whole. */
export interface FittedMarkdown {
  markdown: string;
  complete: boolean;
  whole: ReadonlySet<ListName>;
}

/**
 * The report at the most detail that fits. `memo`: what renderings of this report for the same
 * links share (reportMemo), when there are several.
 */
export function fitMarkdown(
  report: Report,
  options: MarkdownOptions,
  memo: ReportMemo = reportMemo(report, options.links),
): FittedMarkdown {
  const context = fitContext(options, memo);
  const { needed, errorsAtLeast, allNodesAtLeast } = memo.bounds();
  // A UTF-16 unit is at most 3 UTF-8 bytes: a file's unlimited budget needs no count.
  const fits = (text: string): boolean =>
    text.length * 3 <= options.maxBytes || byteLength(text) <= options.maxBytes;
  for (let level = 0; level < LEVELS.length; level++) {
    // A level whose error lines alone cannot fit is not rendered (a build where thousands of nodes
    // errored was rendered in full three times per channel before the first level that fits).
    if (errorsAtLeast((LEVELS[level] as Detail).errors) > options.maxBytes) continue;
    // Nor one whose table of every node alone cannot (a comment's budget on a build of thousands).
    if ((LEVELS[level] as Detail).rest && allNodesAtLeast > options.maxBytes) continue;
    const text = renderAtLevel(report, options, context, level);
    if (!fits(text)) continue;
    if (level === 0)
      return { markdown: text, complete: true, whole: wholeLists(LEVELS[0] as Detail, needed) };
    // The level below did not fit, and may have missed by much less than the step between the two:
    // longer lists, at this level's detail, are tried in between (four renderings at most). The
    // search is on the square of the way, as a list the level below shows whole may be 20 times as
    // long as this level's limit; the whole way is tried first.
    let best = { markdown: text, detail: LEVELS[level] as Detail };
    let [lo, hi] = [0, 1];
    for (let step = 0; step < 4; step++) {
      // The whole way first (the level below's lists at this level's detail), then halves.
      const t = step === 0 ? 1 : (lo + hi) / 2;
      const detail = between(LEVELS[level] as Detail, LEVELS[level - 1] as Detail, t * t, needed);
      if (detail === null) break;
      const longer =
        errorsAtLeast(detail.errors) > options.maxBytes
          ? null
          : renderAtLevel(report, options, context, level, detail);
      if (longer !== null && fits(longer)) {
        best = { markdown: longer, detail };
        if (step === 0) break;
        lo = t;
      } else {
        hi = t;
      }
    }
    return { markdown: best.markdown, complete: false, whole: wholeLists(best.detail, needed) };
  }
  const markdown = truncateMarkdown(
    renderAtLevel(report, options, context, LEVELS.length - 1),
    options.maxBytes,
    options.fullReportHint,
  );
  return { markdown, complete: false, whole: new Set() };
}

/**
 * What every rendering of one report for these links shares; `once` when only one rendering at one
 * level is made (its node labels are then not kept).
 */
export function reportMemo(
  report: Report,
  links: Links | undefined,
  { once = false }: { once?: boolean } = {},
): ReportMemo {
  const inChangedFile = inChangedFileOf(links);
  // Every rendering shows the same errors in the same order: sorted and grouped once, not per level.
  const errors = new Map<Invocation, { groups: NodeResult[][]; count: number }>();
  const lists = new Map<Invocation, InvocationLists>();
  let bounds: LevelBounds | undefined;
  return {
    names: new NodeNames(namedNodes(report), { remember: !once }),
    inChangedFile,
    errorsOf(inv) {
      let found = errors.get(inv);
      if (!found) {
        const groups = errorGroupsByImpact(inv, inChangedFile);
        const count = groups.reduce((sum, group) => sum + group.length, 0);
        errors.set(inv, (found = { groups, count }));
      }
      return found;
    },
    listsOf(inv) {
      let found = lists.get(inv);
      if (!found) lists.set(inv, (found = invocationLists(inv, inChangedFile)));
      return found;
    },
    bounds() {
      return (bounds ??= {
        needed: listLengths(report),
        errorsAtLeast: errorBytesAtLeast(report),
        allNodesAtLeast: allNodesBytesAtLeast(report),
      });
    },
  };
}

/** One pass over an invocation's nodes for the lists its sections show. */
function invocationLists(inv: Invocation, inChangedFile: InChangedFile | undefined): InvocationLists {
  const byId = new Map<string, NodeResult>();
  const failed: NodeResult[] = [];
  const warned: NodeResult[] = [];
  const warningLines: { node: NodeResult; log: LogLine }[] = [];
  const notCompleted: NodeResult[] = [];
  const uncausedSkips: NodeResult[] = [];
  for (const node of inv.nodes) {
    byId.set(node.uniqueId, node);
    if (isUncausedSkip(node)) uncausedSkips.push(node);
    if (node.status === "fail") failed.push(node);
    else if (node.status === "warn") warned.push(node);
    if (STATUS[node.status].notCompleted !== null) notCompleted.push(node);
    for (const log of node.logs) if (log.severity === "WARN") warningLines.push({ node, log });
  }
  return {
    byId,
    chainsByRoot: new Map(inv.skipChains.map((chain) => [chain.rootId, chain])),
    failed: changedFirst(failed, inChangedFile),
    warned,
    warningLines,
    warningGroups: groupSameWarnings(warningLines),
    notCompleted,
    uncausedSkips,
  };
}

/** A fitMarkdown call's context: the report's memo with the call's options. */
function fitContext(options: MarkdownOptions, memo: ReportMemo): FitContext {
  return {
    ...memo,
    fullReportHint: options.fullReportHint,
    ...(options.listHint ? { listHint: options.listHint } : {}),
    ...(options.codeWidth ? { codeWidth: options.codeWidth } : {}),
    ...(options.links ? { links: options.links } : {}),
  };
}

const LISTS: readonly ListName[] = ["errors", "failedTests", "chains", "warnings"];

/** How long each list limit must be to show a list whole, in every invocation. */
function listLengths(report: Report): Record<ListName, number> {
  const needed: Record<ListName, number> = { errors: 0, failedTests: 0, chains: 0, warnings: 0 };
  for (const inv of report.invocations) {
    let errors = inv.runErrors.length;
    let failed = 0;
    let warnedTests = 0;
    let freshness = 0;
    let warningLines = 0;
    let notCompleted = 0;
    let uncausedSkips = 0;
    for (const node of inv.nodes) {
      if (isUncausedSkip(node)) uncausedSkips = 1;
      if (node.status === "error") errors++;
      else if (node.status === "fail") failed++;
      else if (node.status === "warn" && node.test) warnedTests++;
      else if (node.status === "warn") freshness++;
      if (STATUS[node.status].notCompleted !== null) notCompleted++;
      for (const log of node.logs) if (log.severity === "WARN") warningLines++;
    }
    needed.errors = Math.max(needed.errors, errors);
    needed.failedTests = Math.max(needed.failedTests, failed);
    // The skips that name no cause are one group more.
    needed.chains = Math.max(needed.chains, inv.skipChains.length + uncausedSkips);
    // The warnings limit applies to each kind renderWarnings and renderNotCompleted list.
    needed.warnings = Math.max(needed.warnings, warnedTests, freshness, warningLines, notCompleted);
  }
  return needed;
}

/**
 * `lower`'s detail with its list limits `t` of the way to `upper`'s (no further than the lists are
 * long); null when no list would grow.
 */
function between(lower: Detail, upper: Detail, t: number, needed: Record<ListName, number>): Detail | null {
  const detail = { ...lower };
  let grows = false;
  for (const list of LISTS) {
    const target = Math.min(upper[list], needed[list]);
    if (target <= lower[list]) continue;
    // At least one more: a list one over the limit would otherwise round back to it.
    detail[list] = Math.max(lower[list] + 1, Math.round(lower[list] + t * (target - lower[list])));
    grows = true;
  }
  return grows ? detail : null;
}

/** The lists a rendering at this detail shows whole. */
function wholeLists(detail: Detail, needed: Record<ListName, number>): ReadonlySet<ListName> {
  return new Set(LISTS.filter((list) => detail[list] >= Math.min(UNLIMITED, needed[list])));
}

/** The nodes the report names, run by run (the baseline's own nodes as one more run). */
function* namedNodes(report: Report): Generator<Iterable<NamedNode>> {
  for (const inv of report.invocations) yield inv.nodes;
  const b = report.baseline;
  if (b) yield b.removed;
}

/** A node label's markup, `<code title="">` and `</code>`, besides the id and text within it. */
const LABEL_MARKUP_BYTES = '<code title="">'.length + "</code>".length;

/**
 * A lower bound of the bytes the errors section takes when it names up to `shown` errors per
 * invocation: each named error holds `**<code title="UNIQUE_ID">…</code>**` (renderErrors), or,
 * among the same errors, `<code title="UNIQUE_ID">…</code>` (its markup besides the id at least).
 * Which errors are named depends on how they group, so the shortest ids are counted.
 */
export function errorBytesAtLeast(report: Report): (shown: number) => number {
  const perInvocation = report.invocations.map((inv) =>
    inv.nodes
      .filter((node) => node.status === "error")
      .map((node) => node.uniqueId.length + LABEL_MARKUP_BYTES)
      .sort((a, b) => a - b),
  );
  return (shown) => {
    let bytes = 0;
    for (const lengths of perInvocation) {
      for (let i = 0; i < Math.min(shown, lengths.length); i++) bytes += lengths[i] as number;
    }
    return bytes;
  };
}

/**
 * A lower bound of the bytes the tables of every node take (Detail.rest): each row holds the node's
 * label, `<code title="UNIQUE_ID">…</code>` (the id cut at MAX_INLINE_CHARS, shown with escapes
 * that only lengthen it), and the row's markup, `\n| ` and ` |` after each of its cells.
 */
export function allNodesBytesAtLeast(report: Report): number {
  const idAtLeast = MAX_INLINE_CHARS - 2;
  const rowMarkup = "\n| ".length + " |".length * ALL_NODES_COLUMNS.length;
  let bytes = 0;
  for (const inv of report.invocations) {
    for (const node of inv.nodes)
      bytes += Math.min(node.uniqueId.length, idAtLeast) + rowMarkup + LABEL_MARKUP_BYTES;
  }
  return bytes;
}

/** The report at a level (which the extra sections follow) and, by default, that level's detail. */
function renderAtLevel(
  report: Report,
  options: MarkdownOptions,
  context: FitContext,
  level: number,
  detail = LEVELS[level] as Detail,
): string {
  return [...piecesAtLevel(report, options, context, level, detail)].join("");
}

/** A part of the report: text, or (when long) the pieces of its text, which are never none. */
type Part = string | { pieces(): Iterable<string> };

/** The parts that are not empty, `separator` between them. */
function* joinParts(parts: readonly Part[], separator: string): Generator<string> {
  let first = true;
  for (const part of parts) {
    if (part === "") continue;
    if (!first) yield separator;
    first = false;
    if (typeof part === "string") yield part;
    else yield* part.pieces();
  }
}

/** The parts as one part: text when each is, else pieces ("" when every part is). */
function joinedPart(parts: readonly Part[], separator: string): Part {
  if (parts.every((part) => typeof part === "string")) return parts.filter(Boolean).join(separator);
  return parts.some((part) => part !== "") ? { pieces: () => joinParts(parts, separator) } : "";
}

/** renderAtLevel's text in pieces. */
function* piecesAtLevel(
  report: Report,
  options: MarkdownOptions,
  context: FitContext,
  level: number,
  detail = LEVELS[level] as Detail,
): Generator<string> {
  const parts: Part[] = [renderHeadline(report, options)];
  for (const extra of options.extras ?? []) {
    const block = extra.render(level, context);
    if (block) parts.push(block);
  }
  // About files no invocation was read from (each invocation shows those about its own).
  if (report.readerWarnings?.length) parts.push(quotedWarnings(report.readerWarnings));
  if (report.passedOnRetry?.length) parts.push(renderPassedOnRetry(report.passedOnRetry, context));
  const many = report.invocations.length > 1;
  // Once for the report: asked of every invocation, it read all of them each time (a file of 10,000
  // invocations took two minutes to fit into a comment).
  const shared = many ? sharedWithAll(report) : null;
  report.invocations.forEach((invocation, i) => {
    parts.push(renderInvocation(invocation, detail, context, shared ? { index: i + 1, shared } : null));
  });
  if (report.invocations.length === 0) parts.push("_No dbt invocation was found in the telemetry._");
  if (level > 0) {
    parts.push(
      `<sub>Some detail was left out to fit this view; the complete report is in ${options.fullReportHint}.</sub>`,
    );
  }
  yield* joinParts(parts, "\n\n");
  yield "\n";
}

function renderHeadline(report: Report, options: MarkdownOptions): string {
  const icon = report.conclusion === "failure" ? "❌" : report.conclusion === "neutral" ? "⚠️" : "✅";
  const lines = [
    `## ${icon} ${escapeText(options.title)}: ${escapeText(report.conclusionReason)}`,
    countLine(report.counts, "**", anyOutcomeNotUnderstood(report.invocations)),
  ];
  const facts =
    report.invocations.length === 1
      ? invocationFacts(report.invocations[0] as Invocation)
      : sharedFacts(report, { text: escapeText, code });
  if (options.links?.runUrl) facts.push(`[workflow run](${linkDestination(options.links.runUrl)})`);
  if (facts.length > 0) lines.push(`<sub>${facts.join(" · ")}</sub>`);
  return lines.join("\n\n");
}

/**
 * "**48 nodes:** ✅ 42 passed · ❌ 1 error · ⏭️ 4 skipped", each count kept on one line.
 * `outcomesNotUnderstood`: some unknown nodes finished (headlineWords).
 */
function countLine(counts: StatusCounts, strong: string, outcomesNotUnderstood: boolean): string {
  const cells = headlineCounts(counts);
  const items = HEADLINE_CELLS.filter((cell) => cell.alwaysShown || cells[cell.key] > 0).map((cell) => {
    const { one, many } = headlineWords(cell, outcomesNotUnderstood);
    return countItem(cell.icon, cells[cell.key], one, many);
  });
  const total = `${formatCount(counts.total)} ${counts.total === 1 ? "node" : "nodes"}`;
  return `${strong}${total}:${strong} ${items.join(" · ")}`;
}

function countItem(icon: string, n: number, one: string, many: string): string {
  return `${icon}&nbsp;${formatCount(n)}&nbsp;${(n === 1 ? one : many).replace(/ /g, "&nbsp;")}`;
}

/** Command, version, target, duration, state and id of one invocation. */
function invocationFacts(inv: Invocation, shared: SharedFacts = { version: false, target: false }): string[] {
  const facts = [
    shared.version ? null : inv.dbtVersion ? `dbt ${escapeText(inv.dbtVersion)}` : null,
    shared.target ? null : inv.target ? `target ${code(inv.target)}` : null,
    inv.durationMs !== null ? formatDuration(inv.durationMs) : null,
    inv.state === "incomplete" ? "**did not finish**" : null,
    inv.statusMessage ? escapeText(inv.statusMessage) : null,
    `invocation ${code(inv.invocationId)}`,
  ];
  const command = commandOf(inv);
  const list = [command ? code(command) : null, ...facts].filter((fact): fact is string => fact !== null);
  const step = inv.source.step;
  if (step?.url) list.push(`[run ${escapeText(String(step.runId))}](${linkDestination(step.url)})`);
  return list;
}

interface Position {
  /** 1-based, in report order. */
  index: number;
  /** Whether every invocation of the report has the same dbt version, and the same target. */
  shared: SharedFacts;
}

/**
 * Warnings about single lines or rows shown before the rest of them are folded: a value a newer
 * engine writes on every node gives one warning per node (the reader lists a hundred per file), which
 * pushed the errors out of sight. Warnings about a whole file or run are always shown.
 */
const RECORD_WARNINGS_SHOWN = 3;

/** `logs/dbt.jsonl:84: …` or `run.parquet (row 12): …`: a warning about one record of a file. */
const ABOUT_ONE_RECORD = /^.*?(?::\d+| \(row \d+\)): /;

/** Flaky nodes are worth seeing: they passed this time, and the headline counts them as passes. */
function renderPassedOnRetry(passed: readonly PassedOnRetry[], context: FitContext): string {
  const names = passed.slice(0, PASSED_ON_RETRY_SHOWN).map((node) => context.names.label(node));
  const left = more(passed.length, PASSED_ON_RETRY_SHOWN, "node", context);
  return (
    `🔁 **${plural(passed.length, "node")} failed, then passed on \`dbt retry\`:** ${names.join(", ")}` +
    (left ? `\n\n${left}` : "")
  );
}

function quotedWarnings(warnings: readonly string[]): string {
  const quote = (list: readonly string[]): string => list.map((w) => `> ⚠️ ${escapeText(w)}`).join("\n>\n");
  const aboutRecord = warnings.map((w) => ABOUT_ONE_RECORD.test(w));
  // Folding one would take more room than showing it.
  if (aboutRecord.filter(Boolean).length <= RECORD_WARNINGS_SHOWN + 1) return quote(warnings);
  const before: string[] = [];
  const folded: string[] = [];
  const after: string[] = [];
  let seen = 0;
  warnings.forEach((warning, i) => {
    const fold = aboutRecord[i] === true && ++seen > RECORD_WARNINGS_SHOWN;
    (fold ? folded : folded.length > 0 ? after : before).push(warning);
  });
  const fold = `<details><summary>⚠️ ${plural(folded.length, "more warning")} about single lines or rows</summary>\n\n${quote(folded)}\n\n</details>`;
  return [quote(before), fold, quote(after)].filter(Boolean).join("\n\n");
}

function renderInvocation(
  inv: Invocation,
  detail: Detail,
  context: FitContext,
  position: Position | null,
): Part {
  const parts: Part[] = [];
  if (position) {
    parts.push(`### ${invocationIcon(inv)} ${invocationTitle(inv, position)}`);
    parts.push(
      `${countLine(inv.counts, "", anyOutcomeNotUnderstood([inv]))}\n\n<sub>${invocationFacts(inv, position.shared).slice(1).join(" · ")}</sub>`,
    );
  } else if (inv.source.step) {
    parts.push(`### ${invocationTitle(inv, null)}`);
  }
  if (inv.readerWarnings.length > 0) parts.push(quotedWarnings(inv.readerWarnings));
  const { byId, chainsByRoot, uncausedSkips } = context.listsOf(inv);
  parts.push(renderErrors(inv, detail, context, chainsByRoot));
  parts.push(renderFailedTests(inv, detail, context));
  parts.push(renderSkipChains(inv.skipChains, uncausedSkips, byId, detail, context));
  parts.push(renderWarnings(inv, detail, context));
  parts.push(renderNotCompleted(inv, detail, context));
  // With several invocations the timings of each are there when wanted, not in the way.
  const slowest = renderSlowest(inv, detail, context);
  parts.push(
    position && slowest
      ? `<details><summary>🐢 Slowest nodes</summary>\n\n${slowest.replace(/^#### .*\n\n/, "")}\n\n</details>`
      : slowest,
  );
  if (detail.rest) parts.push(allNodesPart(inv, context));
  return joinedPart(parts, "\n\n");
}

/** ❌ when the invocation failed, ⚠️ with warnings, 🚫 when nodes were canceled, else ✅. */
function invocationIcon(inv: Invocation): string {
  const c = inv.counts;
  if (c.error + c.fail > 0 || inv.failed || inv.state === "incomplete" || inv.runErrors.length > 0)
    return "❌";
  if (c.warn > 0) return "⚠️";
  if (c.canceled > 0) return "🚫";
  return "✅";
}

interface SharedFacts {
  version: boolean;
  target: boolean;
}

function sharedWithAll(report: Report): SharedFacts {
  return {
    version: sharedValue(report, (inv) => inv.dbtVersion) !== null,
    target: sharedValue(report, (inv) => inv.target) !== null,
  };
}

/**
 * What tells invocations apart: the step, or the number, the command (with its selector), the
 * target when they differ, and the start time.
 */
function invocationTitle(inv: Invocation, position: Position | null): string {
  const step = inv.source.step;
  const started = startTime(inv, escapeText);
  if (step) return `Step ${step.index}: ${escapeText(step.name)} · ${started}`;
  const command = commandOf(inv) ?? "dbt";
  const target = position && !position.shared.target && inv.target ? `target ${code(inv.target)}` : null;
  return [`${position?.index ?? 1}. ${code(command)}`, target, started].filter(Boolean).join(" · ");
}

function renderErrors(
  inv: Invocation,
  detail: Detail,
  context: FitContext,
  chainsByRoot: ReadonlyMap<string, SkipChain>,
): string {
  const { inChangedFile } = context;
  const errors = context.errorsOf(inv);
  const total = errors.count + inv.runErrors.length;
  if (total === 0) return "";
  const lines = [`#### ❌ Errors (${formatCount(total)})`];
  // Every distinct error first, then the names of the same errors as far as the limit goes.
  const groups = errors.groups.slice(0, detail.errors);
  let spare = detail.errors - groups.length;
  let shown = 0;
  // The same errors of a group shown that are not named: said apart from errors not shown at all.
  let unnamedSame = 0;
  for (const [node, ...same] of groups) {
    if (!node) continue;
    shown++;
    const facts = [
      inChangedFile?.(node) ? "✏️ in a file this pull request changes" : null,
      resourceLabel(node.resourceType),
      node.errorType ? `${node.errorType} error` : null,
      node.freshness ? freshnessFact(node.freshness.outcome, node.freshness.ageSeconds) : null,
      node.lastPhase ? `in ${phaseName(node.lastPhase)} phase` : null,
      locationLink(node.location, node.packageName, context),
    ].filter(Boolean);
    const downstream = chainsByRoot.get(node.uniqueId)?.skipped.length ?? 0;
    if (downstream > 0) facts.push(`⏭️ ${plural(downstream, "node")} skipped downstream`);
    // History: the headline counts its result in the retry instead.
    if (node.supersededBy !== undefined) facts.push(RUN_AGAIN.markdown);
    lines.push(`**${context.names.label(node)}** · ${facts.join(" · ")}`);
    const text = node.message ?? (node.freshness ? null : "The engine reported an error but no message.");
    if (text) lines.push(excerptBlock(text, detail.excerptLines, detail.excerptChars, context));
    if (same.length > 0) {
      const named = same.slice(0, spare);
      spare -= named.length;
      shown += named.length;
      const unnamed = same.length - named.length;
      unnamedSame += unnamed;
      const held = same.reduce((n, other) => n + (chainsByRoot.get(other.uniqueId)?.skipped.length ?? 0), 0);
      lines.push(
        [
          `The same error in ${plural(same.length, "more node")}`,
          named.length > 0
            ? `, each naming itself: ${named.map((o) => context.names.label(o)).join(", ")}`
            : " (not named here)",
          named.length > 0 && unnamed > 0 ? ` and ${formatCount(unnamed)} more` : "",
          held > 0 ? ` · ⏭️ ${plural(held, "node")} skipped downstream of them` : "",
        ].join(""),
      );
    }
  }
  const sameLeft = unnamedSameErrors(unnamedSame) ?? undefined;
  lines.push(more(errors.count - unnamedSame, shown, "error", context, "errors", sameLeft));
  for (const log of inv.runErrors.slice(0, Math.max(0, detail.errors - errors.count))) {
    const where = log.location ? ` · ${locationLink(log.location, null, context)}` : "";
    lines.push(`**Run error**${log.code ? ` (code ${log.code})` : ""}${where}`);
    lines.push(excerptBlock(log.text, detail.excerptLines, detail.excerptChars, context));
  }
  lines.push(
    more(inv.runErrors.length, Math.max(0, detail.errors - errors.count), "run error", context, "errors"),
  );
  return lines.filter(Boolean).join("\n\n");
}

/** A message's first lines in a code block, wrapped to the view's width. */
export function excerptBlock(
  text: string,
  maxLines: number,
  maxChars: number,
  context: Pick<RenderContext, "codeWidth">,
): string {
  const short = excerpt(text, maxLines, maxChars);
  return codeBlock(context.codeWidth ? wrapLines(short, context.codeWidth) : short);
}

function renderFailedTests(inv: Invocation, detail: Detail, context: FitContext): string {
  const { failed } = context.listsOf(inv);
  if (failed.length === 0) return "";
  const lines = [
    `#### ❌ Failed tests (${formatCount(failed.length)})`,
    testTable(failed.slice(0, detail.failedTests), context),
  ];
  if (detail.diffTables) {
    for (const node of failed.slice(0, detail.failedTests)) {
      if (!node.test?.diffTable) continue;
      lines.push(
        `<details><summary>Diff for ${context.names.htmlLabel(node)}</summary>\n\n${excerptBlock(
          node.test.diffTable,
          DIFF_EXCERPT.lines,
          DIFF_EXCERPT.chars,
          context,
        )}\n\n</details>`,
      );
    }
  }
  lines.push(more(failed.length, detail.failedTests, "failed test", context, "failedTests"));
  return lines.filter(Boolean).join("\n\n");
}

function testTable(tests: NodeResult[], context: RenderContext): string {
  return renderTable(
    [
      { heading: "Test" },
      { heading: "Type" },
      { heading: "Failing rows", numeric: true },
      { heading: "Defined at" },
    ],
    tests.map((n) => [
      context.names.label(n) + runAgain(n),
      nowrap(resourceLabel(n.resourceType)),
      String(n.test?.failingRows ?? "–"),
      locationLink(n.location, n.packageName, context) ?? "–",
    ]),
  );
}

/**
 * Every skipped node under its cause: the skip chains, largest first, then the skips whose cause the
 * engine did not name (uncausedSkips), as one group more within the same limits.
 */
function renderSkipChains(
  chains: SkipChain[],
  uncaused: readonly NodeResult[],
  nodes: ReadonlyMap<string, NodeResult>,
  detail: Detail,
  context: RenderContext,
): string {
  if (chains.length === 0 && uncaused.length === 0) return "";
  const skipped = chains.reduce((sum, chain) => sum + chain.skipped.length, uncaused.length);
  const lines = [`#### ⏭️ ${skipHeading(uncaused.length > 0)} (${plural(skipped, "node")})`];
  const label = (uniqueId: string): string =>
    context.names.label(nodes.get(uniqueId) ?? { uniqueId, name: uniqueId });
  const items: string[] = [];
  for (const chain of chains.slice(0, detail.chains)) {
    const root = nodes.get(chain.rootId);
    const rootStatus = root ? statusText(root.status) + runAgain(root) : "not in this run";
    const shown = chain.skipped.slice(0, detail.chainNodes).map((entry) => {
      const via = entry.via !== chain.rootId ? ` (via ${label(entry.via)})` : "";
      return `${label(entry.uniqueId)}${via}${runAgain(nodes.get(entry.uniqueId))}`;
    });
    pushSkipGroup(
      items,
      `${label(chain.rootId)} (${rootStatus})`,
      chain.skipped.length,
      shown,
      detail,
      context,
    );
  }
  // The group without a cause comes last, so it is left out only when chains are too.
  const uncausedShown = uncaused.length > 0 && chains.length < detail.chains;
  if (uncausedShown) {
    const shown = uncaused
      .slice(0, detail.chainNodes)
      .map((node) => context.names.label(node) + runAgain(node));
    pushSkipGroup(items, `_${UNCAUSED_SKIPS}_`, uncaused.length, shown, detail, context);
  }
  lines.push(items.join("\n"));
  const uncausedLeft =
    uncaused.length > 0 && !uncausedShown
      ? `${plural(uncaused.length, "skipped node")} whose cause was not given`
      : undefined;
  lines.push(more(chains.length, detail.chains, "root cause", context, "chains", uncausedLeft));
  return lines.filter(Boolean).join("\n\n");
}

/**
 * A group longer than SKIP_GROUP_WHOLE shows its first SKIP_GROUP_INLINE nodes and folds the rest
 * (up to the level's chainNodes) into a <details>: a root source that failed skips 15,000 nodes, and
 * a hundred lines of them buried the sections below. A shorter group is listed whole, as a fold that
 * hid one or two names would save no lines. The nodes come nearest first (buildSkipChains sorts them
 * by depth), so those in sight are ones the cause skipped itself, not a test five models down.
 */
const SKIP_GROUP_WHOLE = 10;
const SKIP_GROUP_INLINE = 5;

/**
 * A skip group's list items, added to `items`: its cause, then the first of its skipped nodes, those
 * folded after them, and how many more and where they are (no rendering lists more than a hundred of
 * a group).
 */
function pushSkipGroup(
  items: string[],
  cause: string,
  skipped: number,
  shown: readonly string[],
  detail: Detail,
  context: Pick<RenderContext, "fullReportHint">,
): void {
  items.push(`- ${cause} → ${plural(skipped, "node")} skipped`);
  const inline = skipped > SKIP_GROUP_WHOLE ? shown.slice(0, SKIP_GROUP_INLINE) : shown;
  for (const node of inline) items.push(`  - ${node}`);
  const folded = shown.slice(inline.length);
  // The fold is a block of the cause's list item (indented as its nested list), after that list: a
  // <details> needs blank lines around the Markdown inside it, and in a nested item of its own those
  // would space out every node above it (a loose list); here they only space out the groups (each
  // cause becomes a paragraph) when one of them is folded.
  if (folded.length > 0) {
    items.push(`\n  <details><summary>${plural(skipped - inline.length, "more skipped node")}</summary>\n`);
    for (const node of folded) items.push(`  - ${node}`);
  }
  if (skipped > detail.chainNodes && detail.chainNodes > 0) {
    items.push(`  - ${more(skipped, detail.chainNodes, "skipped node", context)}`);
  }
  if (folded.length > 0) items.push("\n  </details>");
}

function renderWarnings(inv: Invocation, detail: Detail, context: FitContext): string {
  const { warned, warningLines: logged } = context.listsOf(inv);
  if (warned.length + logged.length === 0) return "";
  const lines = [`#### ⚠️ Warnings (${warningsCount(warned.length, logged.length)})`];
  const tests = warned.filter((n) => n.test);
  const fresh = warned.filter((n) => !n.test);
  if (tests.length > 0) lines.push(testTable(tests.slice(0, detail.warnings), context));
  lines.push(more(tests.length, detail.warnings, "warned test", context, "warnings"));
  const other: string[] = [];
  for (const node of fresh.slice(0, detail.warnings)) {
    // Said as an error is: what it is, the freshness and its age, where it is defined.
    const facts = [
      resourceLabel(node.resourceType),
      node.freshness ? freshnessFact("warn", node.freshness.ageSeconds) : null,
      locationLink(node.location, node.packageName, context),
    ].filter(Boolean);
    other.push(`- ${context.names.label(node)} · ${facts.join(" · ")}`);
  }
  let shown = other.length;
  // As the errors: every distinct warning first, then the names of the same ones as far as the limit goes.
  const groups = context.listsOf(inv).warningGroups.slice(0, detail.warnings);
  let spare = detail.warnings - groups.length;
  let unnamedSame = 0;
  for (const [first, ...same] of groups) {
    if (!first) continue;
    shown++;
    other.push(`- ${context.names.label(first.node)}: ${escapeText(firstLine(first.log.text, 300))}`);
    if (same.length === 0) continue;
    const named = same.slice(0, spare).map(({ node }) => context.names.label(node));
    spare -= named.length;
    shown += named.length;
    unnamedSame += same.length - named.length;
    other.push(...sameWarningItems(same.length, named));
  }
  if (other.length > 0) lines.push(other.join("\n"));
  // Up to the limit of each kind: freshness warnings and warning lines.
  const sameLeft = unnamedSameErrors(unnamedSame, "warnings") ?? undefined;
  lines.push(
    more(fresh.length + logged.length - unnamedSame, shown, "warning", context, "warnings", sameLeft),
  );
  return lines.filter(Boolean).join("\n\n");
}

/**
 * The nested item under a warning that others share: how many and their names, the first few in sight
 * and the rest folded, as a skip group's are (SKIP_GROUP_WHOLE), so that 500 nodes warned of one
 * deprecation read as one item and the build's other warnings stay in sight.
 */
function sameWarningItems(same: number, named: readonly string[]): string[] {
  const unnamed = same - named.length;
  const andMore = unnamed > 0 ? ` and ${formatCount(unnamed)} more` : "";
  const head = `  - The same warning in ${plural(same, "more node")}`;
  if (named.length === 0) return [`${head} (not named here)`];
  if (same <= SKIP_GROUP_WHOLE) return [`${head}, each naming itself: ${named.join(", ")}${andMore}`];
  const inline = named.slice(0, SKIP_GROUP_INLINE);
  const folded = named.slice(inline.length);
  const items = [
    `${head}, each naming itself: ${inline.join(", ")} and ${formatCount(same - inline.length)} more`,
  ];
  // A block of the warning's item after its nested list, as a skip group's fold (pushSkipGroup).
  if (folded.length > 0) {
    items.push(
      `\n  <details><summary>${plural(same - inline.length, "more node")} with this warning</summary>\n`,
      `  ${folded.join(", ")}${andMore}`,
      "\n  </details>",
    );
  }
  return items;
}

/**
 * Canceled, phase-skipped and unfinished nodes: not failures, but the reader should know they did not
 * run. Nodes of unknown outcome finished, but what came of them is as little known: listed here too.
 */
function renderNotCompleted(inv: Invocation, detail: Detail, context: FitContext): string {
  const nodes = context.listsOf(inv).notCompleted;
  if (nodes.length === 0) return "";
  const items = nodes
    .slice(0, detail.warnings)
    .map(
      (n) =>
        `- ${statusIcon(n.status)} ${context.names.label(n)} · ${resourceLabel(n.resourceType)} · ${notCompletedReason(n)}`,
    );
  return [
    `#### ${nodes.every(outcomeNotUnderstood) ? STATUS.unknown.icon : "🚫"} ${notCompletedHeading(nodes)} (${formatCount(nodes.length)})`,
    items.join("\n"),
    more(nodes.length, detail.warnings, "node", context, "warnings"),
  ]
    .filter(Boolean)
    .join("\n\n");
}

const IDLE_SHOWN = 5;

function renderSlowest(inv: Invocation, detail: Detail, context: FitContext): string {
  const rows = inv.slowest.byProcessing.slice(0, detail.slowest);
  if (rows.length === 0) return "";
  const { byId } = context.listsOf(inv);
  const table = renderTable(
    [
      { heading: "Node" },
      { heading: "Type" },
      { heading: "Processing", numeric: true },
      { heading: "Warehouse", numeric: true },
      { heading: "Lifetime", numeric: true },
    ],
    rows.map((n) => [
      `${statusIcon(n.status)} ${context.names.label(n)}${runAgain(byId.get(n.uniqueId))}`,
      nowrap(resourceLabel(n.resourceType)),
      formatDuration(n.processingMs),
      formatDuration(n.warehouseMs),
      formatDuration(n.lifetimeMs),
    ]),
  );
  const parts = [`#### 🐢 Slowest nodes`, table];
  // Connection waits (engines from preview.178 on) are their own ranking: the longest few, in one line.
  const idle = inv.slowest.byIdle.slice(0, Math.min(IDLE_SHOWN, detail.slowest));
  if (idle.length > 0) {
    parts.push(
      `Longest waits for a warehouse connection: ${idle
        .map((n) => `${context.names.label(n)}&nbsp;${formatDuration(n.idleMs)}`)
        .join(" · ")}`,
    );
  }
  parts.push(
    "<sub>Processing: time the engine worked on the node. Warehouse: time in queries. Lifetime: first phase start to last phase end, including waiting for upstream nodes.</sub>",
  );
  return parts.join("\n\n");
}

/** The table of every node, folded: a row at a time (a big build's is megabytes). */
function allNodesPart(inv: Invocation, context: RenderContext): Part {
  return inv.nodes.length === 0 ? "" : { pieces: () => allNodesPieces(inv, context) };
}

const ALL_NODES_COLUMNS = [
  { heading: "Node" },
  { heading: "Type" },
  { heading: "Status" },
  { heading: "Processing", numeric: true },
  { heading: "Warehouse", numeric: true },
];

function* allNodesPieces(inv: Invocation, context: RenderContext): Generator<string> {
  // A handful of types and statuses, thousands of rows.
  const typeCell = cellPerValue((type: NodeResult["resourceType"]) => nowrap(resourceLabel(type)));
  const statusCell = cellPerValue((status: NodeResult["status"]) => nowrap(statusText(status)));
  yield `<details><summary>All ${plural(inv.nodes.length, "node")}</summary>\n\n`;
  yield* tableLines(
    ALL_NODES_COLUMNS,
    (function* rows() {
      for (const n of inv.nodes) {
        yield [
          context.names.label(n),
          typeCell(n.resourceType),
          statusCell(n.status) + runAgain(n),
          formatDuration(n.timing.processingMs),
          formatDuration(n.timing.warehouseMs),
        ];
      }
    })(),
  );
  yield "\n\n</details>";
}

/** The mark after a result a `dbt retry` ran again, else nothing. */
function runAgain(node: Pick<NodeResult, "supersededBy"> | undefined): string {
  return node?.supersededBy === undefined ? "" : ` · ${RUN_AGAIN.markdown}`;
}

/** `cell`, made once per distinct value. */
function cellPerValue<T>(cell: (value: T) => string): (value: T) => string {
  const made = new Map<T, string>();
  return (value) => {
    let text = made.get(value);
    if (text === undefined) made.set(value, (text = cell(value)));
    return text;
  };
}

function locationLink(
  location: NodeLocation | null,
  packageName: string | null,
  context: Pick<RenderContext, "links">,
): string | null {
  if (!location) return null;
  const label = `<code>${breakable(location.line ? `${location.path}:${location.line}` : location.path)}</code>`;
  const url = context.links?.fileUrl(location, packageName);
  return url ? `[${label}](${linkDestination(url)})` : label;
}

/** The engine's phase names (`freshness_analysis`) as they are; anything else escaped. */
function phaseName(phase: string): string {
  return /^[a-z]+(_[a-z]+)*$/.test(phase) ? phase : escapeText(phase);
}

/**
 * "… and 3 more errors, listed in the JSON report." (nothing when nothing was left out). `alsoLeft`
 * names something else left out of the same list, which is no `noun` ("3 skipped nodes whose cause
 * was not given").
 */
export function more(
  total: number,
  shown: number,
  noun: string,
  context: Pick<RenderContext, "fullReportHint" | "listHint">,
  list?: ListName,
  alsoLeft?: string,
): string {
  const left = total - Math.min(total, shown);
  const where = (list && context.listHint?.(list)) || context.fullReportHint;
  const what = [leftOut(left, noun), alsoLeft].filter(Boolean).join(" and ");
  return what ? `_… and ${what}, listed in ${where}._` : "";
}

/**
 * The summary left when no report could be made (no telemetry, an unreadable file or baseline). The
 * error may quote a file's name or content, so it is shown in a code block.
 */
export function renderUnusable(
  title: string,
  what: string,
  severity: "warning" | "error",
  message: string,
): string {
  return `## ${severity === "warning" ? "⚠️" : "❌"} ${escapeText(title)}: ${escapeText(what)}\n\n${codeBlock(message)}\n`;
}

export function byteLength(text: string): number {
  return Buffer.byteLength(text, "utf8");
}

/**
 * Last resort when even the leanest rendering is too long: cut between blocks, close an open code
 * fence and <details>, and say how much was left out and where the rest is.
 */
export function truncateMarkdown(text: string, maxBytes: number, fullReportHint: string): string {
  return cutMarkdown(
    text,
    maxBytes,
    (left) =>
      `_The report was cut to fit, leaving out ${describeLeftOut(left)}; the complete report is in ${fullReportHint}._`,
  );
}
