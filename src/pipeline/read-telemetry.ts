// Telemetry files → one report: each file goes through its decoder (Parquet or JSONL) into the
// model's ReportBuilder. The one place that joins sources → telemetry → model.
import { ReportBuilder, type BuildOptions } from "../model/build-report.js";
import type { FailedStep } from "../model/failed-step.js";
import type { Report } from "../model/types.js";
import type { TelemetryFile } from "../sources/telemetry-file.js";
import { ReadAgainInFull, shownFileName, TelemetryInputError, USE_JSONL } from "../telemetry/errors.js";
import { locatedEvents, recordsToEvents, type LocatedEventSink } from "../telemetry/events.js";
import { decodeJsonl } from "../telemetry/jsonl.js";
import { USE_PARQUET } from "../telemetry/jsonl-sniff.js";
import { decodeParquet } from "../telemetry/parquet.js";
import { formatCount } from "../text/count.js";

/** Another tool's JSON Lines files named one by one in the warnings; past this, counted. */
export const MAX_FOREIGN_FILES_NAMED = 10;

/**
 * Reads every file into one report. A Parquet file that cannot be read (a run that died before
 * writing the footer leaves one) is skipped with a warning when a JSONL file was read: the engine
 * writes each invocation to the JSONL as it goes and to the Parquet only at shutdown, and a file
 * without a footer has no readable invocation id to match, so the JSONL stands in for it. Another
 * Parquet file never does (the engine starts the Parquet file afresh for every invocation). Without
 * a readable JSONL file the unreadable Parquet stays an error.
 *
 * A JSONL file that cannot be read is skipped with a warning only where nothing it holds can be
 * missing from the report: its first record showed it is not telemetry at all (another tool's JSON
 * Lines in a searched folder) and another file was read; or every invocation it named is in a Parquet file that
 * was read (a line damaged after the run wrote it; the engine's Parquet holds the run's last
 * invocation whole, and a JSONL holds that one last). Otherwise it stays an error: skipping it would
 * leave out an invocation, whose failure the report would then not show.
 *
 * Parquet files are read first. An invocation a Parquet file holds to its end is the run's whole
 * invocation (the engine writes the Parquet footer at shutdown): its lines in a JSONL file are then
 * counted and left unparsed: the pair the Action's default globs name reads in little more than the
 * Parquet file's time.
 *
 * `failedSteps` are dbt platform steps that ended in Error without telemetry: each is reported as a
 * failed invocation of its own (model/failed-step.ts).
 */
export async function readTelemetryReport(
  files: readonly TelemetryFile[],
  options: BuildOptions,
  failedSteps: readonly FailedStep[] = [],
): Promise<Report> {
  const builder = new ReportBuilder(options);
  for (const step of failedSteps) builder.addFailedStep(step);
  const unreadableParquet: TelemetryInputError[] = [];
  const unreadableJsonl: { error: TelemetryInputError; named: string[] }[] = [];
  /** Invocations (trace ids) held by the Parquet files that were read. */
  const inParquet = new Set<string>();
  /** Of those, the ones held to their end: not read again from a JSONL file. */
  const readWhole = {
    traces: new Set<string>(),
    seen: (traceId: string) => builder.lastFileAlsoHolds(traceId),
  };
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
  /**
   * Reads a file into its `sink` with the decoder's shortcuts (`read(sink, true)`), and when the
   * decoder finds one did not hold (ReadAgainInFull) forgets what it gave and reads the file again
   * without them. Returns the sink of the read that counts.
   */
  const readWithShortcuts = async (
    file: TelemetryFile,
    sink: LocatedEventSink,
    read: (sink: LocatedEventSink, shortcuts: boolean) => Promise<unknown>,
  ): Promise<LocatedEventSink> => {
    try {
      await read(sink, true);
      return sink;
    } catch (error) {
      if (!(error instanceof ReadAgainInFull)) throw error;
      builder.discardLastFile();
      const again = startFile(file);
      await read(again, false);
      return again;
    }
  };
  // Stable: the files of each format keep their order.
  const parquetFirst = [
    ...files.filter((file) => file.format === "parquet"),
    ...files.filter((file) => file.format !== "parquet"),
  ];
  for (const file of parquetFirst) {
    let sink = startFile(file);
    try {
      if (file.format === "parquet") {
        const buffer = await file.openBuffer();
        try {
          // Read again when phase span ends read as their times alone have a node no NodeProcessed
          // end decided (a file that lost some, which the engine does not write): those ends in full.
          sink = await readWithShortcuts(file, sink, (into, shortcuts) =>
            decodeParquet(buffer, file.name, into, { phasesInFull: !shortcuts }),
          );
        } finally {
          await buffer.close?.();
        }
        lastParquet = { sink, name: file.name };
        for (const trace of builder.lastFileTraceIds()) inParquet.add(trace);
        for (const trace of builder.lastFileEndedTraceIds()) readWhole.traces.add(trace);
      } else {
        // A pipe cannot be read twice, and a crashed run's starts are needed: every line is parsed
        // the first time.
        const dropNodeStarts = file.rereadable === true && file.unfinished !== true;
        // Read again when node span records are needed after all (a crashed run's starts, phase ends
        // whose node no NodeProcessed end decided; or a file still being written, whose second read
        // then sees more of it): every line parsed.
        sink = await readWithShortcuts(file, sink, async (into, shortcuts) => {
          await decodeJsonl(
            file.openStream(),
            file.name,
            recordsToEvents(into, shortcuts ? { dropNodeStarts, readWhole } : { readWhole }),
          );
          // A run killed mid-record with the next run appended on the same line: a query span start
          // left out from its bytes would hide the record appended to it. Such a run never ended and
          // another follows it; read in full, its file tells the two apart (jsonl.ts, leaveOutQueryStart).
          if (shortcuts && dropNodeStarts && builder.lastFileHasUnendedBeforeAnother()) {
            throw new ReadAgainInFull("an invocation before another has no end record");
          }
        });
        lastJsonl = { sink, name: file.name };
      }
    } catch (error) {
      const named = builder.lastFileTraceIds();
      builder.discardLastFile();
      if (error instanceof TelemetryInputError) {
        if (file.format === "parquet") unreadableParquet.push(error);
        else unreadableJsonl.push({ error, named });
        continue;
      }
      throw error;
    }
  }
  /** The file the report is read from, which the skipped files' warnings go with. */
  const read = lastParquet ?? lastJsonl;
  let foreign = 0;
  for (const { error, named } of unreadableJsonl) {
    if (named.length === 0 && error.notTelemetry && read) {
      // A folder of another tool's logs is one warning per file up to a few, then counted.
      if (++foreign <= MAX_FOREIGN_FILES_NAMED) {
        read.sink.warnFile(
          `${error.message} — skipped: it is not telemetry (the report is read from ${shownFileName(read.name)})`,
        );
      }
    } else if (named.length > 0 && lastParquet && named.every((trace) => inParquet.has(trace))) {
      const what = named.length === 1 ? "the invocation it holds is" : "the invocations it holds are";
      lastParquet.sink.warnFile(
        `${error.message.replace(USE_PARQUET, "")} — skipped: ${what} read from ${shownFileName(lastParquet.name)}`,
      );
    } else {
      throw withUnreadableParquet(error, unreadableParquet);
    }
  }
  if (read && foreign > MAX_FOREIGN_FILES_NAMED) {
    read.sink.warnFile(
      `… and ${formatCount(foreign - MAX_FOREIGN_FILES_NAMED)} more JSON Lines files that are not telemetry were skipped ` +
        `(${formatCount(foreign)} in all)`,
    );
  }
  if (unreadableParquet.length > 0) {
    if (!lastJsonl) throw unreadableParquet[0]!;
    for (const error of unreadableParquet) {
      const problem = error.message.replace(USE_JSONL, "");
      lastJsonl.sink.warnFile(
        `${problem} — skipped: this report is read from ${shownFileName(lastJsonl.name)}`,
      );
    }
  }
  return builder.finish();
}

/**
 * The JSONL's error, which would advise the run's Parquet file, when the Parquet files given could
 * not be read either: then it says why they could not instead.
 */
function withUnreadableParquet(
  error: TelemetryInputError,
  unreadableParquet: readonly TelemetryInputError[],
): TelemetryInputError {
  if (unreadableParquet.length === 0) return error;
  const parquetProblems = unreadableParquet.map((parquet) => parquet.message.replace(USE_JSONL, ""));
  // The message is rewritten in place: the error keeps its class, file and position.
  error.message = `${error.message.replace(USE_PARQUET, "")}; the Parquet telemetry could not be read either: ${parquetProblems.join("; ")}`;
  return error;
}
