import { STATUS } from "./status-table.js";
import type { NodeResult, StatusCounts } from "./types.js";

export function emptyCounts(): StatusCounts {
  return {
    total: 0,
    success: 0,
    error: 0,
    skipped: 0,
    pass: 0,
    warn: 0,
    fail: 0,
    reused: 0,
    noOp: 0,
    phaseDisabled: 0,
    phaseSkipped: 0,
    canceled: 0,
    unknown: 0,
  };
}

export function countStatuses(nodes: readonly NodeResult[]): StatusCounts {
  const counts = emptyCounts();
  for (const node of nodes) {
    counts.total++;
    counts[STATUS[node.status].countKey]++;
  }
  return counts;
}

export function addCounts(a: StatusCounts, b: StatusCounts): StatusCounts {
  const sum = emptyCounts();
  for (const key of Object.keys(sum) as (keyof StatusCounts)[]) sum[key] = a[key] + b[key];
  return sum;
}
