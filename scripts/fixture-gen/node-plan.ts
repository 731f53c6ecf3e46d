// Per-node derived facts: names, base attributes and the list of evaluations (one per phase).
import { createHash } from "node:crypto";
import { toCacheReason, toFreshnessOutcome, toMaterialization, toNodeType, toTestOutcome } from "./enums.js";
import type { InvocationSpec, Materialization, NodeSpec, Outcome, Phase, SkipReason } from "./types.js";

export interface Evaluation {
  phase: Phase;
  outcome: Outcome;
  skipReason?: SkipReason;
  /** The evaluation that carries the node's final outcome and details. */
  deciding: boolean;
}

export function sha256Hex(text: string): string {
  return createHash("sha256").update(text).digest("hex");
}

export function md5Hex(text: string): string {
  return createHash("md5").update(text).digest("hex");
}

/** `test.shop.not_null_orders_id.1a2b` → `not_null_orders_id`; other ids → last segment. */
export function nodeName(node: NodeSpec): string {
  const parts = node.uniqueId.split(".");
  if (node.kind === "test") return parts[2] ?? node.uniqueId;
  return parts[parts.length - 1] ?? node.uniqueId;
}

export function nodePackage(node: NodeSpec): string {
  return node.uniqueId.split(".")[1] ?? "";
}

function defaultMaterialization(node: NodeSpec): Materialization | undefined {
  switch (node.kind) {
    case "model":
      return nodeName(node).startsWith("stg_") ? "view" : "table";
    case "seed":
      return "table"; // preview.120 reports seeds as TABLE
    case "snapshot":
      return "snapshot";
    case "test":
      return "test";
    case "unit_test":
      return "unit";
    case "analysis":
      return "analysis";
    case "source":
      return undefined;
  }
}

function defaultRelativePath(node: NodeSpec): string {
  const name = nodeName(node);
  const pkg = nodePackage(node);
  const root = pkg === "shop" ? "" : `dbt_packages/${pkg}/`;
  switch (node.kind) {
    case "model":
      return `${root}models/${name.startsWith("stg_") ? "staging" : "marts"}/${name}.sql`;
    case "seed":
      return `${root}seeds/${name}.csv`;
    case "snapshot":
      return `${root}snapshots/${name}.sql`;
    case "analysis":
      return `${root}analyses/${name}.sql`;
    case "source":
      return `${root}models/staging/__sources.yml`;
    case "test":
      return `${root}tests/${name}.sql`;
    case "unit_test":
      return `${root}models/marts/${node.identifier ?? "unit_tests"}.yml`;
  }
}

/** Attributes shared by NodeProcessed and NodeEvaluated of this node (proto field names, JSONL form). */
export function makeBaseNodeAttributes(node: NodeSpec, inv: InvocationSpec): Record<string, unknown> {
  const name = nodeName(node);
  const isTest = node.kind === "test" || node.kind === "unit_test";
  const materialization = node.materialization ?? defaultMaterialization(node);
  const schema = inv.schema ?? "dbt_ci";
  const attrs: Record<string, unknown> = {
    database: inv.database ?? "analytics",
    identifier: node.identifier ?? (node.kind === "source" ? name : name),
    name,
    node_type: toNodeType(node.kind),
    relative_path: node.relativePath ?? defaultRelativePath(node),
    sao_enabled: false,
    schema:
      node.kind === "test"
        ? `${schema}_dbt_test__audit`
        : node.kind === "seed" || node.kind === "source"
          ? `${schema}_raw`
          : schema,
    unique_id: node.uniqueId,
  };
  if (materialization) attrs.materialization = toMaterialization(materialization);
  if (!isTest) attrs.node_checksum = sha256Hex(node.uniqueId);
  if (node.definedAt) {
    attrs.defined_at_line = node.definedAt.line;
    attrs.defined_at_col = node.definedAt.col;
  }
  return attrs;
}

/** Deciding phase: explicit, else RUN for errors when the node runs, else the node's last phase. */
export function planEvaluations(node: NodeSpec, inv: InvocationSpec): Evaluation[] {
  const phases = node.phases ?? inv.nodePhases;
  const fallback = phases[phases.length - 1];
  const deciding = node.decidingPhase ?? fallback;
  const decidingIndex = phases.indexOf(deciding as Phase);
  const out: Evaluation[] = [];
  phases.forEach((phase, i) => {
    const override = node.phaseOverrides?.find((o) => o.phase === phase);
    if (override) {
      out.push({
        phase,
        outcome: override.outcome,
        skipReason: override.skipReason,
        deciding: i === decidingIndex,
      });
    } else if (i < decidingIndex) {
      out.push({ phase, outcome: "success", deciding: false });
    } else if (i === decidingIndex) {
      out.push({ phase, outcome: node.outcome, skipReason: node.skipReason, deciding: true });
    } else if (node.outcome === "error" || node.outcome === "canceled") {
      // Later phases of a failed node are opened already skipped (preview.120 sample: ANALYZE after a RENDER error).
      out.push({ phase, outcome: "skipped", skipReason: "phase_skipped", deciding: false });
    }
  });
  return out;
}

/** The flattened oneof detail for the deciding evaluation / NodeProcessed, JSONL key → message. */
export function makeOutcomeDetail(node: NodeSpec): Record<string, Record<string, unknown>> {
  if (node.outcome === "skipped" && node.skipReason === "upstream" && node.upstream) {
    return { node_skip_upstream_detail: { upstream_unique_id: node.upstream } };
  }
  if (node.cache) {
    const detail: Record<string, unknown> = { node_cache_reason: toCacheReason(node.cache.reason) };
    if (node.cache.buildAfterSeconds !== undefined)
      detail.build_after_seconds = String(node.cache.buildAfterSeconds);
    if (node.cache.lastUpdatedSeconds !== undefined)
      detail.last_updated_seconds = String(node.cache.lastUpdatedSeconds);
    if (node.cache.message) detail.message = node.cache.message;
    return { node_cache_detail: detail };
  }
  if (node.test && node.outcome === "success") {
    const detail: Record<string, unknown> = { test_outcome: toTestOutcome(node.test.outcome) };
    if (node.test.failingRows) detail.failing_rows = node.test.failingRows;
    if (node.test.diffTable) detail.diff_table = node.test.diffTable;
    if (node.test.storeFailures) detail.store_failures = true;
    return { node_test_detail: detail };
  }
  if (node.freshness && node.outcome === "success") {
    return {
      node_freshness_outcome: {
        node_freshness_outcome: toFreshnessOutcome(node.freshness.outcome),
        age_seconds: String(node.freshness.ageSeconds),
      },
    };
  }
  if (node.warnings?.length) {
    return { node_evaluation_detail: { node_warning_outcome: "NODE_WARNING_OUTCOME_WITH_WARNINGS" } };
  }
  if (node.reportNoWarnings && node.outcome === "success") {
    return { node_evaluation_detail: { node_warning_outcome: "NODE_WARNING_OUTCOME_NO_WARNINGS" } };
  }
  return {};
}
