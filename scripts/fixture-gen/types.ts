// Shapes shared by the fixture generator: the scenario spec (input) and the JSONL record (output).

/** Execution phase without the `EXECUTION_PHASE_` prefix, e.g. `RUN`. */
export type Phase =
  | "LOAD_PROJECT"
  | "PARSE"
  | "SCHEDULE"
  | "INIT_ADAPTER"
  | "TASK_GRAPH_BUILD"
  | "NODE_CACHE_HYDRATION"
  | "RENDER"
  | "ANALYZE"
  | "RUN"
  | "FRESHNESS_ANALYSIS"
  | "ON_RUN_START"
  | "ON_RUN_END";

export type NodeKind = "model" | "seed" | "snapshot" | "test" | "unit_test" | "source" | "analysis";
export type Outcome = "success" | "error" | "skipped" | "canceled";
export type SkipReason = "upstream" | "cached" | "phase_disabled" | "no_op" | "phase_skipped";
export type ErrorType = "internal" | "external" | "user";
export type TestOutcome = "passed" | "warned" | "failed";
export type CacheReason =
  | "no_changes"
  | "still_fresh"
  | "update_criteria_not_met"
  | "cloned_existing"
  | "cloned_existing_still_fresh";
export type Materialization =
  "table" | "view" | "incremental" | "ephemeral" | "seed" | "snapshot" | "test" | "unit" | "analysis";

/** A Fusion LogMessage (error or warning text). `body` may hold ANSI colour codes: JSONL strips them, Parquet keeps them. */
export interface LogSpec {
  body: string;
  code?: number;
  /** Written only for versions that know `code_name` (preview.179+). */
  codeName?: string;
  relativePath?: string;
  line?: number;
  column?: number;
}

export interface QuerySpec {
  sql?: string;
  description?: string;
  durationMs?: number;
  /** Marks the query as failed: QUERY_OUTCOME_ERROR with this adapter message and SpanEnd status code 2. */
  error?: { adapterMessage: string; vendorCode?: number };
  /** QUERY_OUTCOME_CANCELED (user interrupt). */
  canceled?: boolean;
}

/** One node evaluation that deviates from the default derived from the node's final outcome. */
export interface PhaseOverride {
  phase: Phase;
  outcome: Outcome;
  skipReason?: SkipReason;
}

export interface NodeSpec {
  uniqueId: string;
  kind: NodeKind;
  materialization?: Materialization;
  /** Definition path; defaults from kind and name. */
  relativePath?: string;
  /** YAML declaration location (generic tests, unit tests): 1-based line, 0-based column. */
  definedAt?: { line: number; col: number };
  /** Unit tests: the model under test (used as `identifier`). */
  identifier?: string;
  outcome: Outcome;
  errorType?: ErrorType;
  /** Phase where the deciding evaluation happens; defaults to the last node phase (for errors RUN). */
  decidingPhase?: Phase;
  /** ERROR LogMessage emitted inside the deciding NodeEvaluated span. */
  errorLog?: LogSpec;
  skipReason?: SkipReason;
  upstream?: string;
  test?: { outcome: TestOutcome; failingRows?: number; diffTable?: string; storeFailures?: boolean };
  freshness?: { outcome: TestOutcome; ageSeconds: number };
  cache?: { reason: CacheReason; buildAfterSeconds?: number; lastUpdatedSeconds?: number; message?: string };
  /** WARN LogMessages inside the deciding span; also sets node_evaluation_detail WITH_WARNINGS. */
  warnings?: LogSpec[];
  /** Explicit `node_evaluation_detail.node_warning_outcome` = NO_WARNINGS when no warnings are given. */
  reportNoWarnings?: boolean;
  /** Phases this node is evaluated in; defaults to the invocation's node phases. */
  phases?: Phase[];
  phaseOverrides?: PhaseOverride[];
  /** Wall time of each NodeEvaluated span in ms (fractional allowed); per phase or one number for all. */
  phaseMs?: number | Partial<Record<Phase, number>>;
  /** Connection-limit wait inside the deciding evaluation (wrapped layout only). */
  idleMs?: number;
  /** Queries run inside the deciding evaluation; default: one successful query for executed RUN evaluations. */
  queries?: QuerySpec[];
  rowsAffected?: number;
  inSelection?: boolean;
  group?: string;
  cancelReason?: "user_cancelled";
}

export interface NoiseSpec {
  /** `dev.CallTrace` spans (TRACE) per node evaluation. */
  callTracesPerEvaluation?: number;
  /** DEBUG UserLogMessage records per node evaluation. */
  userLogsPerEvaluation?: number;
  /** DEBUG CompiledCode records per RENDER evaluation. */
  compiledCode?: boolean;
  /** Extra successful QueryExecuted spans per RUN evaluation. */
  extraQueriesPerRun?: number;
}

export interface InvocationSpec {
  /** dbt version, e.g. `2.0.0-preview.176`. Drives idle_time_ms / code_name availability. */
  version: string;
  /** NodeEvaluated json_payload layout in Parquet: `legacy` (<= preview.177) or `wrapped` (>= .178). */
  payloadLayout: "legacy" | "wrapped";
  command: string;
  rawCommand?: string;
  select?: string[];
  target?: string;
  adapterType?: string;
  database?: string;
  schema?: string;
  /** Base time as a decimal ns string; defaults to a fixed instant with non-zero sub-ms digits. */
  startTimeNs?: string;
  setupPhases?: Phase[];
  nodePhases: Phase[];
  nodes: NodeSpec[];
  noise?: NoiseSpec;
  /** Stop emitting after this many nodes have been opened in the last node phase: spans stay open, no SpanEnd. */
  crashAfterNodes?: number;
  /** Close NodeProcessed before its last NodeEvaluated (engine behaviour before preview.175). */
  legacyCloseOrder?: boolean;
}

export interface ScenarioSpec {
  name: string;
  description: string;
  seed: number;
  invocations: InvocationSpec[];
  /** Write SpanStart rows to Parquet (the engine does); false drops them. */
  parquetSpanStart?: boolean;
  /** Crashed run: cut the Parquet file to this many bytes (no footer). */
  truncateParquetBytes?: number;
  /** Crashed run: cut the last JSONL line to this many characters, with no trailing newline. */
  truncateLastJsonlLineChars?: number;
}

export type RecordType = "SpanStart" | "SpanEnd" | "LogRecord";

export interface JsonlLink {
  trace_id: string;
  span_id: string;
  attributes: Record<string, unknown>;
}

/** A record exactly as the engine writes one JSONL line (key order matters for serialisation). */
export interface JsonlRecord {
  record_type: RecordType;
  trace_id: string;
  span_id: string | null;
  span_name: string | null;
  parent_span_id?: string | null;
  links?: JsonlLink[] | null;
  start_time_unix_nano?: string;
  end_time_unix_nano?: string;
  time_unix_nano?: string;
  event_id?: string;
  severity_number: number;
  severity_text: string;
  body?: string;
  status?: { message: string | null; code: number } | null;
  event_type: string;
  attributes: Record<string, unknown>;
}

/** Parquet-only facts that JSONL does not carry. Symbol-keyed so JSON.stringify ignores them. */
export const PARQUET_HINTS: unique symbol = Symbol("parquet-hints");

export interface ParquetHints {
  /** LogMessage body before the JSONL writer stripped ANSI codes. */
  rawBody?: string;
  /** NodeEvaluated json_payload layout. */
  layout?: "legacy" | "wrapped";
  /** The json_payload text as given (hostile-input fixtures: a payload the mapping would never write). */
  payload?: string;
}

export type FusionRecord = JsonlRecord & { [PARQUET_HINTS]?: ParquetHints };
