// First pass over a Parquet file: which nodes have a NodeProcessed span end. Such a node's
// result comes from that span alone (model/finish-invocation.ts), so its per-phase NodeEvaluated
// rows need only their span, node and times — the second pass skips their other columns, which
// are most of the work. The pass reads four small dictionary-encoded columns.
import { eventName } from "../enums.js";
import type { FileMetaData } from "./hyparquet.js";
import { openLeafCursors, type CursorContext, type LeafCursor } from "./leaf-cursor.js";
import { Scratch } from "./scratch.js";

/** Unique ids with a NodeProcessed span end, by trace id as the column holds it. */
export type ProcessedNodes = Map<string, Set<string>>;

const SLICE_ROWS = 65_536;
const COLUMNS = ["record_type", "event_type", "trace_id", "attributes.unique_id"];

export async function findProcessedNodes(
  context: Omit<CursorContext, "groupRows">,
  metadata: FileMetaData,
): Promise<ProcessedNodes> {
  const processed: ProcessedNodes = new Map();
  for (const group of metadata.row_groups) {
    const groupRows = Number(group.num_rows);
    const complete = await findInGroup({ ...context, groupRows }, group.columns, groupRows, processed);
    // Without dictionaries this shortcut is not worth its cost: every node is read in full.
    if (!complete) return new Map();
  }
  return processed;
}

async function findInGroup(
  context: CursorContext,
  chunks: FileMetaData["row_groups"][number]["columns"],
  groupRows: number,
  processed: ProcessedNodes,
): Promise<boolean> {
  const byPath = openLeafCursors(context, chunks, COLUMNS);
  const [recordType, eventType, traceId, uniqueId] = COLUMNS.map((path) => byPath.get(path));
  if (!recordType || !eventType || !traceId || !uniqueId) return false;
  uniqueId.sequential = true;
  const cursors = [recordType, eventType, traceId, uniqueId];
  try {
    const types = new Int32Array(SLICE_ROWS);
    const events = new Int32Array(SLICE_ROWS);
    const rows = new Int32Array(SLICE_ROWS);
    const slots = new Scratch().identity(SLICE_ROWS);
    const traces: unknown[] = [];
    const ids: unknown[] = [];
    let isEnd: Uint8Array | undefined;
    let isProcessed: Uint8Array | undefined;
    for (let start = 0; start < groupRows; start += SLICE_ROWS) {
      const end = Math.min(start + SLICE_ROWS, groupRows);
      await Promise.all(cursors.map((cursor) => cursor.prepare(end)));
      const n = end - start;
      if (!recordType.idsInto(start, end, types.subarray(0, n))) return false;
      if (!eventType.idsInto(start, end, events.subarray(0, n))) return false;
      // Per dictionary entry, decided once (the dictionaries are read with the first pages).
      isEnd ??= flags(recordType, (value) => value === "SpanEnd");
      isProcessed ??= flags(eventType, isNodeProcessed);
      if (!isProcessed.includes(1)) return true; // no NodeProcessed span in this row group
      let count = 0;
      for (let i = 0; i < n; i++) {
        const event = events[i]!;
        const type = types[i]!;
        if (event >= 0 && isProcessed[event] === 1 && type >= 0 && isEnd[type] === 1)
          rows[count++] = start + i;
      }
      if (count > 0) {
        traceId.gather(rows, slots, count, traces);
        uniqueId.gather(rows, slots, count, ids);
        for (let i = 0; i < count; i++) {
          const trace = traces[i];
          const id = ids[i];
          if (typeof trace !== "string" || typeof id !== "string" || id === "") continue;
          let nodes = processed.get(trace);
          if (!nodes) processed.set(trace, (nodes = new Set()));
          nodes.add(id);
        }
      }
      for (const cursor of cursors) cursor.release(end);
    }
    return true;
  } finally {
    for (const cursor of cursors) cursor.close();
  }
}

function isNodeProcessed(eventType: unknown): boolean {
  return typeof eventType === "string" && eventName(eventType) === "NodeProcessed";
}

/** 1 for each entry of the column chunk's dictionary that passes the test (indices past it: undefined). */
function flags(cursor: LeafCursor, test: (value: unknown) => boolean): Uint8Array {
  const result = new Uint8Array(cursor.dictionarySize);
  for (let id = 0; id < result.length; id++) result[id] = test(cursor.dictionaryValue(id)) ? 1 : 0;
  return result;
}
