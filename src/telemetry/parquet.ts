import { eventName } from "./enums.js";
import { ReadAgainInFull, TelemetryInputError } from "./errors.js";
import { RowDecodeError, describeCorruption, isDecodeError } from "./parquet/errors.js";
import { RelevanceCache, RowFilter } from "./parquet/filter.js";
import { readFooter } from "./parquet/footer.js";
import { emptyPool } from "./parquet/buffers.js";
import { decompressorsFor, type AsyncBuffer } from "./parquet/hyparquet.js";
import type { LeafCursor } from "./parquet/leaf-cursor.js";
import { newPageCounts, type PageCounts } from "./parquet/page-decode.js";
import { RowReader, type RowSink } from "./parquet/row-reader.js";
import type { LocatedEventSink } from "./events.js";
/** Rows handled per slice: bounds the pages held per column independently of the row-group size. */
export const PARQUET_SLICE_ROWS = 8192;
/**
 * Relevant rows read into events at a time. What a batch makes (values, payload objects, events)
 * lives until the batch is done: kept to about V8's young generation (1 MiB, see young-generation.ts),
 * most of it dies there instead of being copied to the old generation first.
 */
export const PARQUET_READ_BATCH_ROWS = 1024;

/**
 * Decodes a Parquet telemetry file slice by slice and feeds the events of its records to the sink. Takes a byte-range reader (AsyncBuffer) so local files, downloads and memory look the same.
 *
 * Only the leaf columns the report needs are read, in bounded windows. Four cheap dictionary columns
 * are decoded for every row; the rest only in pages holding a row that passed the early filter
 * (`isRelevant`), and only that row's values are converted. See docs/performance.md.
 */
export async function decodeParquet(
  file: AsyncBuffer,
  name: string,
  out: LocatedEventSink,
  options: { phasesInFull?: boolean } = {},
): Promise<{ records: number; pages: PageCounts }> {
  try {
    return await decodeRowGroups(file, name, out, options.phasesInFull === true);
  } finally {
    // The pool's buffers serve the next page; after the last one they would only hold memory.
    emptyPool();
  }
}

async function decodeRowGroups(
  file: AsyncBuffer,
  name: string,
  out: LocatedEventSink,
  phasesInFull: boolean,
): Promise<{ records: number; pages: PageCounts }> {
  const { metadata, schema } = await readFooter(file, name);
  const total = Number(metadata.num_rows);
  if (total === 0) throw new TelemetryInputError(name, "Parquet file has no rows: no telemetry records");
  let records = 0;
  let groupStart = 0;
  const relevance = new RelevanceCache();
  const pages = newPageCounts();
  const context = { file, name, schema, pageCounts: pages, compressors: await decompressorsFor(metadata) };
  // A node with a NodeProcessed span end is decided by it alone: its phase span ends are read for
  // their span and node only (their times left to the NodeProcessed end, which holds the node's), in
  // a row group whose event types name NodeProcessed, as long as the model can tell afterwards
  // whether every node so read was decided, with its times; if one was not, read again.
  const slimmable = !phasesInFull && out.undecidedPhaseNodes !== undefined;
  let slimmed = false;
  for (const group of metadata.row_groups) {
    const groupRows = Number(group.num_rows);
    const reader = new RowReader({ ...context, groupRows }, group.columns);
    const filters = Object.values(reader.filter).filter((cursor) => cursor !== undefined);
    const others = reader.valueCursors;
    const all = [...filters, ...others];
    const filter = new RowFilter(reader.filter, relevance);
    for (const cursor of others) cursor.sequential = true;
    const sink: RowSink = {
      event: (event, row) => out.add(event, groupStart + row + 1),
      skip: (row, message) =>
        out.warn(`${name} (row ${groupStart + row + 1}): ${message}; the row was ignored`),
    };
    const rows = new Int32Array(PARQUET_SLICE_ROWS);
    const fetchPages = (end: number): Promise<unknown> => {
      const fetched = Promise.all(all.map((cursor) => cursor.prepare(end)));
      // Awaited before use; if reading stops first (an error), its failure must not go unhandled.
      fetched.catch(() => undefined);
      return fetched;
    };
    let fetched = fetchPages(Math.min(PARQUET_SLICE_ROWS, groupRows));
    for (let start = 0; start < groupRows; start += PARQUET_SLICE_ROWS) {
      const end = Math.min(start + PARQUET_SLICE_ROWS, groupRows);
      try {
        await fetched;
        // The event types' dictionary is read with the first pages.
        if (start === 0 && slimmable && namesNodeProcessed(reader.filter.eventType)) {
          reader.slimPhases = slimmed = true;
        }
        // The next slice's pages are read from the file while this slice is decoded.
        const next = Math.min(end + PARQUET_SLICE_ROWS, groupRows);
        fetched = next > end ? fetchPages(next) : Promise.resolve();
        const flags = filter.classify(start, end);
        let count = 0;
        for (let row = start; row < end; row++) if (flags[row - start]) rows[count++] = row;
        for (let from = 0; from < count; from += PARQUET_READ_BATCH_ROWS) {
          const batch = Math.min(PARQUET_READ_BATCH_ROWS, count - from);
          reader.read(from === 0 ? rows : rows.subarray(from, from + batch), batch, sink);
        }
      } catch (error) {
        if (error instanceof TelemetryInputError || !isDecodeError(error)) throw error;
        const row = error instanceof RowDecodeError ? error.row : start;
        throw new TelemetryInputError(name, `corrupt Parquet data: ${describeCorruption(error)}`, {
          row: groupStart + row + 1,
        });
      }
      for (const cursor of all) cursor.release(end);
    }
    for (const cursor of all) cursor.close();
    records += filter.records;
    groupStart += groupRows;
  }
  if (records === 0) throw new TelemetryInputError(name, "no telemetry records found");
  const undecided = slimmed ? out.undecidedPhaseNodes!() : 0;
  if (undecided > 0) {
    throw new ReadAgainInFull(`${undecided} node(s) read from phase span ends have no NodeProcessed end`);
  }
  return { records, pages };
}

/**
 * Whether the column chunk's dictionary has a NodeProcessed event type (without a dictionary: no,
 * and its phase spans are read in full: the shortcut needs the answer before the first row).
 */
function namesNodeProcessed(eventType: LeafCursor | undefined): boolean {
  const size = eventType?.dictionarySize ?? 0;
  for (let id = 0; id < size; id++) {
    const value = eventType!.dictionaryValue(id);
    if (typeof value === "string" && eventName(value) === "NodeProcessed") return true;
  }
  return false;
}
