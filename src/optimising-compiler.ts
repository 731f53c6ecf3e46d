// V8 runs a hot function as bytecode first, soon as Maglev's quickly made machine code, and later as
// TurboFan's: optimised further, compiled on a background thread, and thrown away whenever what it
// assumed stops holding. That pays back over a long run. Reading a 20,834-node build takes about half
// a second, and there TurboFan cost more than it gave: without it the main thread's profile samples
// fell from 606 to 516 ms (the collector's among them 123 → 79 ms), the wall time to 0.83–0.90× and
// the CPU time by a quarter, on Parquet files of 1,000 to 20,834 nodes and of 1M trace-level records.
// Past a second or so of reading it pays for itself again (a 100,000-node Parquet file 1.04×, a
// 50,000-node JSONL file 1.12× without it). So both entries leave TurboFan off when the files to read
// are small enough for a short read, and change nothing otherwise (see docs/performance.md). Only
// where Maglev runs: without either compiler (Node 20's V8 has Maglev off) the same read takes 1.76×.
import { setFlagsFromString } from "node:v8";

/** A read of at most this many Parquet bytes (about 40,000 nodes) is short. */
export const SHORT_READ_BYTES = 24 * 1024 * 1024;
/**
 * JSONL takes ~18 times the bytes of the same build's Parquet and about twice as long to read, and
 * gains less: the 5,000-node build's 50 MiB read in 0.90× without TurboFan, the 20,834-node build's
 * 208 MiB in the same time (1.015×, CPU 0.87×), the 50,000-node build's 498 MiB in 1.12×. So its
 * bytes count an eighth, which puts the line just under 208 MiB.
 */
export const JSONL_BYTES_PER_PARQUET_BYTE = 8;

/**
 * A JSONL file beside Parquet files is nearly always the same run's (dbt writes both when given both
 * flags, as the README's workflow does), and the reader checks the lines of an invocation a Parquet
 * file holds to its end without parsing them: when this was set (twenty-third session) the
 * 20,834-node build's two files read in 1.47–1.77× its Parquet file's time, its JSONL alone in
 * 1.65–1.91× (1.35–1.48× since the twenty-fifth), and without TurboFan the two in 0.937× the
 * time. So JSONL bytes up to this many times the Parquet bytes (the same build's JSONL is ~18
 * times its Parquet) count SAME_RUN_JSONL_DISCOUNT times less again; past that they are another
 * run's, which is read in full.
 */
export const SAME_RUN_JSONL_PER_PARQUET_BYTE = 24;
export const SAME_RUN_JSONL_DISCOUNT = 3;

/** What the decision needs of a telemetry file: its format, and its size when that tells (local.ts). */
export interface SizedFile {
  format: "parquet" | "jsonl";
  bytes?: number;
}

/** Whether reading these files is short: every size known, and together at most SHORT_READ_BYTES' worth. */
export function isShortRead(files: readonly SizedFile[]): boolean {
  let parquetBytes = 0;
  let jsonlBytes = 0;
  for (const file of files) {
    // A pipe (standard input) may hold any amount, and a compressed file ten times its size.
    if (file.bytes === undefined) return false;
    if (file.format === "parquet") parquetBytes += file.bytes;
    else jsonlBytes += file.bytes;
  }
  const sameRun = Math.min(jsonlBytes, parquetBytes * SAME_RUN_JSONL_PER_PARQUET_BYTE);
  const cost =
    parquetBytes +
    sameRun / (JSONL_BYTES_PER_PARQUET_BYTE * SAME_RUN_JSONL_DISCOUNT) +
    (jsonlBytes - sameRun) / JSONL_BYTES_PER_PARQUET_BYTE;
  return cost <= SHORT_READ_BYTES;
}

/**
 * Whether Maglev compiles hot code here: on by default from V8 12 (Node 22) on x64 and arm64, and
 * not turned off, or either compiler set, on node's command line (then it is the user's choice).
 */
export function maglevRuns(
  v8Version = process.versions.v8,
  arch = process.arch,
  execArgv: readonly string[] = process.execArgv,
): boolean {
  const major = Number(v8Version.split(".")[0]);
  return (
    major >= 12 &&
    (arch === "x64" || arch === "arm64") &&
    !execArgv.some((arg) => /maglev|turbofan|jitless|max-opt|--(no-)?opt\b/.test(arg))
  );
}

/** Turns TurboFan off for the rest of the process when reading `files` is short and Maglev runs. */
export function fitOptimisingCompiler(files: readonly SizedFile[]): void {
  if (isShortRead(files) && maglevRuns()) setFlagsFromString("--no-turbofan");
}
