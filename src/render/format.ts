import { statusRow } from "../model/status-table.js";
import type { ResourceType } from "../model/types.js";
import { escapeText } from "./escape.js";

export function formatDuration(ms: number | null | undefined): string {
  if (ms === null || ms === undefined) return "–";
  if (ms < 1_000) return `${Math.round(ms)} ms`;
  const seconds = ms / 1_000;
  if (seconds < 60) return `${seconds.toFixed(seconds < 10 ? 2 : 1)} s`;
  const minutes = Math.floor(seconds / 60);
  const rest = Math.round(seconds - minutes * 60);
  return `${minutes} min ${rest} s`;
}

/** The status's icon; ❔ for a value that is not a status (a hostile or newer baseline report). */
export function statusIcon(status: string): string {
  return statusRow(status)?.icon ?? "❔";
}

/** The status's word; a value that is not a status is shown escaped. */
export function statusWord(status: string): string {
  return statusRow(status)?.label ?? escapeText(status);
}

/** "✅ success": icon and word. */
export function statusText(status: string): string {
  return `${statusIcon(status)} ${statusWord(status)}`;
}

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

/** "unit test"; a type that is not one (a hostile or newer baseline report) is called "node". */
export function resourceLabel(type: ResourceType): string {
  return Object.hasOwn(RESOURCE_LABEL, type) ? RESOURCE_LABEL[type] : "node";
}

export function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}
