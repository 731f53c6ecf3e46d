// dbt-compatible run_results.json (schema v6) for tools that read dbt Core artifacts.
import { latestResults } from "../model/retries.js";
import { STATUS, type RunResultsStatus } from "../model/status-table.js";
import type { Invocation, NodeResult, NodeStatus, Report } from "../model/types.js";
import { dbtCommandOf } from "../text/dbt-command.js";

export const RUN_RESULTS_SCHEMA = "https://schemas.getdbt.com/dbt/run-results/v6.json";

/**
 * Statuses as the engine's own writer uses them: cached → `reused`, no-op → `no-op`, a test that
 * found rows → `fail` with `failures` = failing rows. Fusion-only states have no v6 equivalent:
 * phase-disabled and phase-skipped become `skipped`, canceled becomes `skipped` (message says
 * canceled), and a node that never finished (crashed run) becomes `error`.
 */
export function legacyStatus(status: NodeStatus): RunResultsStatus {
  return STATUS[status].runResults;
}

export interface RunResultsArtifact {
  metadata: {
    dbt_schema_version: string;
    dbt_version: string;
    generated_at: string;
    invocation_id: string | null;
    invocation_started_at: string | null;
    env: Record<string, string>;
  };
  results: Record<string, unknown>[];
  elapsed_time: number;
  args: Record<string, unknown>;
}

/**
 * One artifact for the whole report, one result per node: tools that read dbt Core artifacts
 * (dbt-artifacts, elementary) key results by unique_id and would count a node twice. Several
 * invocations (append-mode JSONL, multi-step platform runs) are merged in order; a node seen again
 * replaces its earlier result, as a later dbt command would overwrite run_results.json, and after a
 * `dbt retry` each node has its latest result (retries.ts latestResults): the retry's where it ran
 * the node again, the build's where it did not (dbt's own file then holds the retry's results only).
 */
export function renderRunResults(report: Report, generatedAt: string): RunResultsArtifact {
  const { artifact, results } = runResultsInParts(report, generatedAt);
  artifact.results = [...results()];
  return artifact;
}

/**
 * renderRunResults' artifact with its results left empty, and the results made one at a time as
 * they are asked for: a writer that puts each into the file as it is made never holds 20,000 of
 * them (render/json-pieces.ts, jsonPiecesWithList).
 */
export function runResultsInParts(
  report: Report,
  generatedAt: string,
): { artifact: RunResultsArtifact; results: () => Generator<Record<string, unknown>> } {
  const byId = latestResults(report.invocations);
  const last: Invocation | undefined = report.invocations[report.invocations.length - 1];
  const elapsedMs = report.invocations.reduce((sum, inv) => sum + (inv.durationMs ?? observedMs(inv)), 0);
  const artifact: RunResultsArtifact = {
    metadata: {
      dbt_schema_version: RUN_RESULTS_SCHEMA,
      dbt_version: last?.dbtVersion ?? "unknown",
      generated_at: generatedAt,
      invocation_id: last?.invocationId ?? null,
      // The start of the invocation named above, as dbt writes the pair (not the first's).
      invocation_started_at: last?.startedAt ?? null,
      env: {},
    },
    results: [],
    elapsed_time: elapsedMs / 1000,
    args: {
      ...whichOf(retriedCommand(report.invocations)),
      ...(last?.rawCommand ? { invocation_command: last.rawCommand } : {}),
      ...(last?.target ? { target: last.target } : {}),
    },
  };
  return {
    artifact,
    *results() {
      for (const node of byId.values()) yield toResult(node);
    },
  };
}

/**
 * `args.which` as dbt Core writes it: the subcommand's own name, `freshness` for `dbt source
 * freshness` and `generate` for `dbt docs generate` (dbt/cli/types.py `Command`). `dbt retry` reads
 * it back with `Command.from_str`, which knows no `source freshness`. A dbt platform step without
 * telemetry has its command line here (`dbt --debug build --select x+`): its command, else none.
 */
function whichOf(command: string | null): { which?: string } {
  const which = command === null ? undefined : dbtCommandOf(command)?.split(" ").pop();
  return which ? { which } : {};
}

/**
 * The command the last invocation ran, or for a `dbt retry` the command it retried (the chain's
 * first): dbt Core's retry runs the earlier command again with its args and writes them, so a second
 * `dbt retry` (`TASK_DICT` in dbt/task/retry.py knows no `retry`) and a tool reading `which` see the
 * command whose nodes the file holds. `invocation_command` stays the command as typed.
 */
function retriedCommand(invocations: readonly Invocation[]): string | null {
  let at = invocations.length - 1;
  while (at > 0 && invocations[at]!.retryOf !== undefined) at--;
  return invocations[at]?.command ?? null;
}

/**
 * How long a run that did not finish (no end, so no duration) is known to have lasted: from its start
 * to the last end of a node it shows. 0 when that cannot be told. A node whose span the model found
 * implausible (no lifetime: an end in year 9999, say) ends nothing.
 */
function observedMs(inv: Invocation): number {
  const start = inv.startedAt ? Date.parse(inv.startedAt) : NaN;
  let last = -Infinity;
  for (const node of inv.nodes) {
    if (node.timing.lifetimeMs === null) continue;
    const end = node.timing.completedAt ? Date.parse(node.timing.completedAt) : NaN;
    if (end > last) last = end;
  }
  return last > start ? last - start : 0;
}

/**
 * The node's run_results status. A source whose freshness query itself failed is `runtime error`, as
 * dbt writes it; `error` on a source means its data is older than `error_after`.
 */
function runResultsStatusOf(node: NodeResult): RunResultsStatus | "runtime error" {
  if (node.resourceType === "source" && node.status === "error" && node.freshness?.outcome !== "error") {
    return "runtime error";
  }
  return legacyStatus(node.status);
}

function toResult(node: NodeResult): Record<string, unknown> {
  const { timing } = node;
  return {
    status: runResultsStatusOf(node),
    // Never an end before its start (times the report left out as implausible may still be here).
    timing:
      timing.startedAt && timing.completedAt && Date.parse(timing.completedAt) >= Date.parse(timing.startedAt)
        ? [{ name: "execute", started_at: timing.startedAt, completed_at: timing.completedAt }]
        : [],
    thread_id: "fusion",
    execution_time: (timing.processingMs ?? 0) / 1000,
    adapter_response: node.rowsAffected !== null ? { rows_affected: node.rowsAffected } : {},
    message: messageFor(node),
    failures: node.test ? node.test.failingRows : null,
    unique_id: node.uniqueId,
    compiled: null,
    compiled_code: null,
    relation_name: null,
    batch_results: null,
  };
}

function messageFor(node: NodeResult): string | null {
  switch (node.status) {
    case "fail":
    case "warn":
      if (node.test)
        return `Got ${node.test.failingRows} failing row${node.test.failingRows === 1 ? "" : "s"}`;
      return node.message;
    case "skipped":
      return node.skippedBecauseOf
        ? `Skipped because ${node.skippedBecauseOf} did not succeed`
        : node.message;
    case "canceled":
      return "Canceled";
    case "phase-disabled":
      return "Skipped: phase disabled";
    case "phase-skipped":
      return "Skipped: an earlier phase did not succeed";
    default:
      return node.message;
  }
}
