import type { NodeFacts } from "../telemetry/events.js";
import { nanosToIso } from "../telemetry/values.js";
import type { EvaluationState, InvocationState, NodeState, SpanExtras } from "./accumulate.js";
import { countStatuses } from "./counts.js";
import { ImplausibleTimes, latestRealNs, usableInvocationSpan } from "./implausible-times.js";
import { buildSkipChains } from "./skip-chains.js";
import { pickSlowest } from "./slowest.js";
import { decideStatus, packageOf, resourceTypeOf } from "./status.js";
import { NEVER_FINISHED_MESSAGE, STATUS } from "./status-table.js";
import type {
  Invocation,
  InvocationSource,
  LogLine,
  NodeLocation,
  NodeResult,
  NodeStatus,
  PhaseSummary,
} from "./types.js";

export interface FinishOptions {
  source: InvocationSource;
  slowest: number;
  readerWarnings: string[];
}

/** Turns one invocation's accumulated state into its result: one result per selected node. */
export function finishInvocation(state: InvocationState, options: FinishOptions): Invocation {
  const extrasByNode = joinExtras(state);
  const nodes: NodeResult[] = [];
  const unreadable: string[] = [];
  const latestNs = latestRealNs();
  const { span, problem: spanProblem } = usableInvocationSpan(state.startNs, state.endNs, latestNs);
  const implausible = new ImplausibleTimes(span, latestNs);
  const failed = state.statusCode === 2 || !state.ended;
  // The errors of nodes the report leaves out (not selected): in a failed run they may be all that
  // says why (a model outside `--select` that does not compile stops the whole run).
  const leftOutLogs: LogLine[] = [];
  // forEach, not for…of: this runs once, unoptimised, where for…of makes an iterator result per node.
  state.nodes.forEach((node) => {
    const extras = extrasByNode.get(node.uniqueId) ?? NO_EXTRAS;
    const result = finishNode(node, extras, unreadable, implausible);
    if (result) nodes.push(result);
    else if (failed) for (const entry of extras) if (entry.logs) leftOutLogs.push(...entry.logs);
  });
  nodes.sort(byStartThenId);
  const runErrors = [
    ...state.runLogs,
    ...(extrasByNode.get("") ?? []).flatMap((extras) => extras.logs ?? []),
    ...leftOutLogs,
  ].filter((line) => line.severity === "ERROR");
  const skipChains = buildSkipChains(nodes);
  const roots = new Map<string, string>();
  for (const chain of skipChains)
    for (const skipped of chain.skipped) roots.set(skipped.uniqueId, chain.rootId);
  for (const node of nodes) node.skipRoot = roots.get(node.uniqueId) ?? null;

  const readerWarnings = [...options.readerWarnings, ...unreadable];
  if (spanProblem) readerWarnings.push(spanProblem);
  const timesWarning = implausible.warning();
  if (timesWarning) readerWarnings.push(timesWarning);
  if (state.moreEnds > 0) {
    readerWarnings.push(
      `trace ${state.traceId} holds ${state.moreEnds + 1} invocations' ends: runs given the same ` +
        "invocation id were appended to one file; their nodes are shown as one invocation, a node run again " +
        "with its last result",
    );
  }
  if (!state.ended) {
    readerWarnings.push(
      "the invocation has no end record: the run crashed, was killed or is still running; results are partial",
    );
  }
  return {
    invocationId: state.invocationId ?? formatUuid(state.traceId),
    traceId: state.traceId,
    command: state.command,
    rawCommand: state.rawCommand,
    dbtVersion: state.version,
    target: state.target,
    startedAt: nanosToIso(state.startNs),
    completedAt: nanosToIso(state.endNs),
    durationMs: implausible.invocationMs,
    state: state.ended ? "complete" : "incomplete",
    statusMessage: state.statusMessage,
    failed,
    source: options.source,
    phases: finishPhases(state, implausible),
    nodes,
    counts: countStatuses(nodes),
    skipChains,
    runErrors,
    slowest: pickSlowest(nodes, options.slowest),
    readerWarnings,
  };
}

const NO_EXTRAS: readonly SpanExtras[] = [];
/** The logs of a node that logged nothing (most of them): one list for all, never changed. */
const NO_LOGS: readonly LogLine[] = Object.freeze([]);
/** The phases kept of a node decided by its NodeProcessed span (most of them): none. */
const NO_EVALUATIONS: readonly EvaluationState[] = Object.freeze([]);

function finishNode(
  node: NodeState,
  extras: readonly SpanExtras[],
  unreadable: string[],
  implausible: ImplausibleTimes,
): NodeResult | null {
  const evaluations = node.evaluations ? byStart(node.evaluations) : NO_EVALUATIONS;
  // A node whose phases were read for their times only (their NodeProcessed span, which decides
  // such a node, was unreadable) is still reported, from what is known: its id.
  const facts =
    node.processed ??
    deriveFromEvaluations(evaluations) ??
    node.started ??
    (node.phaseCount > 0 ? bareFacts(node.uniqueId) : null);
  if (!facts) return null;
  // in_selection exists only on NodeProcessed; files without it (≤ preview.72) report every node.
  const inSelection = node.processed ? node.processed.inSelection === true : true;
  if (!inSelection) return null;

  // Decided by NodeProcessed when there is one; otherwise by its phases, all of which must have ended.
  const finished =
    node.processed !== null || (!node.processedStarted && node.phaseCount > 0 && node.openSpans === 0);
  // An attribute the reader could not understand makes the node unknown, never a default (a
  // malformed test outcome is not a pass), unless what it did understand is a failure already: an
  // error outcome beside a skip reason of a newer engine, a failed test of unreadable row count.
  const status = finished ? statusDespite(facts) : "unknown";
  if (finished && facts.unreadable)
    unreadable.push(`${facts.unreadable}; ${node.uniqueId} is shown as ${status}`);
  // Ended, but with no outcome at all (proto JSON leaves out UNSPECIFIED): unknown, and said why.
  else if (finished && facts.outcome === null)
    unreadable.push(`no span end of ${node.uniqueId} has a node_outcome; it is shown as unknown`);
  let logs: readonly LogLine[] = NO_LOGS;
  let firstQueryError: string | undefined;
  let queryNs = node.queryNs;
  let queryCount = node.queryCount;
  let longestQueryNs = node.queryLongestNs;
  for (let i = 0; i < extras.length; i++) {
    const entry = extras[i]!;
    if (entry.logs) logs = logs.length === 0 ? entry.logs : [...logs, ...entry.logs];
    firstQueryError ??= entry.queryErrors?.[0];
    queryNs += entry.queryNs;
    queryCount += entry.queryCount;
    if (entry.queryLongestNs > longestQueryNs) longestQueryNs = entry.queryLongestNs;
  }
  const errorLog = logs.find((line) => line.severity === "ERROR");
  let message = errorLog?.text ?? firstQueryError ?? null;
  if (!finished) message = NEVER_FINISHED_MESSAGE;

  const startNs = node.processedStartNs ?? node.phasesStartNs;
  const endNs = node.processedEndNs ?? node.phasesEndNs;
  // A node with a NodeProcessed span is decided by it alone (the engine's summary of the node); its
  // phase spans then add only their times, where the summary lacks them. The readers rely on this:
  // such phase spans are read for their span and node alone, and the file is read again where the
  // summary lacks them (keepsPhasePromise; telemetry/parquet.ts, jsonl-phase-ends.ts).
  const { lifetimeMs, processingMs, idleMs, warehouseNs } = implausible.check(node.uniqueId, {
    startNs,
    endNs,
    lifetimeMs: startNs !== null && endNs !== null ? Number((endNs - startNs) / 1_000n) / 1_000 : null,
    processingMs: facts.durationMs ?? node.phasesMs,
    idleMs: node.processed ? node.processed.idleMs : sumIdle(evaluations),
    warehouseNs: queryNs,
    longestQueryNs,
  });
  const name = facts.name ?? node.uniqueId.split(".").slice(2).join(".");
  return {
    uniqueId: node.uniqueId,
    name,
    resourceType: resourceTypeOf(facts.nodeType, node.uniqueId),
    packageName: packageOf(node.uniqueId),
    materialization: facts.materialization,
    outcome: facts.outcome ?? "unspecified",
    skipReason: facts.skipReason,
    status,
    errorType: facts.outcome === "error" ? (facts.errorType ?? null) : null,
    message,
    logs,
    test: facts.test ?? null,
    freshness: facts.freshness ?? null,
    skippedBecauseOf: facts.skipReason === "upstream" ? facts.upstreamId : null,
    skipRoot: null,
    lastPhase: facts.phase,
    inSelection,
    rowsAffected: facts.rowsAffected,
    timing: {
      processingMs,
      lifetimeMs,
      idleMs,
      // Whole microseconds, in milliseconds (integer arithmetic: exact).
      warehouseMs: (warehouseNs - (warehouseNs % 1_000)) / 1_000 / 1_000,
      queryCount,
      startedAt: nanosToIso(startNs),
      completedAt: nanosToIso(endNs),
    },
    location: locationOf(node, evaluations),
  };
}

/** The node's status from what the reader understood: an unreadable attribute makes it unknown, unless that is a failure. */
function statusDespite(facts: NodeFacts): NodeStatus {
  const status = decideStatus(facts);
  return !facts.unreadable || STATUS[status].failure ? status : "unknown";
}

/**
 * Files without NodeProcessed (≤ preview.72): the node's result is its phases folded in order, where
 * a later phase-skipped/phase-disabled never overwrites an earlier outcome (the engine's own rule).
 */
function deriveFromEvaluations(evaluations: readonly EvaluationState[]): NodeFacts | null {
  return evaluations.reduce<NodeFacts | null>((previous, { facts }) => {
    if (!previous) return facts;
    if (previous.outcome === "error") return previous;
    if (facts.skipReason === "phase_skipped" || facts.skipReason === "phase_disabled") return previous;
    return {
      ...facts,
      test: facts.test ?? previous.test,
      unreadable: facts.unreadable ?? previous.unreadable,
    };
  }, null);
}

/** What a node's phases say when only their times were read: its id, nothing else known. */
function bareFacts(uniqueId: string): NodeFacts {
  return {
    uniqueId,
    name: null,
    nodeType: null,
    materialization: null,
    phase: null,
    outcome: null,
    skipReason: null,
    errorType: null,
    upstreamId: null,
    test: null,
    freshness: null,
    cacheReason: null,
    withWarnings: false,
    durationMs: null,
    idleMs: null,
    rowsAffected: null,
    inSelection: null,
    path: null,
    line: null,
    column: null,
    unreadable: null,
  };
}

function locationOf(node: NodeState, evaluations: readonly EvaluationState[]): NodeLocation | null {
  // NodeProcessed carries the definition location; newer NodeEvaluated spans point at compiled files.
  const isSource = (f: NodeFacts | null): f is NodeFacts & { path: string } =>
    !!f?.path && !f.path.startsWith("target/");
  if (node.processed) return isSource(node.processed) ? location(node.processed) : null;
  let facts: (NodeFacts & { path: string }) | undefined;
  for (let i = 0; !facts && i < evaluations.length; i++) {
    const candidate = evaluations[i]!.facts;
    if (isSource(candidate)) facts = candidate;
  }
  // A start only for a node none of whose spans ended: the JSONL reader drops the start of a span
  // that ended (jsonl-start-ledger.ts), and Parquet has no starts.
  if (!facts && node.phaseCount === 0 && isSource(node.started)) facts = node.started;
  return facts ? location(facts) : null;
}

function location(facts: NodeFacts & { path: string }): NodeLocation {
  // Written out rather than spread from optional parts: this runs per node, and each spread made a
  // temporary object (~3 MB of garbage on a 20,000-node build).
  if (!facts.line) return { path: facts.path };
  if (facts.column === null) return { path: facts.path, line: facts.line };
  return { path: facts.path, line: facts.line, column: facts.column + 1 };
}

function joinExtras(state: InvocationState): Map<string, SpanExtras[]> {
  const byNode = new Map<string, SpanExtras[]>();
  state.extras.forEach((extras) => {
    // The node whose span this is: as the span's end said (on the span's own entry), else, for a
    // span that never ended, its start.
    const fromSpan = extras.spanId
      ? (state.extras.get(extras.spanId)?.spanNode ?? state.openNodeSpans.get(extras.spanId))
      : undefined;
    const fromId = extras.uniqueId && state.nodes.has(extras.uniqueId) ? extras.uniqueId : undefined;
    const key = fromId ?? fromSpan ?? "";
    const list = byNode.get(key);
    if (list) list.push(extras);
    else byNode.set(key, [extras]);
  });
  return byNode;
}

function finishPhases(state: InvocationState, implausible: ImplausibleTimes): PhaseSummary[] {
  return [...state.phases.values()]
    .sort((a, b) => compareNs(a.startNs, b.startNs))
    .map((phase) => ({
      phase: phase.phase ?? "unknown",
      // Not -4 s for an end before the start, nor 56 years for a start never set.
      durationMs: implausible.phaseMs(phase.startNs, phase.endNs),
      nodeCountTotal: phase.nodeCountTotal,
      nodeCountSkipped: phase.nodeCountSkipped,
      nodeCountError: phase.nodeCountError,
    }));
}

function sumIdle(evaluations: readonly EvaluationState[]): number | null {
  const values = evaluations.map((e) => e.facts.idleMs).filter((v): v is number => v !== null);
  return values.length > 0 ? values.reduce((a, b) => a + b, 0) : null;
}

/**
 * A node's phases (a handful) in start order, stable. Insertion sort: Array.prototype.sort allocates
 * work space on every call, which for tens of thousands of nodes is most of the result's garbage.
 */
function byStart(evaluations: readonly EvaluationState[]): EvaluationState[] {
  const sorted = [...evaluations];
  for (let i = 1; i < sorted.length; i++) {
    const item = sorted[i]!;
    let j = i - 1;
    while (j >= 0 && compareNs(sorted[j]!.startNs, item.startNs) > 0) {
      sorted[j + 1] = sorted[j]!;
      j--;
    }
    sorted[j + 1] = item;
  }
  return sorted;
}

function compareNs(a: bigint | null, b: bigint | null): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  return a < b ? -1 : 1;
}

function byStartThenId(a: NodeResult, b: NodeResult): number {
  const sa = a.timing.startedAt ?? "\uffff";
  const sb = b.timing.startedAt ?? "\uffff";
  return sa < sb ? -1 : sa > sb ? 1 : a.uniqueId < b.uniqueId ? -1 : a.uniqueId > b.uniqueId ? 1 : 0;
}

function formatUuid(hex: string): string {
  if (!/^[0-9a-f]{32}$/.test(hex)) return hex;
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
