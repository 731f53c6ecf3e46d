// Enum values arrive as proto value names on the wire (`NODE_OUTCOME_SUCCESS`, `EXECUTION_PHASE_RUN`),
// but the public docs show a simplified spelling (`success`, `Run`) and pbjson also accepts numbers.
// Each normaliser accepts all three and returns a lower-case token, or null for unknown/unspecified
// values (unknown values are ignored, never fatal). Node types and materializations are the
// exception: their numbers are not documented (fusion-telemetry.md §6.4), so a number is unknown.

// The same few enum strings repeat on every record: normalise each distinct spelling once.
const tokenCaches = new Map<string, Map<string, string | null>>();
const MAX_CACHED = 1_000;

function fromProto(value: unknown, prefix: string, numbers: readonly string[]): string | null {
  if (typeof value === "number") return numbers[value] ?? null;
  if (typeof value !== "string" || value === "") return null;
  let cache = tokenCaches.get(prefix);
  if (!cache) tokenCaches.set(prefix, (cache = new Map()));
  const cached = cache.get(value);
  if (cached !== undefined) return cached;
  let token = value.startsWith(prefix) ? value.slice(prefix.length) : value;
  // Docs spelling: `Run`, `PhaseDisabled`, `no-op` → snake case.
  token = token
    .replace(/([a-z0-9])([A-Z])/g, "$1_$2")
    .replace(/[-\s]/g, "_")
    .toLowerCase();
  const result = token === "unspecified" ? null : token;
  // Unknown values are unbounded in theory (a corrupt file); stop caching rather than grow.
  if (cache.size < MAX_CACHED) cache.set(value, result);
  return result;
}

const NODE_OUTCOMES = ["unspecified", "success", "error", "canceled", "skipped"] as const;

export function normalizeNodeOutcome(value: unknown): "success" | "error" | "canceled" | "skipped" | null {
  const token = fromProto(value, "NODE_OUTCOME_", NODE_OUTCOMES);
  if (token === "cancelled") return "canceled";
  if (token === "skip") return "skipped";
  return token === "success" || token === "error" || token === "canceled" || token === "skipped"
    ? token
    : null;
}

const SKIP_REASONS = [
  "unspecified",
  "upstream",
  "cached",
  "phase_disabled",
  "no_op",
  "phase_skipped",
] as const;

export function normalizeSkipReason(
  value: unknown,
): "upstream" | "cached" | "phase_disabled" | "no_op" | "phase_skipped" | null {
  let token = fromProto(value, "NODE_SKIP_REASON_", SKIP_REASONS);
  if (token === "noop") token = "no_op";
  return (SKIP_REASONS as readonly string[]).includes(token ?? "") && token !== "unspecified"
    ? (token as "upstream" | "cached" | "phase_disabled" | "no_op" | "phase_skipped")
    : null;
}

const ERROR_TYPES = ["internal", "external", "user"] as const;

export function normalizeErrorType(value: unknown): "user" | "external" | "internal" | null {
  // NODE_ERROR_TYPE_INTERNAL is value 0 but the field is `optional`, so it is written when set.
  if (typeof value === "number") return ERROR_TYPES[value] ?? null;
  const token = fromProto(value, "NODE_ERROR_TYPE_", ERROR_TYPES);
  return token === "user" || token === "external" || token === "internal" ? token : null;
}

const TEST_OUTCOMES = ["passed", "warned", "failed"] as const;

/** A missing test outcome means PASSED: proto3 JSON omits enum value 0. */
export function normalizeTestOutcome(value: unknown): "passed" | "warned" | "failed" | null {
  if (value === undefined || value === null || value === "") return "passed";
  const token = fromProto(value, "TEST_OUTCOME_", TEST_OUTCOMES);
  if (token === "pass") return "passed";
  if (token === "warn") return "warned";
  if (token === "fail") return "failed";
  return token === "passed" || token === "warned" || token === "failed" ? token : null;
}

const FRESHNESS_OUTCOMES = ["passed", "warned", "failed"] as const;

/** `SOURCE_FRESHNESS_OUTCOME_OUTCOME_WARNED`: the word OUTCOME really appears twice. */
export function normalizeFreshnessOutcome(value: unknown): "pass" | "warn" | "error" | null {
  if (value === undefined || value === null || value === "") return "pass";
  let token = fromProto(value, "SOURCE_FRESHNESS_OUTCOME_", FRESHNESS_OUTCOMES);
  if (token?.startsWith("outcome_")) token = token.slice("outcome_".length);
  if (token === "passed" || token === "pass") return "pass";
  if (token === "warned" || token === "warn") return "warn";
  if (token === "failed" || token === "fail" || token === "error") return "error";
  return null;
}

/** ExecutionPhase's numbers (fusion-telemetry.md §6.3): sparse, ten apart with two in between. */
const PHASE_NUMBERS: readonly string[] = Object.assign([], {
  10: "clean",
  20: "load_project",
  30: "parse",
  40: "schedule",
  45: "compare",
  50: "init_adapter",
  60: "defer_hydration",
  65: "schema_hydration",
  70: "task_graph_build",
  80: "node_cache_hydration",
  90: "render",
  100: "analyze",
  110: "run",
  120: "freshness_analysis",
  130: "lineage",
  140: "debug",
  150: "on_run_start",
  160: "on_run_end",
});

export function normalizePhase(value: unknown): string | null {
  return fromProto(value, "EXECUTION_PHASE_", PHASE_NUMBERS);
}

export function normalizeNodeType(value: unknown): string | null {
  return fromProto(value, "NODE_TYPE_", []);
}

export function normalizeMaterialization(value: unknown): string | null {
  return fromProto(value, "NODE_MATERIALIZATION_", []);
}

export function normalizeWarningOutcome(value: unknown): "with_warnings" | "no_warnings" | null {
  const token = fromProto(value, "NODE_WARNING_OUTCOME_", ["unspecified", "no_warnings", "with_warnings"]);
  return token === "with_warnings" || token === "no_warnings" ? token : null;
}

export function normalizeQueryOutcome(value: unknown): "success" | "error" | "canceled" | null {
  const token = fromProto(value, "QUERY_OUTCOME_", ["unspecified", "success", "error", "canceled"]);
  return token === "success" || token === "error" || token === "canceled" ? token : null;
}

/**
 * A span status code: OpenTelemetry's number (0 unset, 1 ok, 2 error), as the engine writes it, or
 * its name (`STATUS_CODE_ERROR`, `Error`), as other OpenTelemetry JSON does: an invocation's Error
 * read as no code would conclude a run that failed without a node error a success.
 */
export function normalizeStatusCode(value: unknown): number | null {
  if (typeof value === "number") return Number.isSafeInteger(value) ? value : null;
  if (typeof value !== "string") return null;
  if (/^\d{1,9}$/.test(value)) return Number(value);
  const token = fromProto(value, "STATUS_CODE_", ["unset", "ok", "error"]);
  return token === "error" ? 2 : token === "ok" ? 1 : token === "unset" ? 0 : null;
}

/** `v1.public.events.fusion.node.NodeProcessed` → `NodeProcessed`; legacy short tags pass through. */
export function eventName(eventType: string): string {
  const dot = eventType.lastIndexOf(".");
  return dot === -1 ? eventType : eventType.slice(dot + 1);
}
