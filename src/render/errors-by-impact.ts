// The order failures are listed in, so that a view cut to its first few shows what a reviewer must
// fix: those in a file the pull request changes first (when the changed files are known), then, for
// errors, those that held back the most nodes downstream (for the same error in many nodes, all of
// them and what they held back together). Ties keep the run's order. The JSON
// report and run_results.json keep the run's order; this is for what people read.
import type { Invocation, LogLine, NodeResult } from "../model/types.js";
import { replaceWholeWord } from "../text/whole-word.js";
import type { Links } from "./markdown.js";

/** Whether a node's file is one the pull request changes; absent when they are not known. */
export type InChangedFile = (node: NodeResult) => boolean;

export function inChangedFileOf(links: Links | undefined): InChangedFile | undefined {
  const inChangedFile = links?.inChangedFile;
  return inChangedFile ? (node) => inChangedFile(node.location, node.packageName) : undefined;
}

export function erroredByImpact(inv: Invocation, inChangedFile?: InChangedFile): NodeResult[] {
  const held = heldDownstream(inv);
  // Array.prototype.sort is stable: equal keys stay in run order.
  return changedFirst(
    inv.nodes.filter((node) => node.status === "error").sort((a, b) => held(b) - held(a)),
    inChangedFile,
  );
}

/**
 * The errors in groups of the same error (groupSameErrors), the groups in erroredByImpact's order
 * with each group weighed whole: the nodes it kept from being built, its errors and the nodes
 * skipped downstream of them. A warehouse outage that failed 600 models comes before a typo that
 * failed one (where it stood behind it when only its first error was weighed). A group with an
 * error in a changed file still comes first; of one error, the weight orders as erroredByImpact.
 */
export function errorGroupsByImpact(inv: Invocation, inChangedFile?: InChangedFile): NodeResult[][] {
  const held = heldDownstream(inv);
  const weighed = groupSameErrors(erroredByImpact(inv, inChangedFile)).map((group) => ({
    group,
    // erroredByImpact put the changed ones first, so a group with one in a changed file leads with it.
    changed: inChangedFile !== undefined && inChangedFile(group[0] as NodeResult),
    notBuilt: group.reduce((sum, node) => sum + 1 + held(node), 0),
  }));
  // Stable: equal weights keep the order of their first errors.
  weighed.sort((a, b) => Number(b.changed) - Number(a.changed) || b.notBuilt - a.notBuilt);
  return weighed.map(({ group }) => group);
}

/**
 * How many nodes were skipped downstream of a node (those of the skip chain it is the root of): what
 * every list that ranks errors weighs them by (the report's, the terminal's, the annotations).
 */
export function heldDownstream(inv: Invocation): (node: Pick<NodeResult, "uniqueId">) => number {
  const skipped = new Map(inv.skipChains.map((chain) => [chain.rootId, chain.skipped.length]));
  return (node) => skipped.get(node.uniqueId) ?? 0;
}

/** The nodes in changed files first, each part in the order given. */
export function changedFirst(nodes: NodeResult[], inChangedFile?: InChangedFile): NodeResult[] {
  if (!inChangedFile) return nodes;
  const changed = nodes.map(inChangedFile);
  return [...nodes.filter((_, i) => changed[i]), ...nodes.filter((_, i) => !changed[i])];
}

/**
 * Errors in groups of the same error, each group where its first error stands: a build where one
 * missing table fails 300 models says so once, then names the other 299. Two errors are the same
 * when their messages are equal once each node's own unique id, file and name (as a whole word)
 * are taken out (the engine writes them into the message) and their error types agree. An error
 * without a message, or whose message is only its own name, stands alone.
 */
export function groupSameErrors(errors: readonly NodeResult[]): NodeResult[][] {
  return groupSame(errors, (node) => sameErrorKey(node));
}

/** A WARN line of a node's log, as the warning sections list them. */
export interface WarningLine {
  node: NodeResult;
  log: LogLine;
}

/**
 * Warning lines in groups of the same warning, as groupSameErrors groups errors: a dbt upgrade that
 * deprecates a config warns on 500 nodes, each message naming its own node and file, and the build's
 * few other warnings were listed after the first hundred of them (or not at all). Two warnings are
 * the same when their codes agree and their messages do once each node's own id, files and name are
 * taken out (sameWarningKey).
 */
export function groupSameWarnings<T extends WarningLine>(lines: readonly T[]): T[][] {
  return groupSame(lines, ({ node, log }) => sameWarningKey(node, log));
}

/** `items` in groups of one key, each group where its first item stands; an item whose key is null stands alone. */
function groupSame<T>(items: readonly T[], keyOf: (item: T) => string | null): T[][] {
  const groups: T[][] = [];
  const byKey = new Map<string, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    const group = key === null ? undefined : byKey.get(key);
    if (group) {
      group.push(item);
      continue;
    }
    const fresh = [item];
    groups.push(fresh);
    if (key !== null) byKey.set(key, fresh);
  }
  return groups;
}

/**
 * What a node's error shares with the same error in other nodes (groupSameErrors), or null for one
 * that stands alone. The text is the node's message, or an ERROR line logged for it.
 */
export function sameErrorKey(node: NodeResult, message = node.message): string | null {
  const text = withoutOwnNames(node, message);
  return text === null ? null : `${node.errorType ?? ""}\u0001${text}`;
}

/**
 * What a WARN line shares with the same warning of other nodes (groupSameWarnings), or null for one
 * that stands alone. The file the line points at is the node's own too: a deprecation names the YAML
 * file it found the old key in, not the model's SQL. Told apart from every error's key.
 */
export function sameWarningKey(node: NodeResult, log: LogLine): string | null {
  const text = withoutOwnNames(node, log.text, log.location?.path);
  return text === null ? null : `WARN\u0001${log.code ?? ""}\u0001${text}`;
}

/**
 * The message with the node's own unique id, files and name taken out, or null when nothing two
 * nodes could share is left.
 */
function withoutOwnNames(
  node: NodeResult,
  message: string | null | undefined,
  logFile?: string,
): string | null {
  if (!message) return null;
  let text = message;
  // Longest first: the unique id holds the name, and a path may too. The name only as a whole word
  // (a model `int` keeps the `int` of "internal"). The file both as the report spells it and as dbt
  // on Windows writes it into the message (`models\orders.sql`).
  const files = [node.location?.path, logFile].filter((file): file is string => file !== undefined);
  const own = [node.uniqueId, ...files.flatMap((file) => [file, file.replaceAll("/", "\\")])];
  for (const part of own) {
    if (part.length >= 3) text = text.split(part).join(OWN);
  }
  if (node.name.length >= 3) text = replaceWholeWord(text, node.name, OWN);
  // A message that was nothing but the node's own name says nothing two nodes could share.
  if (!/[\p{L}\p{N}]/u.test(text)) return null;
  return text;
}

/** What stands for the node's own id, file or name in a message. */
const OWN = "\u0000";
