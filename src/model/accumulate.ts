// Folds events into per-invocation state as they stream in. Everything kept here is per node, per
// node-phase span, or per phase: nothing grows with the number of log lines or queries, which are
// summed or capped on arrival.
import type { NodeFacts, TelemetryEvent } from "../telemetry/events.js";
import type { LogLine } from "./types.js";

/** Error/warning lines kept per node, and characters per line: enough to explain, bounded in memory. */
export const MAX_LOGS_PER_NODE = 10;
export const MAX_LOG_CHARS = 8_000;
export const MAX_RUN_LOGS = 50;

export interface EvaluationState {
  /**
   * Null once the node's NodeProcessed span end has decided it: then only the phase's times are
   * used (finish-invocation.ts), and dropping the rest keeps memory to one set of facts per node.
   */
  facts: NodeFacts | null;
  startNs: bigint | null;
  endNs: bigint | null;
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
  evaluations: EvaluationState[];
}

/** Queries and logs keyed by the span they happened in, joined to nodes when the invocation ends. */
export interface SpanExtras {
  spanId: string | null;
  uniqueId: string | null;
  /** Nanoseconds in queries: a number, exact up to 104 days per node (2^53 ns). */
  queryNs: number;
  queryCount: number;
  queryErrors: string[];
  logs: LogLine[];
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
  statusCode: number | null;
  statusMessage: string | null;
  phases: Map<string, PhaseState>;
  nodes: Map<string, NodeState>;
  /** Node span id → unique_id, for spans with queries or logs (see accumulateNode). */
  spanToNode: Map<string, string>;
  openNodeSpans: Set<string>;
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
    statusCode: null,
    statusMessage: null,
    phases: new Map(),
    nodes: new Map(),
    spanToNode: new Map(),
    openNodeSpans: new Set(),
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
      accumulateNode(state, event);
      return;
    case "query": {
      const extras = extrasFor(state, event.parentSpanId, event.uniqueId);
      if (event.startNs !== null && event.endNs !== null && event.endNs > event.startNs) {
        extras.queryNs += Number(event.endNs - event.startNs);
      }
      extras.queryCount++;
      if (event.outcome === "error" && event.errorMessage && extras.queryErrors.length < MAX_LOGS_PER_NODE) {
        extras.queryErrors.push(clip(event.errorMessage));
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
      const extras = extrasFor(state, event.spanId, event.uniqueId);
      if (extras.logs.length < MAX_LOGS_PER_NODE) extras.logs.push(line);
      return;
    }
  }
}

function accumulateNode(state: InvocationState, event: Extract<TelemetryEvent, { kind: "node" }>): void {
  const { facts } = event;
  let node = state.nodes.get(facts.uniqueId);
  if (!node) {
    node = {
      uniqueId: facts.uniqueId,
      processed: null,
      processedStartNs: null,
      processedEndNs: null,
      started: null,
      processedStarted: false,
      openSpans: 0,
      evaluations: [],
    };
    state.nodes.set(facts.uniqueId, node);
  }
  // Joins queries and logs that name no node to the node span they ran in. A span's children come
  // before its end, so at the end only a span that has some needs the entry; a start (JSONL) always
  // records it, for children still to come.
  if (event.spanId && (!event.ended || state.extras.has(event.spanId))) {
    state.spanToNode.set(event.spanId, facts.uniqueId);
  }
  if (!event.ended) {
    node.started ??= facts;
    node.openSpans++;
    if (event.span === "processed") node.processedStarted = true;
    if (event.spanId) state.openNodeSpans.add(event.spanId);
    return;
  }
  // Files without SpanStart rows never opened the span; don't count below zero.
  if (event.spanId && state.openNodeSpans.size > 0 && state.openNodeSpans.delete(event.spanId)) {
    node.openSpans--;
  }
  if (event.span === "processed") {
    node.processed = facts;
    node.processedStartNs = event.startNs;
    node.processedEndNs = event.endNs;
    for (const evaluation of node.evaluations) evaluation.facts = null;
  } else {
    node.evaluations.push({
      facts: node.processed ? null : facts,
      startNs: event.startNs,
      endNs: event.endNs,
    });
  }
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
    extras = { spanId, uniqueId, queryNs: 0, queryCount: 0, queryErrors: [], logs: [] };
    state.extras.set(key, extras);
  }
  return extras;
}

function clip(text: string): string {
  return text.length > MAX_LOG_CHARS ? `${text.slice(0, MAX_LOG_CHARS)}… (truncated)` : text;
}
