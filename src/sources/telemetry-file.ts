import type { AsyncBuffer } from "hyparquet";

/** One telemetry file from any source (local disk, workflow artifact, dbt platform step). */
export type TelemetryFile = (
  | { format: "parquet"; openBuffer(): Promise<AsyncBuffer & { close?(): Promise<void> }> }
  | {
      format: "jsonl";
      openStream(): AsyncIterable<Uint8Array | string>;
      /**
       * openStream may be called again and gives the same bytes (a regular file, not a pipe): the
       * reader may then leave node span starts unparsed, and read again if they are needed.
       */
      rereadable?: boolean;
      /**
       * The file does not end with the run's end (a crash, or a run still writing): its node span
       * starts will be needed, so they are parsed on the first read.
       */
      unfinished?: boolean;
    }
) & {
  /** Shown in reports and error messages (a relative path, or `step 4 of run 7001234`). */
  name: string;
  /** The file on this machine, for a file the user named: outputs must never be written over it. */
  path?: string;
  /** Its size, for a regular file not compressed (a pipe, such as standard input, holds any amount). */
  bytes?: number;
  /** dbt platform job step this file belongs to. */
  step?: TelemetryStep;
};

/** The dbt platform job step a file came from (the report keeps it as the invocation's source). */
export interface TelemetryStep {
  index: number;
  name: string;
  runId: number;
  url?: string;
}
