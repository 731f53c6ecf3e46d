// Model → check-run annotations (pure). Ranked so the most useful ones survive the cap: files the
// PR changed first, then errors, failed tests, warnings. Nodes from installed packages are not
// annotated on a guessed path; they come back as run-level messages instead.
import * as path from "node:path";
import { STATUS, type AnnotationLevel } from "../model/status-table.js";
import type { Invocation, LogLine, NodeLocation, NodeResult } from "../model/types.js";
import { hasLoneSurrogate, showInvisible, splitLines } from "../text/controls.js";
import { firstLine, truncateBytes, truncateChars } from "../text/truncate.js";
import { heldDownstream, sameErrorKey, sameWarningKey } from "./errors-by-impact.js";
import { escapeText, excerpt, plainText } from "./escape.js";
import { formatCount, freshnessFact, plural } from "./format.js";

export type { AnnotationLevel };

/** The Checks API annotation shape (`output.annotations[]`). */
export interface CheckAnnotation {
  path: string;
  start_line: number;
  end_line: number;
  start_column?: number;
  end_column?: number;
  annotation_level: AnnotationLevel;
  title?: string;
  message: string;
  raw_details?: string;
}

export interface AnnotationOptions {
  /** dbt project directory relative to the repository root. */
  projectDir: string;
  maxAnnotations: number;
  /** Repository-relative paths the PR changed (ranked first). */
  changedFiles?: Set<string>;
}

export interface AnnotationSet {
  annotations: CheckAnnotation[];
  /** Annotatable findings left out by the cap. */
  omitted: number;
  /** Findings with no trustworthy file (installed packages, no location, run-level errors). */
  runLevel: string[];
}

export const TITLE_MAX_CHARS = 255;
// The API says 64 KB; stay a little under in UTF-8 bytes.
export const MESSAGE_MAX_BYTES = 64_000;

/**
 * When not every finding fits max-annotations, how many annotations one error in many nodes gets:
 * each in a file the pull request changes, and others until there are this many. A warehouse outage
 * that failed 600 models took 36 of 50 annotations with one message, and the build's other errors
 * and its failed tests got none; three show it is widespread, and the last one names the rest.
 */
export const SAME_ERROR_ANNOTATIONS = 3;
/** How many of the same error's nodes with no annotation of their own the last one names; the rest are counted. */
export const SAME_ERROR_NAMES = 10;
// A name in that list is cut to this many characters: ten of them stay well inside a message.
const NOTE_NAME_MAX_CHARS = 200;

const PACKAGE_DIRS = ["dbt_packages/", "dbt_internal_packages/"];

/** Ranks: lower first. */
const Rank = { Error: 0, FailedTest: 1, Warning: 2 } as const;
type Rank = (typeof Rank)[keyof typeof Rank];

interface Finding {
  rank: Rank;
  level: AnnotationLevel;
  title: string;
  message: string;
  rawDetails?: string;
  location: NodeLocation | null;
  /** Node from an installed package or with no location: never annotated on a guessed path. */
  external: boolean;
  /** Nodes skipped downstream of the node (its skip chain), which rank its error among errors. */
  held?: number;
  /**
   * An error's or warning line's node and what it shares with the same error or warning in other
   * nodes (sameErrorKey, sameWarningKey).
   */
  sameError?: { key: string; name: string; what: "error" | "warning" };
}

/** A finding with a file to sit on, and what ranks it. */
interface Placed {
  finding: Finding;
  file: string;
  annotation: CheckAnnotation;
  rank: Rank;
  changed: boolean;
  held: number;
  order: number;
  /** How many of the same error rank before it (0 for every finding when all of them fit). */
  repeat: number;
}

export function buildAnnotations(invocations: Invocation[], opts: AnnotationOptions): AnnotationSet {
  const findings = invocations.flatMap((inv) => collectFindings(inv, findProjectPackage(inv.nodes)));
  const runLevel: string[] = [];
  const placed: Placed[] = [];
  const seen = new Set<string>();

  for (const finding of findings) {
    const file =
      finding.external || !finding.location ? null : toRepoPath(opts.projectDir, finding.location.path);
    if (file === null) {
      // 500 characters with the ellipsis.
      runLevel.push(`${finding.title}: ${firstLine(finding.message.trim(), 499)}`);
      continue;
    }
    const annotation = toAnnotation(finding, file);
    const key = JSON.stringify([file, annotation.start_line, annotation.title, annotation.message]);
    if (seen.has(key)) continue; // the same node reported by two invocations (e.g. build + retry)
    seen.add(key);
    placed.push({
      finding,
      file,
      annotation,
      rank: finding.rank,
      changed: opts.changedFiles?.has(file) ?? false,
      held: finding.held ?? 0,
      order: placed.length,
      repeat: 0,
    });
  }

  // Of one rank (errors, failed tests), those that held back the most nodes downstream first: a root
  // source that skipped 15,000 nodes is annotated however many errors came before it in the run. Each
  // is weighed alone, not with the same error in other nodes as the report weighs it: an annotation
  // is one node, and 600 alike would take every annotation before any other error. When they do not
  // all fit, one error keeps a few (fewOfEachError), and the first of each comes before the second of any.
  const byRank = (a: Placed, b: Placed): number =>
    Number(b.changed) - Number(a.changed) ||
    a.rank - b.rank ||
    a.repeat - b.repeat ||
    b.held - a.held ||
    a.order - b.order;
  placed.sort(byRank);
  const limit = Math.max(0, opts.maxAnnotations);
  // All fit: each node is annotated on its own file, however many share one error.
  const candidates = placed.length <= limit ? placed : fewOfEachError(placed).sort(byRank);
  const shown = candidates.slice(0, limit);
  const notes = sameErrorNotes(shown, placed);
  return {
    annotations: shown.map((p) => {
      const note = notes.get(p);
      return note ? toAnnotation(p.finding, p.file, note) : p.annotation;
    }),
    omitted: placed.length - shown.length,
    runLevel: [...new Set(runLevel)],
  };
}

/**
 * The findings (in rank order) with at most SAME_ERROR_ANNOTATIONS of one error, besides those in
 * changed files, each told how many of its error rank before it.
 */
function fewOfEachError(placed: Placed[]): Placed[] {
  const taken = new Map<string, number>();
  const kept: Placed[] = [];
  for (const p of placed) {
    const key = p.finding.sameError?.key;
    if (key === undefined) {
      kept.push(p);
      continue;
    }
    const before = taken.get(key) ?? 0;
    if (!p.changed && before >= SAME_ERROR_ANNOTATIONS) continue;
    taken.set(key, before + 1);
    kept.push({ ...p, repeat: p.changed ? 0 : before });
  }
  return kept;
}

/**
 * The note for the last annotation shown of each error whose other nodes have none: "The same
 * error in 597 more nodes, not annotated: …", naming the first SAME_ERROR_NAMES in rank order.
 */
function sameErrorNotes(shown: Placed[], placed: Placed[]): Map<Placed, string> {
  const lastShown = new Map<string, Placed>();
  for (const p of shown) {
    if (p.finding.sameError) lastShown.set(p.finding.sameError.key, p);
  }
  const shownOrders = new Set(shown.map((p) => p.order));
  const others = new Map<string, string[]>();
  for (const p of placed) {
    const same = p.finding.sameError;
    if (!same || shownOrders.has(p.order) || !lastShown.has(same.key)) continue;
    const names = others.get(same.key);
    if (names) names.push(same.name);
    else others.set(same.key, [same.name]);
  }
  const notes = new Map<Placed, string>();
  for (const [key, names] of others) {
    const last = lastShown.get(key) as Placed;
    const named = names
      .slice(0, SAME_ERROR_NAMES)
      .map((name) => truncateChars(plainText(showInvisible(name), "space"), NOTE_NAME_MAX_CHARS));
    const unnamed = names.length - named.length;
    notes.set(
      last,
      `The same ${last.finding.sameError!.what} in ${plural(names.length, "more node")}, not annotated: ${named.join(", ")}` +
        (unnamed > 0 ? ` and ${formatCount(unnamed)} more.` : "."),
    );
  }
  return notes;
}

/** The project's own package: the most common package among nodes not under a packages dir. */
export function findProjectPackage(nodes: NodeResult[]): string | null {
  const counts = new Map<string, number>();
  for (const node of nodes) {
    if (!node.packageName || isPackagePath(node.location?.path)) continue;
    counts.set(node.packageName, (counts.get(node.packageName) ?? 0) + 1);
  }
  let best: string | null = null;
  let bestCount = 0;
  for (const [name, count] of counts) {
    if (count > bestCount || (count === bestCount && best !== null && name < best)) {
      best = name;
      bestCount = count;
    }
  }
  return best;
}

function collectFindings(inv: Invocation, projectPackage: string | null): Finding[] {
  const out: Finding[] = [];
  const held = heldDownstream(inv);
  for (const node of inv.nodes) {
    // A result a `dbt retry` ran again is history: the retry's result is annotated instead.
    if (node.supersededBy !== undefined) continue;
    const external =
      !node.location ||
      isPackagePath(node.location.path) ||
      (projectPackage !== null && node.packageName !== null && node.packageName !== projectPackage);
    const nodeFinding = describeNode(node);
    if (nodeFinding) {
      out.push({
        ...nodeFinding,
        location: node.location,
        external,
        held: held(node),
        ...sameErrorOf(node, nodeFinding),
      });
    }
    for (const log of node.logs) {
      const logFinding = describeLog(node, log, nodeFinding !== null);
      if (!logFinding) continue;
      const location = log.location ?? node.location;
      out.push({
        ...logFinding,
        location,
        external: external || !location || isPackagePath(location.path),
        ...sameErrorOf(node, logFinding, log),
      });
    }
  }
  for (const log of inv.runErrors) {
    out.push({
      rank: Rank.Error,
      level: "failure",
      title: log.code ? `dbt error ${log.code}` : "dbt error",
      message: log.text,
      location: log.location ?? null,
      external: !log.location || isPackagePath(log.location.path),
    });
  }
  return out;
}

/**
 * An error's or a WARN line's same-error key, from the engine's own text (never from one this module
 * wrote, such as "3 failing rows.", which many unrelated nodes share). A deprecation the engine warns
 * of on 500 nodes is one cause, as an outage is. Failed and warned tests are not grouped: the same
 * message there ("Got 3 results, configured to fail if != 0") says nothing of one cause.
 */
function sameErrorOf(
  node: NodeResult,
  finding: Pick<Finding, "rank">,
  log?: LogLine,
): Pick<Finding, "sameError"> {
  if (log?.severity === "WARN") {
    const key = sameWarningKey(node, log);
    return key === null ? {} : { sameError: { key, name: node.name, what: "warning" } };
  }
  const key = finding.rank === Rank.Error ? sameErrorKey(node, log?.text ?? node.message) : null;
  return key === null ? {} : { sameError: { key, name: node.name, what: "error" } };
}

/**
 * The status table decides; a node whose status says nothing (e.g. it did not finish) still gets one
 * when its test or freshness outcome failed or warned.
 */
function annotationLevel(node: NodeResult): AnnotationLevel | null {
  const fromStatus = STATUS[node.status].annotation;
  if (fromStatus) return fromStatus;
  if (node.freshness?.outcome === "error" || node.test?.outcome === "failed") return "failure";
  if (node.freshness?.outcome === "warn" || node.test?.outcome === "warned") return "warning";
  return null;
}

function describeNode(node: NodeResult): Omit<Finding, "location" | "external"> | null {
  const label = `${node.resourceType} ${node.name}`;
  const level = annotationLevel(node);
  if (level === null) return null;
  if (level === "failure" && (node.status === "error" || node.freshness?.outcome === "error")) {
    return {
      rank: Rank.Error,
      level: "failure",
      title: node.freshness ? `source ${node.name} freshness error` : `${label} failed`,
      ...errorText(node.message ?? freshnessText(node) ?? `${label} finished with status error.`),
      ...rawDetails(node),
    };
  }
  if (level === "failure") {
    return {
      rank: Rank.FailedTest,
      level: "failure",
      title: `${label} failed`,
      message: node.message ?? describeRows(node),
      ...rawDetails(node),
    };
  }
  return {
    rank: Rank.Warning,
    level,
    title: node.freshness?.outcome === "warn" ? `source ${node.name} freshness warning` : `${label} warned`,
    message: node.message ?? freshnessText(node) ?? describeRows(node),
    ...rawDetails(node),
  };
}

// WARN lines always count; ERROR lines only when the node itself was not already reported.
function describeLog(
  node: NodeResult,
  log: LogLine,
  nodeReported: boolean,
): Omit<Finding, "location" | "external"> | null {
  if (log.severity === "WARN") {
    return {
      rank: Rank.Warning,
      level: "warning",
      title: `${node.resourceType} ${node.name}: warning`,
      message: log.text,
    };
  }
  if (nodeReported) return null;
  return {
    rank: Rank.Error,
    level: "failure",
    title: `${node.resourceType} ${node.name}: error`,
    message: log.text,
  };
}

/** `freshness error (age 3d00h).` for a source whose freshness says so, without a message of its own. */
function freshnessText(node: NodeResult): string | null {
  return node.freshness ? `${freshnessFact(node.freshness.outcome, node.freshness.ageSeconds)}.` : null;
}

function describeRows(node: NodeResult): string {
  const rows = node.test?.failingRows;
  if (rows === undefined) return `${node.resourceType} ${node.name} finished with status ${node.status}.`;
  return `${rows} failing ${rows === 1 ? "row" : "rows"}.`;
}

/** A readable message on the line; the whole text (e.g. an engine backtrace) under "raw details". */
function errorText(text: string): { message: string; rawDetails?: string } {
  const short = excerpt(text, 12, 2_000);
  return short === splitLines(text.trimEnd()).join("\n")
    ? { message: text }
    : { message: short, rawDetails: text };
}

function rawDetails(node: NodeResult): { rawDetails?: string } {
  return node.test?.diffTable ? { rawDetails: node.test.diffTable } : {};
}

/** `note` follows the message, kept whole however long the message is. */
function toAnnotation(finding: Finding, file: string, note?: string): CheckAnnotation {
  const line = positive(finding.location?.line) ?? 1;
  const column = positive(finding.location?.column);
  const annotation: CheckAnnotation = {
    path: file,
    start_line: line,
    end_line: line,
    // Columns are only allowed on single-line annotations; ours always are (start_line == end_line).
    ...(column !== undefined ? { start_column: column, end_column: column } : {}),
    annotation_level: finding.level,
    // Titles are made of names: a look-alike of another node's is told apart (text/controls.ts).
    title: truncateChars(plainText(showInvisible(finding.title), "space"), TITLE_MAX_CHARS),
    message: withNote(plainText(finding.message.trim() || finding.title, "keep"), note),
  };
  if (finding.rawDetails) {
    annotation.raw_details = truncateBytes(plainText(finding.rawDetails, "keep"), MESSAGE_MAX_BYTES);
  }
  return annotation;
}

function withNote(message: string, note: string | undefined): string {
  if (!note) return truncateBytes(message, MESSAGE_MAX_BYTES);
  // The note's names are plain text already (sameErrorNotes).
  const tail = `\n\n${note}`;
  return truncateBytes(message, MESSAGE_MAX_BYTES - Buffer.byteLength(tail, "utf8")) + tail;
}

/**
 * The longest path a report links or annotates, in UTF-16 units. No checkout holds a file by a longer
 * one (Linux's PATH_MAX is 4,096 bytes), and a link to one is as long: a path of 200 KB in the
 * telemetry made every mention of its node a link of 200 KB, and the comment had room for nothing else.
 */
export const MAX_REPO_PATH_CHARS = 4_096;

/**
 * A relative path with nothing to normalise: folders and a file whose names start with a letter, digit,
 * `_` or `-` (so none is `.` or `..`), `/` between them. Nearly every engine path is one
 * (`models/marts/orders.sql`), and JUnit asks for each node's (20,000 in a large build).
 */
const PLAIN_RELATIVE = /^[\w-][\w.-]*(?:\/[\w-][\w.-]*)*$/;

/** `projectDir` + engine path → normalised repository-relative POSIX path, or null if outside the repo. */
export function toRepoPath(projectDir: string, file: string): string | null {
  if (file.length <= MAX_REPO_PATH_CHARS && PLAIN_RELATIVE.test(file)) {
    if (projectDir === "." || projectDir === "") return file;
    if (PLAIN_RELATIVE.test(projectDir)) return `${projectDir}/${file}`;
  }
  // A lone surrogate (JSONL may spell one, `\ud800`) names no file a repository can hold, and a
  // link to it cannot be written (encodeURIComponent throws).
  if (hasLoneSurrogate(file) || file.length > MAX_REPO_PATH_CHARS) return null;
  const posix = (p: string): string => p.replace(/\\/g, "/");
  if (path.posix.isAbsolute(posix(file)) || /^[A-Za-z]:/.test(file)) return null;
  const joined = path.posix.normalize(path.posix.join(posix(projectDir || "."), posix(file)));
  if (joined === "." || joined.startsWith("../") || joined === ".." || path.posix.isAbsolute(joined))
    return null;
  return joined.replace(/^\.\//, "");
}

function isPackagePath(file: string | undefined): boolean {
  if (!file) return false;
  const p = file.replace(/\\/g, "/").replace(/^\.\//, "");
  return PACKAGE_DIRS.some((dir) => p.startsWith(dir) || p.includes(`/${dir}`));
}

/** The largest line or column an annotation is given: GitHub keeps them as 32-bit integers. */
export const MAX_POSITION = 2 ** 31 - 1;

/** A line or column from the telemetry (untrusted): whole, at least 1, at most MAX_POSITION. */
function positive(n: number | undefined): number | undefined {
  return typeof n === "number" && Number.isInteger(n) && n >= 1 ? Math.min(n, MAX_POSITION) : undefined;
}

/**
 * The check run's `text` (Markdown, read in the Checks tab): how many annotations were left out,
 * then the findings that have no file to sit on.
 */
export function renderCheckText(
  set: AnnotationSet,
  maxAnnotations: number,
  /** Where every finding is listed (the job summary when it is whole, else the report files); null names none. */
  fullList: string | null = "the job summary",
): string {
  const pointer = fullList ? `; see ${fullList}` : "";
  return [
    set.omitted > 0
      ? `${formatCount(set.omitted)} more annotation(s) were not sent (max-annotations: ${maxAnnotations})${pointer}.`
      : "",
    ...set.runLevel.map((line) => `- ${escapeText(line)}`),
  ]
    .filter(Boolean)
    .join("\n");
}

/** The check's text, first line, when GitHub refused some annotations (those left once refused requests were halved). */
export function renderRefusedNote(refused: number): string {
  return `${formatCount(refused)} annotation(s) were refused by GitHub (HTTP 422) and are not shown; the step's warnings say why.`;
}

// ---- Fork fallback: workflow-command annotations (no token needed) ----

export interface WorkflowCommand {
  level: "error" | "warning" | "notice";
  message: string;
  /** @actions/core AnnotationProperties. */
  properties: {
    file: string;
    startLine: number;
    endLine: number;
    startColumn?: number;
    endColumn?: number;
    title?: string;
  };
}

/** GitHub displays at most 10 error and 10 warning workflow-command annotations per step. */
export const STEP_DISPLAY_LIMIT = 10;

export interface WorkflowCommandSet {
  commands: WorkflowCommand[];
  /** How many were not emitted (display limits + `omitted` from buildAnnotations). */
  notShown: number;
  /** A closing line for the log when some were left out; null otherwise. */
  summaryLine: string | null;
}

export function toWorkflowCommands(
  annotations: CheckAnnotation[],
  omitted = 0,
  /** As for renderCheckText. */
  fullList: string | null = "the job summary",
): WorkflowCommandSet {
  const perLevel = new Map<WorkflowCommand["level"], number>();
  const commands: WorkflowCommand[] = [];
  let notShown = omitted;
  for (const a of annotations) {
    const level = a.annotation_level === "failure" ? "error" : a.annotation_level;
    const used = perLevel.get(level) ?? 0;
    if (used >= STEP_DISPLAY_LIMIT) {
      notShown++;
      continue;
    }
    perLevel.set(level, used + 1);
    const properties: WorkflowCommand["properties"] = {
      file: a.path,
      startLine: a.start_line,
      endLine: a.end_line,
    };
    if (a.start_column !== undefined) properties.startColumn = a.start_column;
    if (a.end_column !== undefined) properties.endColumn = a.end_column;
    if (a.title !== undefined) properties.title = a.title;
    commands.push({ level, message: a.message, properties });
  }
  const summaryLine =
    notShown > 0
      ? `${formatCount(notShown)} more ${notShown === 1 ? "finding is" : "findings are"} not annotated ` +
        `(GitHub shows ${STEP_DISPLAY_LIMIT} errors and ${STEP_DISPLAY_LIMIT} warnings per step)` +
        (fullList ? `; the full list is in ${fullList}.` : ".")
      : null;
  return { commands, notShown, summaryLine };
}
