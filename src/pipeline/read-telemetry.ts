// Telemetry files → one report: each file goes through its decoder (Parquet or JSONL) into the
// model's ReportBuilder. The one place that joins sources → telemetry → model.
import { ReportBuilder, type BuildOptions } from "../model/build-report.js";
import type { Report } from "../model/types.js";
import type { TelemetryFile } from "../sources/telemetry-file.js";
import { TelemetryInputError, USE_JSONL } from "../telemetry/errors.js";
import { locatedEvents, recordsToEvents, type LocatedEventSink } from "../telemetry/events.js";
import { decodeJsonl } from "../telemetry/jsonl.js";
import { USE_PARQUET } from "../telemetry/jsonl-sniff.js";
import { UnpairedStarts } from "../telemetry/jsonl-start-ledger.js";
import { decodeParquet } from "../telemetry/parquet.js";

/**
 * Reads every file into one report. A Parquet file that cannot be read (a run that died before
 * writing the footer leaves one) is skipped with a warning when a JSONL file was read: the engine
 * writes each invocation to the JSONL as it goes and to the Parquet only at shutdown, and a file
 * without a footer has no readable invocation id to match, so the JSONL stands in for it. Another
 * Parquet file never does (the engine starts the Parquet file afresh for every invocation). Without
 * a readable JSONL file the unreadable Parquet stays an error.
 *
 * The other way round, a JSONL file that cannot be read (damaged after it was written, or another
 * tool's JSON Lines in the folder) is skipped with a warning when a Parquet file was read: the
 * Parquet holds the run's last invocation whole, and a report with a warning says more than none.
 * What only that JSONL held (an earlier invocation the Parquet file was written over) is missing,
 * and the warning says so. Without a readable Parquet file the unreadable JSONL stays an error.
 */
export async function readTelemetryReport(
  files: readonly TelemetryFile[],
  options: BuildOptions,
): Promise<Report> {
  const builder = new ReportBuilder(options);
  const unreadableParquet: TelemetryInputError[] = [];
  const unreadableJsonl: TelemetryInputError[] = [];
  let lastJsonl: { sink: LocatedEventSink; name: string } | null = null;
  let lastParquet: { sink: LocatedEventSink; name: string } | null = null;
  const startFile = (file: TelemetryFile): LocatedEventSink => {
    const fileSink = builder.startFile({
      files: [file.name],
      format: file.format,
      ...(file.step ? { step: file.step } : {}),
    });
    return locatedEvents(fileSink, file.name, file.format === "parquet" ? "row" : "line");
  };
  for (const file of files) {
    let sink = startFile(file);
    try {
      if (file.format === "parquet") {
        const buffer = await file.openBuffer();
        try {
          await decodeParquet(buffer, file.name, sink);
        } finally {
          await buffer.close?.();
        }
        lastParquet = { sink, name: file.name };
      } else {
        // A pipe cannot be read twice, and a crashed run's starts are needed: every line is parsed
        // the first time.
        const dropNodeStarts = file.rereadable === true && file.unfinished !== true;
        try {
          await decodeJsonl(file.openStream(), file.name, recordsToEvents(sink, { dropNodeStarts }));
        } catch (error) {
          if (!(error instanceof UnpairedStarts)) throw error;
          // Node span records the model needs after all (a crashed run's starts, phase ends whose
          // node no NodeProcessed end decided; or a file still being written, whose second read then
          // sees more of it): read again, every line parsed.
          builder.discardLastFile();
          sink = startFile(file);
          await decodeJsonl(file.openStream(), file.name, recordsToEvents(sink));
        }
        lastJsonl = { sink, name: file.name };
      }
    } catch (error) {
      builder.discardLastFile();
      if (error instanceof TelemetryInputError) {
        (file.format === "parquet" ? unreadableParquet : unreadableJsonl).push(error);
        continue;
      }
      throw error;
    }
  }
  if (unreadableJsonl.length > 0) {
    if (!lastParquet) throw unreadableJsonl[0]!;
    for (const error of unreadableJsonl) {
      lastParquet.sink.warn(
        `${error.message.replace(USE_PARQUET, "")} — skipped: this report is read from ${lastParquet.name}, and an invocation ` +
          "only that file held is not in it",
      );
    }
  }
  if (unreadableParquet.length > 0) {
    if (!lastJsonl) throw unreadableParquet[0]!;
    for (const error of unreadableParquet) {
      const problem = error.message.replace(USE_JSONL, "");
      lastJsonl.sink.warn(`${problem} — skipped: this report is read from ${lastJsonl.name}`);
    }
  }
  return builder.finish();
}
