import type { AsyncBuffer } from "hyparquet";
import type { InvocationSource } from "../model/types.js";

/** One telemetry file from any source (local disk, workflow artifact, dbt platform step). */
export type TelemetryInput = (
  | { format: "parquet"; openBuffer(): Promise<AsyncBuffer & { close?(): Promise<void> }> }
  | { format: "jsonl"; openStream(): AsyncIterable<Uint8Array | string> }
) & {
  /** Shown in reports and error messages (a relative path, or `step 4 of run 7001234`). */
  name: string;
  /** The file on this machine, for a file the user named: outputs must never be written over it. */
  path?: string;
  /** dbt platform job step this file belongs to. */
  step?: InvocationSource["step"];
};
