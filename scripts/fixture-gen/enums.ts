// Spec shorthand → proto enum value names as they appear on the wire.
import type {
  CacheReason,
  ErrorType,
  Materialization,
  NodeKind,
  Outcome,
  Phase,
  SkipReason,
  TestOutcome,
} from "./types.js";

export const EVENT = {
  process: "v1.public.events.fusion.process.Process",
  invocation: "v1.public.events.fusion.invocation.Invocation",
  phase: "v1.public.events.fusion.phase.PhaseExecuted",
  nodeProcessed: "v1.public.events.fusion.node.NodeProcessed",
  nodeEvaluated: "v1.public.events.fusion.node.NodeEvaluated",
  query: "v1.public.events.fusion.query.QueryExecuted",
  connectionLimitWait: "v1.public.events.fusion.query.ConnectionLimitWait",
  artifact: "v1.public.events.fusion.artifact.ArtifactWritten",
  genericOp: "v1.public.events.fusion.generic.GenericOpExecuted",
  callTrace: "v1.public.events.fusion.dev.CallTrace",
  logMessage: "v1.public.events.fusion.log.LogMessage",
  userLogMessage: "v1.public.events.fusion.log.UserLogMessage",
  progressMessage: "v1.public.events.fusion.log.ProgressMessage",
  compiledCode: "v1.public.events.fusion.log.CompiledCode",
} as const;

export const SEVERITY = {
  TRACE: 1,
  DEBUG: 5,
  INFO: 9,
  WARN: 13,
  ERROR: 17,
} as const;
export type SeverityText = keyof typeof SEVERITY;

export function toPhase(phase: Phase): string {
  return `EXECUTION_PHASE_${phase}`;
}

export function toNodeType(kind: NodeKind): string {
  return `NODE_TYPE_${kind.toUpperCase()}`;
}

export function toOutcome(outcome: Outcome): string {
  return `NODE_OUTCOME_${outcome.toUpperCase()}`;
}

export function toSkipReason(reason: SkipReason): string {
  return `NODE_SKIP_REASON_${reason.toUpperCase()}`;
}

export function toErrorType(type: ErrorType): string {
  return `NODE_ERROR_TYPE_${type.toUpperCase()}`;
}

export function toMaterialization(m: Materialization): string {
  return `NODE_MATERIALIZATION_${m.toUpperCase()}`;
}

/** TEST_OUTCOME_PASSED is enum value 0, so it is never written. */
export function toTestOutcome(outcome: TestOutcome): string | undefined {
  return outcome === "passed" ? undefined : `TEST_OUTCOME_${outcome.toUpperCase()}`;
}

/** The word OUTCOME really appears twice; PASSED is value 0 and left out. */
export function toFreshnessOutcome(outcome: TestOutcome): string | undefined {
  return outcome === "passed" ? undefined : `SOURCE_FRESHNESS_OUTCOME_OUTCOME_${outcome.toUpperCase()}`;
}

/** NO_CHANGES is value 0 and left out. */
export function toCacheReason(reason: CacheReason): string | undefined {
  return reason === "no_changes" ? undefined : `NODE_CACHE_REASON_${reason.toUpperCase()}`;
}

/** NodeProcessed SpanEnd dbt_core_event_code (F176 impls/v1_public_events_fusion_node.rs). */
export function toProcessedEndCode(kind: NodeKind, outcome: Outcome, skip: SkipReason | undefined): string {
  if (outcome === "skipped") return skip === "no_op" ? "Q019" : "Q034";
  const byKind: Partial<Record<NodeKind, string>> = {
    test: "Q007",
    unit_test: "Q007",
    model: "Q012",
    seed: "Q016",
    snapshot: "Q015",
    source: "Q018",
  };
  return byKind[kind] ?? "Q008";
}

/** NodeEvaluated dbt_core_event_code: Q030 in RENDER, Q031 in RUN, unset otherwise. */
export function toEvaluatedCode(phase: Phase): string | undefined {
  if (phase === "RENDER") return "Q030";
  if (phase === "RUN") return "Q031";
  return undefined;
}
