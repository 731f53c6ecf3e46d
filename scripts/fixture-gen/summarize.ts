// Markdown summary of a generated run (from the records themselves), for the fixtures README.
import { EVENT } from "./enums.js";
import type { JsonlRecord } from "./types.js";

function short(value: unknown, prefix: string): string {
  return typeof value === "string" ? value.replace(prefix, "") : "";
}

function describeDetail(a: Record<string, unknown>): string {
  const parts: string[] = [];
  const test = a.node_test_detail as Record<string, unknown> | undefined;
  if (test) {
    parts.push(`test ${short(test.test_outcome ?? "TEST_OUTCOME_PASSED", "TEST_OUTCOME_")}`);
    if (test.failing_rows) parts.push(`failing_rows=${String(test.failing_rows)}`);
    if (test.diff_table) parts.push("diff_table");
  }
  const skip = a.node_skip_upstream_detail as Record<string, unknown> | undefined;
  if (skip) parts.push(`upstream=${String(skip.upstream_unique_id)}`);
  const fresh = a.node_freshness_outcome as Record<string, unknown> | undefined;
  if (fresh) {
    const outcome = short(fresh.node_freshness_outcome ?? "PASSED", "SOURCE_FRESHNESS_OUTCOME_OUTCOME_");
    parts.push(`freshness ${outcome} age=${String(fresh.age_seconds)}s`);
  }
  const cache = a.node_cache_detail as Record<string, unknown> | undefined;
  if (cache)
    parts.push(
      `cache ${short(cache.node_cache_reason ?? "NODE_CACHE_REASON_NO_CHANGES", "NODE_CACHE_REASON_")}`,
    );
  const evaluation = a.node_evaluation_detail as Record<string, unknown> | undefined;
  if (evaluation) parts.push(short(evaluation.node_warning_outcome, "NODE_WARNING_OUTCOME_"));
  if (a.node_error_type) parts.push(short(a.node_error_type, "NODE_ERROR_TYPE_"));
  return parts.join(", ");
}

/** One table per invocation: every NodeProcessed SpanEnd, plus ERROR/WARN LogMessage bodies. */
export function summarizeRecords(records: readonly JsonlRecord[]): string {
  const byTrace = new Map<string, JsonlRecord[]>();
  for (const r of records) {
    const list = byTrace.get(r.trace_id) ?? [];
    list.push(r);
    byTrace.set(r.trace_id, list);
  }
  const out: string[] = [];
  for (const [trace, recs] of byTrace) {
    const invEnd = recs.find((r) => r.event_type === EVENT.invocation && r.record_type === "SpanEnd");
    const invStart = recs.find((r) => r.event_type === EVENT.invocation);
    const cmd = (invStart?.attributes.raw_command as string | undefined) ?? "?";
    out.push(
      `Invocation \`${trace}\` (\`${cmd}\`): ${invEnd ? `status ${JSON.stringify(invEnd.status)}` : "**never ended**"}`,
    );
    out.push("");
    const nodes = recs.filter((r) => r.event_type === EVENT.nodeProcessed && r.record_type === "SpanEnd");
    const opened = recs.filter((r) => r.event_type === EVENT.nodeProcessed && r.record_type === "SpanStart");
    if (opened.length === 0) {
      out.push("No nodes.", "");
      continue;
    }
    out.push("| unique_id | node_outcome | skip reason | detail | duration_ms | last_phase |");
    out.push("|---|---|---|---|---|---|");
    const endBySpan = new Map(nodes.map((r) => [r.span_id, r]));
    const large = opened.length > 40;
    if (large) out.push(`| (${opened.length} nodes; only non-SUCCESS and failing tests listed) | | | | | |`);
    for (const start of opened) {
      const end = endBySpan.get(start.span_id);
      const detail = (end?.attributes.node_test_detail ?? {}) as Record<string, unknown>;
      if (large && end?.attributes.node_outcome === "NODE_OUTCOME_SUCCESS" && !detail.test_outcome) continue;
      const a = end?.attributes ?? {};
      out.push(
        `| \`${String(start.attributes.unique_id)}\` | ${end ? short(a.node_outcome, "NODE_OUTCOME_") : "**no SpanEnd**"} | ${short(a.node_skip_reason, "NODE_SKIP_REASON_")} | ${describeDetail(a)} | ${String(a.duration_ms ?? "")} | ${short(a.last_phase, "EXECUTION_PHASE_")} |`,
      );
    }
    const logs = recs.filter(
      (r) => r.event_type === EVENT.logMessage && (r.severity_text === "ERROR" || r.severity_text === "WARN"),
    );
    if (logs.length) {
      out.push("", "ERROR / WARN LogMessages (first line of body):");
      for (const l of logs) {
        const first = (l.body ?? "").split("\n")[0];
        out.push(
          `- ${l.severity_text} \`${String(l.attributes.unique_id)}\` (${short(l.attributes.phase, "EXECUTION_PHASE_")}): ${first}`,
        );
      }
    }
    const metrics = (invEnd?.attributes.metrics as Record<string, unknown> | undefined)?.status_counts;
    if (metrics) out.push("", `Invocation metrics status_counts: \`${JSON.stringify(metrics)}\``);
    out.push("");
  }
  return out.join("\n");
}
