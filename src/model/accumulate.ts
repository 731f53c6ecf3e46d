// Folds events into per-invocation state as they stream in. Everything kept here is per node, per
// node-phase span, or per phase: nothing grows with the number of log lines or queries, which are
// summed or capped on arrival.
import type { NodeFacts, TelemetryEvent } from "../telemetry/events.js";
import { detached } from "../text/detached.js";
import type { LogLine } from "./types.js";

/** Error/warning lines kept per node, and characters per line: enough to explain, bounded in memory. */
export const MAX_LOGS_PER_NODE = 10;
export const MAX_LOG_CHARS = 8_000;
export const MAX_RUN_LOGS = 50;

/** A phase span's facts, kept while no NodeProcessed span end has decided its node. */
export interface EvaluationState {
  facts: NodeFacts;
  startNs: bigint | null;
}

export interface NodeState {
  uniqueId: string;
  processed: NodeFacts | null;
  processedStartNs: bigint | null;
  processedEndNs: bigint | null;
  /** Facts from a SpanStart, used only when no span of the node ever ended (crashed run). */
  started: NodeFacts | null;
  /** A NodeProcessed span opened, so its end is what decides the node. */
  processedStarted: boolean;
  /** Node spans opened and not (yet) closed. */
  openSpans: number;
  /**
   * Ended phase spans (NodeEvaluated), and their times folded as they arrive: the earliest start,
   * the latest end, and the sum of their wall times, each in whole milliseconds (null while none
   * had both). A node decided by its NodeProcessed span needs no more of them.
   */
  phaseCount: number;
  phasesStartNs: bigint | null;
  phasesEndNs: bigint | null;
  phasesMs: number | null;
  /**
   * The phases' facts, in arrival order, while no NodeProcessed span end has decided the node
   * (files without one, ≤ preview.72, are decided by them); null when there are none.
   */
  evaluations: EvaluationState[] | null;
  /**
   * A phase span end was read as its times alone (a `phaseTimes` event), on the promise that a
   * NodeProcessed end decides the node: the reader checks that one did (undecidedPhaseNodes).
   */
  timesAlone: boolean;
  /**
   * A phase span end was read without its times, on the promise that the NodeProcessed end holds
   * the node's times and duration, used in their place: the reader checks that too.
   */
  timesFromProcessed: boolean;
  /**
   * Queries that named this node after it was seen, with no error message: summed here rather than
   * kept by span (SpanExtras), as a node once seen is where the join puts them anyway.
   */
  queryNs: number;
  queryCount: number;
  /** The longest of those queries (one its invocation cannot hold is left out: implausible-times.ts). */
  queryLongestNs: number;
}

/** Queries and logs keyed by the span they happened in, joined to nodes when the invocation ends. */
export interface SpanExtras {
  spanId: string | null;
  uniqueId: string | null;
  /** Nanoseconds in queries: a number, exact up to 104 days per node (2^53 ns). */
  queryNs: number;
  queryCount: number;
  queryLongestNs: number;
  /** Null until there is one (most spans have queries and no errors or logs). */
  queryErrors: string[] | null;
  logs: LogLine[] | null;
  /**
   * On a span's own entry (keyed by its span id): the node whose span it is, as the span's end
   * said. A span's children come before its end, so this joins them without a map of every span.
   */
  spanNode: string | null;
}

export interface PhaseState {
  phase: string | null;
  startNs: bigint | null;
  endNs: bigint | null;
  nodeCountTotal: number | null;
  nodeCountSkipped: number | null;
  nodeCountError: number | null;
}

export interface InvocationState {
  traceId: string;
  invocationId: string | null;
  command: string | null;
  rawCommand: string | null;
  target: string | null;
  version: string | null;
  startNs: bigint | null;
  endNs: bigint | null;
  ended: boolean;
  /**
   * Invocation span ends after the first that ended elsewhere: two runs that were given one
   * invocation id (`--invocation-id`) and appended to one file share its trace.
   */
  moreEnds: number;
  statusCode: number | null;
  statusMessage: string | null;
  phases: Map<string, PhaseState>;
  nodes: Map<string, NodeState>;
  /**
   * Node spans opened (JSONL span starts) and not (yet) closed → their node. A span's end joins its
   * queries and logs (`spanNode`), so only a span that never ends (a crashed run) needs this: kept
   * to the spans in flight, not one entry per span of the build.
   */
  openNodeSpans: Map<string, string>;
  /**
   * Node spans whose end came before their start (records out of order: the format does not
   * promise their order), once a start has been seen: its start then opens nothing. Kept only
   * where starts are read, so a file without them (Parquet, the JSONL reader's dropped starts)
   * keeps no entry per span.
   */
  endedBeforeStart: Set<string>;
  sawNodeStart: boolean;
  extras: Map<string, SpanExtras>;
  runLogs: LogLine[];
}

export function newInvocationState(traceId: string): InvocationState {
  return {
    traceId,
    invocationId: null,
    command: null,
    rawCommand: null,
    target: null,
    version: null,
    startNs: null,
    endNs: null,
    ended: false,
    moreEnds: 0,
    statusCode: null,
    statusMessage: null,
    phases: new Map(),
    nodes: new Map(),
    openNodeSpans: new Map(),
    endedBeforeStart: new Set(),
    sawNodeStart: false,
    extras: new Map(),
    runLogs: [],
  };
}

export function accumulate(state: InvocationState, event: TelemetryEvent): void {
  switch (event.kind) {
    case "process":
      state.version ??= event.version;
      return;
    case "invocation":
      state.invocationId = event.invocationId ?? state.invocationId;
      state.command = event.command ?? state.command;
      state.rawCommand = event.rawCommand ?? state.rawCommand;
      state.target = event.target ?? state.target;
      state.version = event.version ?? state.version;
      state.startNs = event.startNs ?? state.startNs;
      if (event.ended) {
        // The same end read again (a file given twice, a line repeated) is one invocation still.
        if (state.ended && event.endNs !== state.endNs) state.moreEnds++;
        state.ended = true;
        state.endNs = event.endNs;
        state.statusCode = event.statusCode;
        state.statusMessage = event.statusMessage;
      }
      return;
    case "phase": {
      const key = event.spanId ?? `${event.phase}`;
      const phase = state.phases.get(key) ?? {
        phase: event.phase,
        startNs: null,
        endNs: null,
        nodeCountTotal: null,
        nodeCountSkipped: null,
        nodeCountError: null,
      };
      phase.phase = event.phase ?? phase.phase;
      phase.startNs = event.startNs ?? phase.startNs;
      if (event.ended) {
        phase.endNs = event.endNs;
        phase.nodeCountTotal = event.nodeCountTotal;
        phase.nodeCountSkipped = event.nodeCountSkipped;
        phase.nodeCountError = event.nodeCountError;
      }
      state.phases.set(key, phase);
      return;
    }
    case "node":
    case "phaseTimes":
      accumulateNode(state, event);
      return;
    case "query": {
      const errorMessage = event.outcome === "error" ? event.errorMessage : null;
      // A query that names a node already seen joins that node whatever its span (joinExtras): most
      // of a build's queries, each of which would otherwise keep an entry by span until the end.
      // A failed one keeps its place among its node's spans, whose first error message is shown.
      const node = event.uniqueId && !errorMessage ? state.nodes.get(event.uniqueId) : undefined;
      if (node) return countQuery(node, event);
      const extras = extrasFor(state, event.parentSpanId, event.uniqueId);
      countQuery(extras, event);
      if (errorMessage) {
        const errors = (extras.queryErrors ??= []);
        if (errors.length < MAX_LOGS_PER_NODE) errors.push(clip(errorMessage));
      }
      return;
    }
    case "log": {
      const line: LogLine = {
        severity: event.severity,
        text: clip(event.text.trim()),
        ...(event.code !== null ? { code: event.code } : {}),
        ...(event.phase ? { phase: event.phase } : {}),
        ...(event.path
          ? {
              location: {
                path: event.path,
                ...(event.line ? { line: event.line } : {}),
                ...(event.column !== null && event.line ? { column: event.column + 1 } : {}),
              },
            }
          : {}),
      };
      if (!event.uniqueId && !event.spanId) {
        if (state.runLogs.length < MAX_RUN_LOGS) state.runLogs.push(line);
        return;
      }
      const logs = (extrasFor(state, event.spanId, event.uniqueId).logs ??= []);
      if (logs.length < MAX_LOGS_PER_NODE) logs.push(line);
      return;
    }
  }
}

function accumulateNode(
  state: InvocationState,
  event: Extract<TelemetryEvent, { kind: "node" | "phaseTimes" }>,
): void {
  const facts = event.kind === "node" ? event.facts : null;
  const uniqueId = event.kind === "node" ? event.facts.uniqueId : event.uniqueId;
  let node = state.nodes.get(uniqueId);
  if (!node) {
    // An id read from a JSONL line's text is a view of the line: the node keeps a copy of its own.
    const own = event.kind === "phaseTimes" && event.inPlaceOfFacts ? detached(uniqueId) : uniqueId;
    node = {
      uniqueId: own,
      processed: null,
      processedStartNs: null,
      processedEndNs: null,
      started: null,
      processedStarted: false,
      openSpans: 0,
      phaseCount: 0,
      phasesStartNs: null,
      phasesEndNs: null,
      phasesMs: null,
      evaluations: null,
      timesAlone: false,
      timesFromProcessed: false,
      queryNs: 0,
      queryCount: 0,
      queryLongestNs: 0,
    };
    state.nodes.set(own, node);
  }
  // The facts the node keeps hold the node's own copy of its id, so that the one their record
  // brought (a second string of it for every node) is garbage at once, not copied to the end.
  if (facts) facts.uniqueId = node.uniqueId;
  const ended = event.kind === "phaseTimes" || event.ended;
  // Joins queries and logs that name no node to the node span they ran in. A span's children come
  // before its end, so at the end only a span that has some needs to say whose it is; a start
  // (JSONL) records it among the open spans until then, for a span that never ends. The node's own
  // copy of its id is what is kept: from JSONL every record brings a fresh string of it.
  if (!ended) {
    node.started ??= facts;
    if (event.kind === "node" && event.span === "processed") node.processedStarted = true;
    state.sawNodeStart = true;
    // This span's end came first: it is closed.
    if (event.spanId && state.endedBeforeStart.delete(event.spanId)) return;
    node.openSpans++;
    if (event.spanId) state.openNodeSpans.set(event.spanId, node.uniqueId);
    return;
  }
  if (event.spanId) {
    const extras = state.extras.get(event.spanId);
    if (extras) extras.spanNode = node.uniqueId;
  }
  // Files without SpanStart rows never opened the span; don't count below zero.
  if (event.spanId && state.openNodeSpans.size > 0 && state.openNodeSpans.delete(event.spanId)) {
    node.openSpans--;
  } else if (event.spanId && state.sawNodeStart) {
    state.endedBeforeStart.add(event.spanId);
  }
  if (event.kind === "node" && event.span === "processed") {
    // A later run given the same invocation id (one trace) that did not select the node did not run
    // it again: the result of the run that did stands.
    if (node.processed?.inSelection === true && event.facts.inSelection !== true) return;
    node.processed = event.facts;
    node.processedStartNs = event.startNs;
    node.processedEndNs = event.endNs;
    node.evaluations = null;
    return;
  }
  addPhase(node, event.startNs, event.endNs);
  if (event.kind === "phaseTimes") {
    node.timesAlone = true;
    if (event.timesFromProcessed) node.timesFromProcessed = true;
  }
  if (facts && !node.processed) (node.evaluations ??= []).push({ facts, startNs: event.startNs });
}

/**
 * Whether a node whose phase ends were read as times alone (`phaseTimes`) got what that left to its
 * NodeProcessed end: the end itself, and, where a phase end's times were not read, the node's times
 * and duration on it.
 */
export function keepsPhasePromise(node: NodeState): boolean {
  if (node.processed === null) return false;
  if (!node.timesFromProcessed) return true;
  return node.processed.durationMs !== null && node.processedStartNs !== null && node.processedEndNs !== null;
}

function countQuery(
  into: { queryNs: number; queryCount: number; queryLongestNs: number },
  query: Extract<TelemetryEvent, { kind: "query" }>,
): void {
  if (query.startNs !== null && query.endNs !== null && query.endNs > query.startNs) {
    const ns = Number(query.endNs - query.startNs);
    into.queryNs += ns;
    if (ns > into.queryLongestNs) into.queryLongestNs = ns;
  }
  into.queryCount++;
}

/** Folds an ended phase span's times into its node. */
function addPhase(node: NodeState, startNs: bigint | null, endNs: bigint | null): void {
  node.phaseCount++;
  if (startNs !== null && (node.phasesStartNs === null || startNs < node.phasesStartNs)) {
    node.phasesStartNs = startNs;
  }
  if (endNs !== null && (node.phasesEndNs === null || endNs > node.phasesEndNs)) node.phasesEndNs = endNs;
  // duration_ms is defined as the sum of the phases' wall times, each truncated to milliseconds.
  if (startNs !== null && endNs !== null) node.phasesMs = (node.phasesMs ?? 0) + wholeMs(endNs - startNs);
}

/** Nanoseconds → whole milliseconds, truncated (BigInt division only past 2^53 ns, 104 days). */
function wholeMs(ns: bigint): number {
  const value = Number(ns);
  return Math.abs(value) <= Number.MAX_SAFE_INTEGER ? Math.trunc(value / 1e6) : Number(ns / 1_000_000n);
}

function extrasFor(state: InvocationState, spanId: string | null, uniqueId: string | null): SpanExtras {
  // Keyed by span: a span's queries and logs nearly always name the same node. The rare other node
  // in the same span gets a composite key (kept apart, joined the same way later).
  let key = spanId ?? "";
  let extras = state.extras.get(key);
  if (extras && extras.uniqueId !== uniqueId) {
    key = `${key}\u0000${uniqueId ?? ""}`;
    extras = state.extras.get(key);
  }
  if (!extras) {
    extras = {
      spanId,
      uniqueId,
      queryNs: 0,
      queryCount: 0,
      queryLongestNs: 0,
      queryErrors: null,
      logs: null,
      spanNode: null,
    };
    state.extras.set(key, extras);
  }
  return extras;
}

function clip(text: string): string {
  return text.length > MAX_LOG_CHARS ? `${text.slice(0, MAX_LOG_CHARS)}… (truncated)` : text;
}
