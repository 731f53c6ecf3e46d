// What the readers accept from a file, whoever wrote it. Telemetry may come from a stranger's pull
// request: every length or count a file claims is checked against these before it is allocated or
// looped over. The README's Security section quotes them; keep the two in step.

export const MIB = 1024 * 1024;

/**
 * Most bytes one telemetry artifact may bring: a workflow artifact (its zip, and all it unpacks to),
 * or one dbt platform step's telemetry file. A big build's telemetry is tens of MiB.
 */
export const MAX_TELEMETRY_ARTIFACT_BYTES = 1024 * MIB;

/** Longest JSONL line (one record). A longer line stops the read: `FILE:LINE: line longer than 64 MiB`. */
export const MAX_JSONL_LINE_BYTES = 64 * MIB;

/**
 * Largest Parquet footer (the file metadata). dbt writes one row group per million rows or 128 MiB,
 * so its footers are tens of KiB; a footer this large would describe thousands of row groups.
 */
export const MAX_PARQUET_FOOTER_BYTES = 16 * MIB;

/**
 * Most values (fields and list items) a Parquet footer may hold. Each becomes a JavaScript object or
 * array when decoded: 16 MiB of one-byte values would take seconds and gigabytes. A real footer holds
 * about a thousand per row group.
 */
export const MAX_PARQUET_FOOTER_VALUES = 1_000_000;

/** Largest Parquet page, compressed or not (a page holds ~1 MiB of values, or one value larger than that). */
export const MAX_PARQUET_PAGE_BYTES = 128 * MIB;

/**
 * Rows a Parquet file may claim per byte of its size. Every telemetry row has its own span or event id
 * and timestamps, which cannot compress below several bytes; run-length encoding could otherwise make
 * a small file claim billions of rows, each of them a loop iteration.
 */
export const MAX_PARQUET_ROWS_PER_BYTE = 1;

/**
 * Most bytes a gzip-compressed JSONL file may expand to per compressed byte (checked once 64 MiB are
 * out). Telemetry compresses about 10- to 30-fold; gzip cannot pass 1032-fold, which only long runs of
 * one byte reach: a "decompression bomb", whose blank lines would keep the reader busy for hours.
 */
export const MAX_GZIP_EXPANSION = 256;

/**
 * Most nodes one report holds, over all the files read for it. The biggest dbt projects have tens of
 * thousands; reading keeps about 0.5 KiB per node even when the node is one tiny record, so a 1 GiB
 * artifact of such records (millions of nodes) would otherwise run the job out of memory, late.
 */
export const MAX_REPORT_NODES = 1_000_000;

/**
 * Most spans one report keeps something of (a node's phases, a phase, a span with logs or with
 * queries of a node not seen yet), over all its files. A real build has about ten per node; each
 * costs up to ~0.7 KiB while reading.
 */
export const MAX_REPORT_SPANS = 2_000_000;

/**
 * Most invocations (trace ids) one report holds. Each keeps its own tables (~4 KiB while reading,
 * whatever it holds), so a file of records with a new trace id each would fill memory fastest.
 */
export const MAX_REPORT_INVOCATIONS = 10_000;
