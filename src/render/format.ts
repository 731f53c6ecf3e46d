import type { NodeStatus, ResourceType } from "../model/types.js";

export function formatDuration(ms: number | null | undefined): string {
  if (ms === null || ms === undefined) return "–";
  if (ms < 1_000) return `${Math.round(ms)} ms`;
  const seconds = ms / 1_000;
  if (seconds < 60) return `${seconds.toFixed(seconds < 10 ? 2 : 1)} s`;
  const minutes = Math.floor(seconds / 60);
  const rest = Math.round(seconds - minutes * 60);
  return `${minutes} min ${rest} s`;
}

export const STATUS_ICON: Record<NodeStatus, string> = {
  success: "✅",
  pass: "✅",
  error: "❌",
  fail: "❌",
  warn: "⚠️",
  skipped: "⏭️",
  reused: "♻️",
  "no-op": "➖",
  "phase-disabled": "➖",
  "phase-skipped": "⏭️",
  canceled: "🚫",
  unknown: "❔",
};

const RESOURCE_LABEL: Record<ResourceType, string> = {
  model: "model",
  seed: "seed",
  snapshot: "snapshot",
  source: "source",
  test: "test",
  unit_test: "unit test",
  function: "function",
  analysis: "analysis",
  operation: "operation",
  exposure: "exposure",
  metric: "metric",
  saved_query: "saved query",
  semantic_model: "semantic model",
  macro: "macro",
  unknown: "node",
};

export function resourceLabel(type: ResourceType): string {
  return RESOURCE_LABEL[type];
}

export function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}
