// Scenario spec → engine records in emission order (SpanStart at open, logs, SpanEnd at close).
import {
  EVENT,
  toErrorType,
  toEvaluatedCode,
  toOutcome,
  toPhase,
  toProcessedEndCode,
  toSkipReason,
  type SeverityText,
} from "./enums.js";
import {
  makeBaseNodeAttributes,
  makeOutcomeDetail,
  md5Hex,
  nodeName,
  nodePackage,
  planEvaluations,
  type Evaluation,
} from "./node-plan.js";
import {
  Clock,
  createRandom,
  makeSpanId,
  makeTraceId,
  makeUuidV7,
  randomInt,
  type Random,
} from "./random.js";
import { makeLogRecord, makeSpanEnd, makeSpanStart, parsePreviewNumber, type OpenSpan } from "./records.js";
import type {
  FusionRecord,
  InvocationSpec,
  LogSpec,
  NodeSpec,
  Phase,
  QuerySpec,
  ScenarioSpec,
} from "./types.js";

/** 2025-11-21T10:00:00.123456789Z: fixed so fixtures are reproducible, sub-ms digits non-zero. */
export const DEFAULT_START_NS = 1763719200123456789n;
const HOUR_NS = 3_600_000_000_000n;

export function* generateScenarioRecords(spec: ScenarioSpec): Generator<FusionRecord> {
  const random = createRandom(spec.seed);
  for (const [i, inv] of spec.invocations.entries()) {
    const start = inv.startTimeNs ? BigInt(inv.startTimeNs) : DEFAULT_START_NS + BigInt(i) * HOUR_NS;
    yield* generateInvocationRecords(inv, random, start);
  }
}

/** Collect everything in memory; fine for fixtures, use the generator for large runs. */
export function buildScenarioRecords(spec: ScenarioSpec): FusionRecord[] {
  return [...generateScenarioRecords(spec)];
}

interface NodeState {
  node: NodeSpec;
  evaluations: Evaluation[];
  base: Record<string, unknown>;
  processed?: OpenSpan;
  durationMs: number;
  idleMs: number;
  rowsAffected?: number;
  done: number;
}

interface Counts {
  success: number;
  warn: number;
  error: number;
  reused: number;
  skipped: number;
  canceled: number;
  no_op: number;
}

class InvocationEmitter {
  readonly clock: Clock;
  readonly traceId: string;
  readonly invocationId: string;
  readonly preview: number;
  readonly wrapped: boolean;
  readonly hostArch = "x86_64";
  readonly hostOs = "linux";

  constructor(
    readonly inv: InvocationSpec,
    readonly random: Random,
    start: bigint,
  ) {
    this.clock = new Clock(start, random);
    this.invocationId = makeUuidV7(random, start / 1_000_000n);
    this.traceId = makeTraceId(this.invocationId);
    this.preview = parsePreviewNumber(inv.version);
    this.wrapped = inv.payloadLayout === "wrapped";
  }

  openSpan(
    name: string,
    eventType: string,
    severity: SeverityText,
    parent: OpenSpan | null,
    attributes: Record<string, unknown>,
  ): OpenSpan {
    return {
      traceId: this.traceId,
      spanId: makeSpanId(this.random),
      name,
      parentSpanId: parent?.spanId ?? null,
      start: this.clock.now,
      severity,
      eventType,
      attributes,
    };
  }

  log(
    span: OpenSpan | null,
    severity: SeverityText,
    eventType: string,
    body: string,
    attributes: Record<string, unknown>,
  ): FusionRecord {
    const time = this.clock.advance(randomInt(this.random, 0, 3) / 10);
    return makeLogRecord({
      span,
      eventId: makeUuidV7(this.random, time / 1_000_000n),
      time,
      severity,
      body,
      eventType,
      attributes,
    });
  }
}

function* generateInvocationRecords(
  inv: InvocationSpec,
  random: Random,
  start: bigint,
): Generator<FusionRecord> {
  const em = new InvocationEmitter(inv, random, start);
  const processInfo = { host_arch: em.hostArch, host_os: em.hostOs, package: "dbt", version: inv.version };
  const process = em.openSpan(
    `dbt process (${em.hostArch}-${em.hostOs})`,
    EVENT.process,
    "INFO",
    null,
    processInfo,
  );
  yield makeSpanStart(process);
  em.clock.advance(7.7);

  const evalArgs: Record<string, unknown> = {
    command: inv.command,
    debug: false,
    log_format: "default",
    log_path: "logs",
    quiet: false,
    vars: "{}",
    write_catalog: false,
    write_json: true,
  };
  if (inv.select?.length) evalArgs.select = inv.select;
  const invocationAttrs = {
    eval_args: evalArgs,
    invocation_id: em.invocationId,
    process_info: processInfo,
    raw_command: inv.rawCommand ?? `dbt ${inv.command}`,
  };
  const invocation = em.openSpan(
    `dbt invocation (${em.invocationId})`,
    EVENT.invocation,
    "INFO",
    null,
    invocationAttrs,
  );
  yield makeSpanStart(invocation);
  yield em.log(invocation, "INFO", EVENT.progressMessage, "", { action: "dbt-fusion", target: inv.version });

  for (const phase of inv.setupPhases ?? ["LOAD_PROJECT", "PARSE", "SCHEDULE"]) {
    em.clock.advance(randomInt(random, 20, 400) + 0.3);
    const span = em.openSpan(`Phase: ${phase}`, EVENT.phase, "INFO", invocation, { phase: toPhase(phase) });
    yield makeSpanStart(span);
    const end = em.clock.advance(randomInt(random, 50, 700) + 0.7);
    yield makeSpanEnd(span, { end, attributes: span.attributes, status: null });
  }

  // A query that belongs to no node (relation cache hydration): parent is the Invocation, no unique_id.
  em.clock.advance(3.1);
  yield* emitQuery(em, invocation, undefined, "RUN", {
    sql: "select distinct schema_name from information_schema.schemata",
    description: "execute adapter call",
    durationMs: 412.5,
  });

  const states: NodeState[] = inv.nodes.map((node) => ({
    node,
    evaluations: planEvaluations(node, inv),
    base: makeBaseNodeAttributes(node, inv),
    durationMs: 0,
    idleMs: 0,
    done: 0,
  }));
  const totalNodes = inv.nodes.length;
  const lastPhase = inv.nodePhases[inv.nodePhases.length - 1];
  let crashed = false;

  for (const phase of inv.nodePhases) {
    em.clock.advance(randomInt(random, 2, 30) + 0.4);
    const phaseAttrs = {
      node_count_error: "0",
      node_count_skipped: "0",
      node_count_total: String(totalNodes),
      phase: toPhase(phase),
    };
    const phaseSpan = em.openSpan(
      `Phase: ${phase} (nodes: ${totalNodes})`,
      EVENT.phase,
      "INFO",
      invocation,
      phaseAttrs,
    );
    yield makeSpanStart(phaseSpan);
    let errors = 0;
    let skipped = 0;
    let opened = 0;

    for (const state of states) {
      const evaluation = state.evaluations.find((e) => e.phase === phase);
      if (!evaluation) continue;
      if (phase === lastPhase && inv.crashAfterNodes !== undefined && opened >= inv.crashAfterNodes) {
        crashed = true;
        break;
      }
      opened++;
      const crashHere =
        phase === lastPhase && inv.crashAfterNodes !== undefined && opened === inv.crashAfterNodes;
      const result = yield* emitEvaluation(em, state, evaluation, phaseSpan, invocation, crashHere);
      if (crashHere) {
        crashed = true;
        break;
      }
      if (result.error) errors++;
      if (result.skipped) skipped++;
    }
    if (crashed) return; // the process died: open spans never get a SpanEnd

    const end = em.clock.advance(1.3);
    yield makeSpanEnd(phaseSpan, {
      end,
      attributes: {
        ...phaseAttrs,
        node_count_error: String(errors),
        node_count_skipped: String(skipped),
      },
      status: errors > 0 ? { message: `${errors} nodes errored`, code: 2 } : { message: null, code: 1 },
    });
  }

  yield* emitArtifact(em, invocation, "target/manifest.json", "ARTIFACT_TYPE_MANIFEST");
  if (inv.nodePhases.includes("FRESHNESS_ANALYSIS")) {
    yield* emitArtifact(em, invocation, "target/sources.json", "ARTIFACT_TYPE_SOURCES");
  }

  const { metrics, hasErrors } = computeMetrics(states);
  const invEnd = em.clock.advance(35.2);
  yield makeSpanEnd(invocation, {
    end: invEnd,
    attributes: {
      ...invocationAttrs,
      eval_args: { ...evalArgs, target: inv.target ?? "ci" },
      metrics,
    },
    status: hasErrors ? { message: "Executed with errors", code: 2 } : { message: null, code: 1 },
  });
  const processEnd = em.clock.advance(1.1);
  yield makeSpanEnd(process, { end: processEnd, attributes: processInfo, status: null });
}

function* emitArtifact(
  em: InvocationEmitter,
  invocation: OpenSpan,
  path: string,
  type: string,
): Generator<FusionRecord> {
  em.clock.advance(4.4);
  const span = em.openSpan(`Artifact: ${path}`, EVENT.artifact, "INFO", invocation, {
    artifact_type: type,
    relative_path: path,
  });
  yield makeSpanStart(span);
  const end = em.clock.advance(6.2);
  yield makeSpanEnd(span, { end, attributes: span.attributes, status: null });
}

interface EvaluationResult {
  error: boolean;
  skipped: boolean;
}

function phaseWallMs(em: InvocationEmitter, node: NodeSpec, evaluation: Evaluation): number {
  if (evaluation.outcome === "skipped") return 0.05;
  const given = typeof node.phaseMs === "number" ? node.phaseMs : node.phaseMs?.[evaluation.phase];
  if (given !== undefined) return given;
  const r = em.random;
  switch (evaluation.phase) {
    case "RENDER":
      return randomInt(r, 2, 15) + 0.37;
    case "ANALYZE":
      return randomInt(r, 1, 6) + 0.61;
    case "RUN":
      return node.kind === "test" || node.kind === "unit_test"
        ? randomInt(r, 150, 900) + 0.29
        : randomInt(r, 300, 3000) + 0.83;
    default:
      return randomInt(r, 200, 1500) + 0.47;
  }
}

function* emitEvaluation(
  em: InvocationEmitter,
  state: NodeState,
  evaluation: Evaluation,
  phaseSpan: OpenSpan,
  invocation: OpenSpan,
  crashHere: boolean,
): Generator<FusionRecord, EvaluationResult> {
  const { node } = state;
  const inv = em.inv;
  const isLast = state.done === state.evaluations.length - 1;
  em.clock.advance(randomInt(em.random, 0, 4) + 0.2);

  if (!state.processed) {
    state.processed = em.openSpan(
      `Node processed (${node.uniqueId})`,
      EVENT.nodeProcessed,
      "INFO",
      invocation,
      {
        ...state.base,
        dbt_core_event_code: "Q024",
        in_selection: node.inSelection ?? true,
      },
    );
    yield makeSpanStart(state.processed);
  }

  const phase = evaluation.phase;
  const detail = evaluation.deciding ? makeOutcomeDetail(node) : {};
  const openedSkipped = evaluation.outcome === "skipped";
  const evaluatedCode = toEvaluatedCode(phase);
  const openAttrs: Record<string, unknown> = { ...state.base, phase: toPhase(phase) };
  if (evaluatedCode) openAttrs.dbt_core_event_code = evaluatedCode;
  if (openedSkipped) {
    // Skips are decided before the span opens, so the SpanStart already carries them (preview.120 sample).
    openAttrs.node_outcome = toOutcome("skipped");
    if (evaluation.skipReason) openAttrs.node_skip_reason = toSkipReason(evaluation.skipReason);
    Object.assign(openAttrs, detail);
  }
  const span = em.openSpan(
    `Node evaluated (${node.uniqueId})`,
    EVENT.nodeEvaluated,
    "DEBUG",
    phaseSpan,
    openAttrs,
  );
  const hints = { layout: inv.payloadLayout };
  yield makeSpanStart(span, hints);
  const wallMs = phaseWallMs(em, node, evaluation);
  const executes = evaluation.outcome !== "skipped";
  let idleMs = 0;

  if (executes) {
    yield* emitNoise(em, span, node, phase);
    if (evaluation.deciding && em.wrapped && node.idleMs) {
      idleMs = node.idleMs;
      yield* emitConnectionWait(em, span, node.idleMs);
    }
    if (phase === "RUN" || phase === "FRESHNESS_ANALYSIS") {
      const queries = evaluation.deciding ? [...(node.queries ?? [defaultQuery(node, phase)])] : [];
      const extra = phase === "RUN" ? (inv.noise?.extraQueriesPerRun ?? 0) : 0;
      for (let i = 0; i < extra; i++) queries.push({ description: "execute adapter call", durationMs: 0.8 });
      const perQuery = (Math.max(1, wallMs - idleMs) * 0.7) / Math.max(1, queries.length);
      for (const q of queries)
        yield* emitQuery(em, span, node.uniqueId, phase, { durationMs: perQuery, ...q });
    }
    if (evaluation.deciding) {
      for (const w of node.warnings ?? []) yield emitNodeLog(em, span, node, phase, "WARN", w);
      if (node.outcome === "error" && node.errorLog)
        yield emitNodeLog(em, span, node, phase, "ERROR", node.errorLog);
    }
  }
  if (crashHere) return { error: false, skipped: false };

  const end = em.clock.advanceTo(span.start + BigInt(Math.round(wallMs * 1_000_000)) + 1_234n);
  em.clock.advance(0.01);
  const finalAttrs: Record<string, unknown> = { ...openAttrs, node_outcome: toOutcome(evaluation.outcome) };
  if (evaluation.skipReason) finalAttrs.node_skip_reason = toSkipReason(evaluation.skipReason);
  Object.assign(finalAttrs, detail);
  if (evaluation.outcome === "error") finalAttrs.node_error_type = toErrorType(node.errorType ?? "user");
  if (evaluation.outcome === "canceled") finalAttrs.node_cancel_reason = "NODE_CANCEL_REASON_USER_CANCELLED";
  const rows =
    evaluation.deciding && phase === "RUN" && evaluation.outcome === "success"
      ? rowsAffected(node)
      : undefined;
  if (rows !== undefined) {
    finalAttrs.rows_affected = String(rows);
    state.rowsAffected = rows;
  }
  if (em.wrapped) finalAttrs.idle_time_ms = String(idleMs);

  const wallWholeMs = Number((end - span.start) / 1_000_000n);
  state.durationMs += em.wrapped ? Math.max(0, wallWholeMs - idleMs) : wallWholeMs;
  state.idleMs += idleMs;
  state.done++;

  const evaluatedEnd = makeSpanEnd(span, {
    end,
    attributes: finalAttrs,
    status: statusFor(evaluation.outcome),
    links: [{ trace_id: em.traceId, span_id: state.processed.spanId, attributes: {} }],
    hints,
  });
  const processedEnd = isLast ? closeProcessed(em, state, end) : undefined;
  if (processedEnd && inv.legacyCloseOrder) yield processedEnd;
  yield evaluatedEnd;
  if (processedEnd && !inv.legacyCloseOrder) yield processedEnd;

  const failedTest = evaluation.deciding && node.test?.outcome === "failed" && node.outcome === "success";
  return { error: evaluation.outcome === "error" || failedTest, skipped: evaluation.outcome === "skipped" };
}

function closeProcessed(em: InvocationEmitter, state: NodeState, evaluatedEnd: bigint): FusionRecord {
  const { node } = state;
  const processed = state.processed as OpenSpan;
  const deciding =
    state.evaluations.find((e) => e.deciding) ?? state.evaluations[state.evaluations.length - 1];
  const attrs: Record<string, unknown> = {
    ...processed.attributes,
    dbt_core_event_code: toProcessedEndCode(node.kind, node.outcome, node.skipReason),
    duration_ms: String(state.durationMs),
    last_phase: toPhase(deciding?.phase ?? "RUN"),
    node_outcome: toOutcome(node.outcome),
    ...makeOutcomeDetail(node),
  };
  if (node.skipReason && node.outcome === "skipped") attrs.node_skip_reason = toSkipReason(node.skipReason);
  if (node.outcome === "error") attrs.node_error_type = toErrorType(node.errorType ?? "user");
  if (node.outcome === "canceled") attrs.node_cancel_reason = "NODE_CANCEL_REASON_USER_CANCELLED";
  if (state.rowsAffected !== undefined) attrs.rows_affected = String(state.rowsAffected);
  if (em.wrapped) attrs.idle_time_ms = String(state.idleMs);
  if (node.group) attrs.group = node.group;
  const end = em.inv.legacyCloseOrder ? evaluatedEnd - 70_123n : evaluatedEnd + 351_077n;
  if (!em.inv.legacyCloseOrder) em.clock.advanceTo(end);
  return makeSpanEnd(processed, { end, attributes: attrs, status: statusFor(node.outcome) });
}

function statusFor(outcome: string): { message: string | null; code: number } {
  if (outcome === "error") return { message: "error", code: 2 };
  if (outcome === "canceled") return { message: "canceled", code: 2 };
  return { message: null, code: 1 };
}

function rowsAffected(node: NodeSpec): number | undefined {
  if (node.rowsAffected !== undefined) return node.rowsAffected;
  if (node.kind === "test") return 1;
  if (node.kind === "seed") return 100 + (node.uniqueId.length % 17) * 37;
  return undefined;
}

function defaultQuery(node: NodeSpec, phase: Phase): QuerySpec {
  const name = nodeName(node);
  if (phase === "FRESHNESS_ANALYSIS") {
    return {
      sql: `select max(_loaded_at) as max_loaded_at, current_timestamp() as snapshotted_at from raw.${name}`,
    };
  }
  if (node.kind === "test") {
    return {
      sql: `select count(*) as failures, count(*) != 0 as should_warn, count(*) != 0 as should_error from (${name}) dbt_internal_test`,
    };
  }
  return {
    sql: `create or replace table analytics.dbt_ci.${name} as (select * from analytics.dbt_ci.stg_${name})`,
  };
}

function queryCommentSql(uniqueId: string | undefined, sql: string): string {
  const nodeId = uniqueId ? `, "node_id": "${uniqueId}"` : "";
  return `/* {"app": "dbt", "dbt_version": "2.0.0"${nodeId}, "profile_name": "shop", "target_name": "ci"} */\n${sql}`;
}

function* emitQuery(
  em: InvocationEmitter,
  parent: OpenSpan,
  uniqueId: string | undefined,
  phase: Phase,
  q: QuerySpec,
): Generator<FusionRecord> {
  em.clock.advance(0.3);
  const sql = queryCommentSql(uniqueId, q.sql ?? "select 1");
  const attrs: Record<string, unknown> = {
    adapter_type: em.inv.adapterType ?? "snowflake",
    dbt_core_event_code: "E016",
    query_description: q.description ?? "execute adapter call",
    sql,
    sql_hash: md5Hex(sql),
  };
  if (uniqueId) {
    attrs.unique_id = uniqueId;
    attrs.phase = toPhase(phase); // from the NodeEvaluated context
  }
  const span = em.openSpan(
    uniqueId ? `Query executed (${uniqueId})` : "Query executed",
    EVENT.query,
    "DEBUG",
    parent,
    attrs,
  );
  yield makeSpanStart(span);
  const end = em.clock.advance(q.durationMs ?? 120.5);
  const final: Record<string, unknown> = {
    ...attrs,
    dbt_core_event_code: "E017",
    query_id: `01b${md5Hex(span.spanId).slice(0, 21)}`,
    query_outcome: q.error
      ? "QUERY_OUTCOME_ERROR"
      : q.canceled
        ? "QUERY_OUTCOME_CANCELED"
        : "QUERY_OUTCOME_SUCCESS",
  };
  let status: { message: string | null; code: number } = { message: null, code: 1 };
  if (q.error) {
    final.query_error_adapter_message = q.error.adapterMessage;
    if (q.error.vendorCode !== undefined) final.query_error_vendor_code = q.error.vendorCode;
    status = { message: q.error.adapterMessage, code: 2 };
  } else if (q.canceled) {
    final.query_error_adapter_message = "Cancelled: query was cancelled by the user";
    status = { message: "Cancelled: query was cancelled by the user", code: 2 };
  }
  yield makeSpanEnd(span, { end, attributes: final, status });
}

function* emitConnectionWait(
  em: InvocationEmitter,
  parent: OpenSpan,
  idleMs: number,
): Generator<FusionRecord> {
  const span = em.openSpan("Connection limit wait", EVENT.connectionLimitWait, "DEBUG", parent, {});
  yield makeSpanStart(span);
  const end = em.clock.advanceTo(span.start + BigInt(Math.round(idleMs * 1_000_000)) + 4_321n);
  yield makeSpanEnd(span, { end, attributes: {}, status: { message: null, code: 1 } });
}

function emitNodeLog(
  em: InvocationEmitter,
  span: OpenSpan,
  node: NodeSpec,
  phase: Phase,
  severity: "WARN" | "ERROR",
  log: LogSpec,
): FusionRecord {
  const sev = severity === "ERROR" ? 17 : 13;
  const attrs: Record<string, unknown> = {
    code: log.code ?? 1000,
    original_severity_number: sev,
    original_severity_text: severity,
    phase: toPhase(phase),
    unique_id: node.uniqueId,
  };
  if (log.codeName && em.preview >= 179) attrs.code_name = log.codeName;
  if (log.relativePath) attrs.relative_path = log.relativePath;
  if (log.line !== undefined) attrs.code_line = log.line;
  if (log.column !== undefined) attrs.code_column = log.column;
  return em.log(span, severity, EVENT.logMessage, log.body, attrs);
}

/** Trace/debug volume: CallTrace spans, UserLogMessage and CompiledCode logs. */
function* emitNoise(
  em: InvocationEmitter,
  span: OpenSpan,
  node: NodeSpec,
  phase: Phase,
): Generator<FusionRecord> {
  const noise = em.inv.noise;
  if (!noise) return;
  for (let i = 0; i < (noise.callTracesPerEvaluation ?? 0); i++) {
    const trace = em.openSpan("Dev trace: render_macro", EVENT.callTrace, "TRACE", span, {
      dev_name: "render_macro",
      extra: { macro: { string: i % 2 ? "ref" : "source" } },
      file: "crates/dbt-jinja-utils/src/invocation.rs",
      line: 212 + i,
    });
    yield makeSpanStart(trace);
    const end = em.clock.advance(0.02);
    yield makeSpanEnd(trace, { end, attributes: trace.attributes, status: null });
  }
  for (let i = 0; i < (noise.userLogsPerEvaluation ?? 0); i++) {
    yield em.log(span, "DEBUG", EVENT.userLogMessage, `Writing runtime sql for node "${node.uniqueId}"`, {
      column: 7,
      dbt_core_event_code: "I063",
      line: 10 + i,
      package_name: nodePackage(node),
      phase: toPhase(phase),
      relative_path: "dbt_internal_packages/dbt-adapters/macros/etc/statement.sql",
      unique_id: node.uniqueId,
    });
  }
  if (noise.compiledCode && phase === "RENDER") {
    const name = nodeName(node);
    yield em.log(span, "DEBUG", EVENT.compiledCode, "", {
      node_name: name,
      relative_path: `target/compiled/models/${name}.sql`,
      sql: `select\n    id,\n    amount / 100 as amount_usd\nfrom analytics.dbt_ci_raw.raw_${name}\n`,
      unique_id: node.uniqueId,
    });
  }
}

function computeMetrics(states: NodeState[]): { metrics: Record<string, unknown>; hasErrors: boolean } {
  const counts: Counts = { success: 0, warn: 0, error: 0, reused: 0, skipped: 0, canceled: 0, no_op: 0 };
  const types: Record<string, number> = {};
  for (const { node } of states) {
    if (node.inSelection === false) continue;
    types[node.kind] = (types[node.kind] ?? 0) + 1;
    counts[statusBucket(node)]++;
  }
  const toStrings = (o: Record<string, number>) =>
    Object.fromEntries(
      Object.entries(o)
        .filter(([, v]) => v > 0)
        .map(([k, v]) => [k, String(v)]),
    );
  return {
    metrics: {
      autofix_suggestions: "0",
      node_type_counts: toStrings(types),
      status_counts: toStrings({ ...counts }),
      total_errors: String(counts.error),
      total_warnings: String(counts.warn),
    },
    hasErrors: counts.error > 0 || counts.canceled > 0,
  };
}

/** metric_aggregator buckets: failed test → error, warned test → warn, freshness warn/fail → success. */
function statusBucket(node: NodeSpec): keyof Counts {
  switch (node.outcome) {
    case "error":
      return "error";
    case "canceled":
      return "canceled";
    case "skipped":
      return node.skipReason === "cached" ? "reused" : node.skipReason === "no_op" ? "no_op" : "skipped";
    case "success":
      if (node.test?.outcome === "failed") return "error";
      if (node.test?.outcome === "warned" || node.warnings?.length) return "warn";
      return "success";
  }
}
