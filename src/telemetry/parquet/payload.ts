// A Parquet row's attributes → the JSONL attribute object, so the model sees one shape. The column
// values arrive under their JSONL names already (read-plan.ts renames as it reads); this merges the
// `json_payload` JSON text in, lifting a node's oneof detail from its Rust variant tag
// (`{"NodeTestDetail": …}`) to its JSONL field name (fusion-telemetry.md §5.5).
import { PAYLOAD_DETAIL } from "../read-plan.js";
import { isRecord } from "../values.js";

/** The Rust variant tags serde writes inside json_payload, and their JSONL field names. */
export const ONEOF_TAGS: Readonly<Record<string, string>> = {
  NodeCacheDetail: "node_cache_detail",
  NodeTestDetail: "node_test_detail",
  NodeFreshnessOutcome: "node_freshness_outcome",
  NodeSkipUpstreamDetail: "node_skip_upstream_detail",
  NodeEvaluationDetail: "node_evaluation_detail",
};

/** The row's json_payload is not JSON: the row is skipped with a warning. */
export class PayloadError extends Error {}

/**
 * Merges the payload into `attributes` (whose keys are already JSONL names) and returns it. The
 * payload is untrusted JSON: its own `__proto__` key is never copied.
 */
export function liftAttributes(
  event: string,
  attributes: Record<string, unknown>,
  jsonPayload: unknown,
): Record<string, unknown> {
  const payload = parsePayload(jsonPayload);
  if (payload) {
    if (event === "NodeProcessed" || event === "NodeEvaluated") liftNodePayload(payload, attributes);
    else {
      for (const key in payload) if (key !== "__proto__") attributes[key] = payload[key];
    }
  }
  return attributes;
}

function liftNodePayload(payload: Record<string, unknown>, out: Record<string, unknown>): void {
  // Legacy NodeEvaluated (≤ preview.177): the bare oneof `{"NodeTestDetail":{...}}`.
  // NodeProcessed and newer NodeEvaluated: `{"node_outcome_detail":{...}, "idle_time_ms":.., ...}`.
  for (const key in payload) {
    if (key === "__proto__") continue;
    const value = payload[key];
    if (key === "node_outcome_detail") {
      // Not an object: kept for events.ts to report, never read as "no detail" (a pass).
      if (isRecord(value)) liftOneof(value, out);
      else if (value !== null) out[PAYLOAD_DETAIL] = value;
    } else if (Object.hasOwn(ONEOF_TAGS, key)) {
      liftOneof({ [key]: value }, out);
    } else {
      out[key] = value;
    }
  }
}

function liftOneof(tagged: Record<string, unknown>, out: Record<string, unknown>): void {
  for (const tag in tagged) {
    if (tag === "__proto__") continue;
    const inner = tagged[tag];
    const field = Object.hasOwn(ONEOF_TAGS, tag) ? ONEOF_TAGS[tag]! : tag;
    // A detail that is not an object stays as it is: events.ts reports it (never read as `{}`, a pass).
    out[field] = inner;
  }
}

function parsePayload(value: unknown): Record<string, unknown> | null {
  if (typeof value !== "string" || value === "" || value === "null") return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch (error) {
    throw new PayloadError(`attributes.json_payload is not valid JSON (${(error as Error).message})`);
  }
  return isRecord(parsed) ? parsed : null;
}
