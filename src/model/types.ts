// The result model: plain data, serialised as-is into the JSON report (schema/report.schema.json).
// Field names are part of the report's public contract: add, never rename.

/** The engine's own node outcome, normalised from NODE_OUTCOME_* / docs spellings. */
export type NodeOutcome = "success" | "error" | "skipped" | "canceled" | "unspecified";

export type SkipReason = "upstream" | "cached" | "phase_disabled" | "no_op" | "phase_skipped";

/**
 * One status per node, in the words dbt Core users know, plus the Fusion-only states kept apart.
 * `reused`, `no-op`, `phase-disabled`, `phase-skipped` and `canceled` are never failures.
 */
export type NodeStatus =
  | "success"
  | "error"
  | "skipped"
  | "pass"
  | "warn"
  | "fail"
  | "reused"
  | "no-op"
  | "phase-disabled"
  | "phase-skipped"
  | "canceled"
  | "unknown";

export type ErrorType = "user" | "external" | "internal";

export type ResourceType =
  | "model"
  | "seed"
  | "snapshot"
  | "source"
  | "test"
  | "unit_test"
  | "function"
  | "analysis"
  | "operation"
  | "exposure"
  | "metric"
  | "saved_query"
  | "semantic_model"
  | "macro"
  | "doc"
  | "unknown";

export interface NodeLocation {
  /** Relative to the dbt project root, as the engine reports it but with `/` between folders (telemetry/values.ts). */
  path: string;
  /** 1-based; absent when the engine gave no line (most .sql files). */
  line?: number;
  /** 1-based (the engine's 0-based column + 1). */
  column?: number;
}

export interface NodeTiming {
  /** Working time: the engine's duration_ms (sum of phase wall times). */
  processingMs: number | null;
  /** First phase start to last phase end, including waiting on upstream nodes. */
  lifetimeMs: number | null;
  /** Time waiting for adapter connections (idle_time_ms; engines ≥ preview.178 only). */
  idleMs: number | null;
  /** Sum of QueryExecuted wall times under the node. */
  warehouseMs: number;
  queryCount: number;
  startedAt: string | null;
  completedAt: string | null;
}

export interface TestResult {
  outcome: "passed" | "warned" | "failed";
  failingRows: number;
  /** Unit tests: the engine's pretty-printed expected/actual diff. */
  diffTable?: string;
  storeFailures?: boolean;
}

export interface FreshnessResult {
  outcome: "pass" | "warn" | "error";
  ageSeconds?: number;
}

export interface LogLine {
  severity: "ERROR" | "WARN";
  text: string;
  code?: number;
  phase?: string;
  location?: NodeLocation;
}

export interface NodeResult {
  uniqueId: string;
  name: string;
  resourceType: ResourceType;
  /** Package segment of the unique_id (`model.<package>.<name>`). */
  packageName: string | null;
  materialization: string | null;
  outcome: NodeOutcome;
  skipReason: SkipReason | null;
  status: NodeStatus;
  errorType: ErrorType | null;
  /** The most useful error text (ERROR log in the node's spans, else a failed query's message). */
  message: string | null;
  /** ERROR and WARN log lines emitted inside the node (bounded). */
  logs: readonly LogLine[];
  test: TestResult | null;
  freshness: FreshnessResult | null;
  /** For upstream skips: the node named by the engine as the cause. */
  skippedBecauseOf: string | null;
  /** For upstream skips: the root of the chain (followed transitively). */
  skipRoot: string | null;
  /** Phase the node finished in (render, analyze, run, ...). */
  lastPhase: string | null;
  inSelection: boolean;
  rowsAffected: number | null;
  timing: NodeTiming;
  location: NodeLocation | null;
  /**
   * The invocationId of the `dbt retry` that ran this node again: its result there replaces this one
   * in the report's counts, conclusion and annotations. Absent for a node's latest result.
   */
  supersededBy?: string;
}

export interface SkipChain {
  /** The node that failed (or was otherwise not built) and caused the skips. */
  rootId: string;
  rootStatus: NodeStatus | "missing";
  /** Every node skipped because of the root, directly or transitively, in chain order. */
  skipped: { uniqueId: string; via: string; depth: number }[];
}

export interface PhaseSummary {
  phase: string;
  durationMs: number | null;
  nodeCountTotal: number | null;
  nodeCountSkipped: number | null;
  nodeCountError: number | null;
}

export interface StatusCounts {
  total: number;
  success: number;
  error: number;
  skipped: number;
  pass: number;
  warn: number;
  fail: number;
  reused: number;
  noOp: number;
  phaseDisabled: number;
  phaseSkipped: number;
  canceled: number;
  unknown: number;
}

export interface SlowNode {
  uniqueId: string;
  name: string;
  resourceType: ResourceType;
  status: NodeStatus;
  processingMs: number | null;
  lifetimeMs: number | null;
  idleMs: number | null;
  warehouseMs: number;
}

export interface Slowest {
  byProcessing: SlowNode[];
  byLifetime: SlowNode[];
  byIdle: SlowNode[];
  byWarehouse: SlowNode[];
}

/** Where this invocation's telemetry came from (a local file, a dbt platform step). */
export interface InvocationSource {
  files: string[];
  format: "parquet" | "jsonl";
  /** dbt platform job step, when read from a platform run. */
  step?: { index: number; name: string; runId: number; url?: string };
}

export interface Invocation {
  invocationId: string;
  traceId: string;
  command: string | null;
  rawCommand: string | null;
  dbtVersion: string | null;
  target: string | null;
  startedAt: string | null;
  completedAt: string | null;
  durationMs: number | null;
  /** `complete` when the Invocation span ended; `incomplete` for a crashed or cut-off run. */
  state: "complete" | "incomplete";
  /** Invocation span status: e.g. "Executed with errors". */
  statusMessage: string | null;
  failed: boolean;
  source: InvocationSource;
  phases: PhaseSummary[];
  nodes: NodeResult[];
  counts: StatusCounts;
  skipChains: SkipChain[];
  /** ERROR logs not tied to any node (project load, parse errors). */
  runErrors: LogLine[];
  slowest: Slowest;
  /** Recoverable problems met while reading (truncated line, unpaired spans). */
  readerWarnings: string[];
  /** For a `dbt retry`: the invocationId of the invocation it retried (the latest before it). */
  retryOf?: string;
}

/** A closed list of the JSON report: a new conclusion would bump schemaVersion. */
export const CONCLUSIONS = ["success", "failure", "neutral"] as const;
export type Conclusion = (typeof CONCLUSIONS)[number];
/** When the step fails (`fail-on`, `--fail-on`), in the order the help lists them. */
export const FAIL_ON_VALUES = ["errors", "warnings", "never", "new-errors"] as const;
export type FailOn = (typeof FAIL_ON_VALUES)[number];

export interface Report {
  /** Version of this JSON shape; bumped on incompatible change (see schema/). */
  schemaVersion: 1;
  generator: { name: "fusion-report"; version: string };
  invocations: Invocation[];
  /** Each node's latest result: a node a `dbt retry` ran again is counted once, by its retry. */
  counts: StatusCounts;
  conclusion: Conclusion;
  /** Why the conclusion is what it is, one short sentence. */
  conclusionReason: string;
  /** Present when a base-branch report was compared (baseline input / --baseline). */
  baseline?: BaselineComparison;
  /**
   * Warnings about files no invocation was read from (one cut off before its run began): present
   * when there are any. Each invocation lists those about its own files.
   */
  readerWarnings?: string[];
  /** Nodes that failed, then passed on `dbt retry`: present when there are any. */
  passedOnRetry?: PassedOnRetry[];
}

/** A node that failed (error or failed test), then passed on `dbt retry`: flaky, or fixed between the two. */
export interface PassedOnRetry {
  uniqueId: string;
  name: string;
  resourceType: ResourceType;
  /** Its failing result in the invocation the retry retried. */
  failedStatus: NodeStatus;
  /** Its result in the retry. */
  status: NodeStatus;
  /** The retry's invocationId. */
  passedIn: string;
}

/** `still-failing` also covers "still warning" in the warnings list. */
export type BaselineLabel = "new" | "still-failing" | "fixed";

/** A node selected in both runs whose failure (error/fail) or warning appeared, stayed or went. */
export interface BaselineNodeChange {
  uniqueId: string;
  name: string;
  resourceType: ResourceType;
  label: BaselineLabel;
  status: NodeStatus;
  baselineStatus: NodeStatus;
  /** This run's message; null for `fixed`. */
  message: string | null;
}

/** A node selected in only one of the two runs: never labelled new or fixed. */
export interface BaselinePresence {
  uniqueId: string;
  name: string;
  resourceType: ResourceType;
  status: NodeStatus;
}

export interface BaselineRegression {
  uniqueId: string;
  name: string;
  resourceType: ResourceType;
  /** timing.processingMs in the baseline and now. */
  beforeMs: number;
  afterMs: number;
  deltaMs: number;
  /** Growth in percent of beforeMs, one decimal. */
  percent: number;
}

/**
 * Change of processing time from the baseline, in percent of the baseline's time, over the nodes
 * compared that have a time in both runs: the middle half of them lies between p25 and p75.
 */
export interface TimingChange {
  nodes: number;
  p25Percent: number;
  medianPercent: number;
  p75Percent: number;
}

export interface BaselineComparison {
  baseline: {
    /** The file or artifact the baseline was read from. */
    source?: string;
    generatorVersion: string | null;
    invocationIds: string[];
    startedAt: string | null;
    conclusion: Conclusion | null;
  };
  regressionThresholdPercent: number;
  minRegressionMs: number;
  /** How processing times moved across the nodes compared: how noisy the timing comparison is. */
  timingChange?: TimingChange;
  counts: {
    /** Nodes selected in both runs. */
    compared: number;
    newFailures: number;
    fixedFailures: number;
    stillFailing: number;
    newWarnings: number;
    fixedWarnings: number;
    stillWarning: number;
    regressions: number;
    added: number;
    /** Added nodes whose status is error or fail. */
    addedFailing: number;
    removed: number;
  };
  /** error/fail changes, new first, then still-failing, then fixed. */
  failures: BaselineNodeChange[];
  warnings: BaselineNodeChange[];
  /** Slowest growth first. */
  regressions: BaselineRegression[];
  /** Selected now, not in the baseline's selection. */
  added: BaselinePresence[];
  /** Selected in the baseline, not in this run's selection. */
  removed: BaselinePresence[];
}
