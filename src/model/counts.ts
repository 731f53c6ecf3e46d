import { STATUS } from "./status-table.js";
import type { NodeResult, StatusCounts } from "./types.js";

/** Every count at zero: `total`, then one key per status in the table's order (the JSON report's order). */
export function emptyCounts(): StatusCounts {
  const counts: Partial<StatusCounts> = { total: 0 };
  for (const row of Object.values(STATUS)) counts[row.countKey] = 0;
  return counts as StatusCounts;
}

export function countStatuses(nodes: readonly NodeResult[]): StatusCounts {
  const counts = emptyCounts();
  // An index loop: run once per report, for…of is not optimised and makes an iterator result per node.
  for (let i = 0; i < nodes.length; i++) {
    counts.total++;
    counts[STATUS[nodes[i]!.status].countKey]++;
  }
  return counts;
}

export function addCounts(a: StatusCounts, b: StatusCounts): StatusCounts {
  const sum = emptyCounts();
  for (const key of Object.keys(sum) as (keyof StatusCounts)[]) sum[key] = a[key] + b[key];
  return sum;
}
