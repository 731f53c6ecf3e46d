import { shownFileName } from "../telemetry/errors.js";
import type { EventSink, TelemetryEvent } from "../telemetry/events.js";
import { formatCount } from "../text/count.js";
import { detached } from "../text/detached.js";
import { MAX_REPORT_INVOCATIONS, MAX_REPORT_NODES, MAX_REPORT_SPANS } from "../telemetry/limits.js";
import { accumulate, keepsPhasePromise, newInvocationState, type InvocationState } from "./accumulate.js";
import { decideConclusion } from "./conclusion.js";
import {
  buildFailedStep,
  failedDespiteTelemetry,
  failsByItsTelemetry,
  type FailedStep,
} from "./failed-step.js";
import { finishInvocation } from "./finish-invocation.js";
import { realTime } from "./implausible-times.js";
import { latestCounts, linkRetries, passedOnRetry } from "./retries.js";
import type { FailOn, Invocation, InvocationSource, Report } from "./types.js";

export interface BuildOptions {
  /** How many nodes each slowest-list keeps. */
  slowest: number;
  failOn: FailOn;
  generatorVersion: string;
  /** The most one report holds; the constants in telemetry/limits.ts unless a test sets smaller ones. */
  limits?: Partial<ReportLimits>;
}

interface FileState {
  source: InvocationSource;
  traces: Map<string, InvocationState>;
  /** Warnings about what was read, the first MAX_FILE_WARNINGS of them; `unlisted` counts the rest. */
  warnings: string[];
  unlisted: number;
  /** Warnings about whole files (one skipped beside it): always kept, and listed first. */
  fileWarnings: string[];
  held: Held;
  /** Invocations this file holds too, read whole from an earlier file and left out of this one. */
  alsoHolds: Set<string>;
}

/** Warnings listed per file: a file with a warning on every record says so in a hundred lines and a count. */
const MAX_FILE_WARNINGS = 100;

/** What a report holds while its files are read: what memory grows with, whatever the file's size. */
interface Held {
  nodes: number;
  spans: number;
  invocations: number;
}

export type ReportLimits = Held;

export const REPORT_LIMITS: Readonly<ReportLimits> = {
  nodes: MAX_REPORT_NODES,
  spans: MAX_REPORT_SPANS,
  invocations: MAX_REPORT_INVOCATIONS,
};

/** What each count is, and what a real build has of it (for the error). */
const HELD_WHAT: Record<keyof Held, { what: string; real: string }> = {
  nodes: { what: "nodes", real: "the biggest dbt projects have tens of thousands" },
  spans: {
    what: "spans (node phases, phases, spans with queries or logs)",
    real: "a dbt build has about ten per node",
  },
  invocations: {
    what: "invocations (trace ids)",
    real: "a build has one per dbt command",
  },
};

/** A file would take the report past one of its limits (telemetry/limits.ts). */
export class ReportLimitError extends Error {
  override name = "ReportLimitError";
  constructor(
    readonly file: string,
    readonly what: keyof Held,
    readonly limit: number,
  ) {
    super(
      `${file}: more than ${limit.toLocaleString("en-US")} ${HELD_WHAT[what].what} in one report, the ` +
        `most fusion-report reads (${HELD_WHAT[what].real}): this is not dbt telemetry as the engine writes it`,
    );
  }
}

/**
 * Collects events file by file (each file may hold several invocations, told apart by trace id)
 * and builds the report. The same invocation read from two files (Parquet and JSONL of one run) is
 * reported once: the more complete copy wins, and one read whole is not read again (lastFileAlsoHolds).
 */
export class ReportBuilder {
  private readonly files: FileState[] = [];
  private readonly failedSteps: FailedStep[] = [];
  private readonly held: Held = { nodes: 0, spans: 0, invocations: 0 };
  private readonly limits: Readonly<ReportLimits>;

  constructor(private readonly options: BuildOptions) {
    this.limits = { ...REPORT_LIMITS, ...options.limits };
  }

  /**
   * A sink for one input file's events. It counts what the report holds, over all its files, and
   * throws ReportLimitError past a limit, before a file of millions of tiny records fills memory.
   */
  startFile(source: InvocationSource): EventSink {
    const file: FileState = {
      source,
      traces: new Map(),
      warnings: [],
      unlisted: 0,
      fileWarnings: [],
      held: { nodes: 0, spans: 0, invocations: 0 },
      alsoHolds: new Set(),
    };
    this.files.push(file);
    const { held: total, limits } = this;
    const count = (what: keyof Held, added: number): void => {
      file.held[what] += added;
      total[what] += added;
      if (total[what] > limits[what]) {
        throw new ReportLimitError(source.files[0] ?? "telemetry", what, limits[what]);
      }
    };
    return {
      add(event: TelemetryEvent) {
        let state = file.traces.get(event.traceId);
        if (!state) {
          count("invocations", 1);
          // The id may be a slice of a JSONL line (phase ends read from their text): kept, it is copied.
          state = newInvocationState(detached(event.traceId));
          file.traces.set(state.traceId, state);
        }
        if (event.kind === "process" || event.kind === "invocation") return accumulate(state, event);
        const nodes = state.nodes.size;
        const open = state.openNodeSpans.size;
        const others = state.phases.size + state.extras.size;
        accumulate(state, event);
        if (state.nodes.size > nodes) count("nodes", state.nodes.size - nodes);
        // What grew: an open span closed again is not given back, so that a start counts the same
        // whether it was read or left out by the reader (recordLeftOut).
        const added =
          Math.max(0, state.openNodeSpans.size - open) +
          Math.max(0, state.phases.size + state.extras.size - others) +
          (keptEvaluation(state, event) ? 1 : 0);
        if (added > 0) count("spans", added);
      },
      warn(message: string) {
        if (file.warnings.length < MAX_FILE_WARNINGS) file.warnings.push(message);
        else file.unlisted++;
      },
      warnFile(message: string) {
        file.fileWarnings.push(message);
      },
      recordLeftOut() {
        count("spans", 1);
      },
      undecidedPhaseNodes() {
        let undecided = 0;
        for (const state of file.traces.values()) {
          state.nodes.forEach((node) => {
            if (node.timesAlone && !keepsPhasePromise(node)) undecided++;
          });
        }
        return undecided;
      },
    };
  }

  /**
   * A dbt platform step that ended in Error (failed-step.ts): without telemetry, its own failed
   * invocation; with it (`wroteTelemetry`), the invocations read from its file fail by its status.
   */
  addFailedStep(step: FailedStep): void {
    this.failedSteps.push(step);
  }

  /** The invocations (trace ids) the last file started so far: what a file that failed part way named. */
  lastFileTraceIds(): string[] {
    const file = this.files.at(-1);
    return file ? [...file.traces.keys(), ...file.alsoHolds] : [];
  }

  /** The invocations the last file holds to their end record. */
  lastFileEndedTraceIds(): string[] {
    const file = this.files.at(-1);
    return file ? [...file.traces.values()].filter((state) => state.ended).map((state) => state.traceId) : [];
  }

  /**
   * Whether an invocation of the last file other than the last one in it has no end record: a run
   * killed (or still running) before another run was appended to the file.
   */
  lastFileHasUnendedBeforeAnother(): boolean {
    const states = [...(this.files.at(-1)?.traces.values() ?? [])];
    return states.slice(0, -1).some((state) => !state.ended);
  }

  /**
   * The last file holds this invocation too, which was read whole from an earlier file: its records
   * were left out, and the invocation names both files.
   */
  lastFileAlsoHolds(traceId: string): void {
    this.files.at(-1)?.alsoHolds.add(traceId);
  }

  /** Forget a file whose reading failed, so partial data never reaches a report. */
  discardLastFile(): void {
    const file = this.files.pop();
    if (file) for (const what of Object.keys(this.held) as (keyof Held)[]) this.held[what] -= file.held[what];
  }

  /**
   * The invocations, those of a step that ended in Error failed by it unless their telemetry already
   * fails the step, and an invocation of its own for each such step that gave none.
   */
  private withFailedSteps(invocations: Invocation[]): Invocation[] {
    const stepOf = new Map<Invocation, FailedStep>();
    for (const inv of invocations) {
      const from = inv.source.step;
      const step =
        from &&
        this.failedSteps.find(
          (failed) => failed.wroteTelemetry && failed.runId === from.runId && failed.index === from.index,
        );
      if (step) stepOf.set(inv, step);
    }
    /** Steps whose Error the telemetry of one of their invocations explains. */
    const explained = new Set(
      [...stepOf].filter(([inv]) => failsByItsTelemetry(inv)).map(([, step]) => step),
    );
    const claimed = new Set(stepOf.values());
    return invocations
      .map((inv) => {
        const step = stepOf.get(inv);
        return step && !explained.has(step) ? failedDespiteTelemetry(inv, step) : inv;
      })
      .concat(this.failedSteps.filter((step) => !claimed.has(step)).map(buildFailedStep));
  }

  finish(): Report {
    const chosen = new Map<string, { state: InvocationState; file: FileState; files: string[] }>();
    for (const file of this.files) {
      for (const state of file.traces.values()) {
        // A trace with only a Process span (no invocation, phase or node) is noise, not a run.
        if (state.nodes.size === 0 && state.invocationId === null && state.phases.size === 0) continue;
        const existing = chosen.get(state.traceId);
        if (!existing) {
          chosen.set(state.traceId, { state, file, files: [...file.source.files] });
        } else {
          existing.files.push(...file.source.files);
          if (isBetter(state, existing.state)) {
            existing.state = state;
            existing.file = file;
          }
        }
      }
      for (const traceId of file.alsoHolds) chosen.get(traceId)?.files.push(...file.source.files);
    }
    // A file no invocation was made from keeps its warnings too (a truncated last line, gzip data that
    // ends early): with each invocation it was read for, else with the report, never dropped.
    const madeFrom = new Set([...chosen.values()].map((entry) => entry.file));
    const orphaned: string[] = [];
    const alsoWarned = new Map<FileState, string[]>();
    for (const file of this.files) {
      const warnings = warningsOf(file);
      if (madeFrom.has(file) || warnings.length === 0) continue;
      const readFor = [...chosen.values()].filter((entry) =>
        file.source.files.some((name) => entry.files.includes(name)),
      );
      if (readFor.length === 0) orphaned.push(...warnings);
      for (const entry of readFor)
        alsoWarned.set(entry.file, [...(alsoWarned.get(entry.file) ?? []), ...warnings]);
    }
    const finished: Invocation[] = [...chosen.values()].map(({ state, file, files }) =>
      finishInvocation(state, {
        source: { ...file.source, files: unique(files) },
        slowest: this.options.slowest,
        readerWarnings: [...warningsOf(file), ...(alsoWarned.get(file) ?? [])],
      }),
    );
    const invocations = linkRetries(inReportOrder(this.withFailedSteps(finished)));
    const counts = latestCounts(invocations);
    const verdict = decideConclusion(invocations, counts, this.options.failOn);
    const flaky = passedOnRetry(invocations);
    return {
      schemaVersion: 1,
      generator: { name: "fusion-report", version: this.options.generatorVersion },
      invocations,
      counts,
      conclusion: verdict.conclusion,
      conclusionReason: verdict.reason,
      ...(orphaned.length > 0 ? { readerWarnings: unique(orphaned) } : {}),
      ...(flaky.length > 0 ? { passedOnRetry: flaky } : {}),
    };
  }
}

/** A file's warnings as an invocation lists them: whole files first, then the first hundred, then a count. */
function warningsOf(file: FileState): string[] {
  return [
    ...file.fileWarnings,
    ...file.warnings,
    ...(file.unlisted > 0
      ? [
          `… and ${formatCount(file.unlisted)} more warnings about ${shownName(file.source.files[0])}, not listed`,
        ]
      : []),
  ];
}

/**
 * An ended phase span whose facts its node keeps (accumulate.ts: until a NodeProcessed span end
 * decides the node), or a JSONL phase end read as its times in their place, counted alike.
 * Counted when kept, not given back when dropped: a real node has a few phases.
 */
function keptEvaluation(state: InvocationState, event: TelemetryEvent): boolean {
  const evaluation =
    (event.kind === "node" && event.ended && event.span === "evaluated") ||
    (event.kind === "phaseTimes" && event.inPlaceOfFacts === true);
  if (!evaluation) return false;
  const uniqueId = event.kind === "node" ? event.facts.uniqueId : event.uniqueId;
  return state.nodes.get(uniqueId)?.processed === null;
}

function isBetter(candidate: InvocationState, current: InvocationState): boolean {
  if (candidate.ended !== current.ended) return candidate.ended;
  return candidate.nodes.size > current.nodes.size;
}

/**
 * The invocations by dbt platform step, else by start. One with no start time the report can use
 * (none read, or one never set: 1970) stays where it was read, right after the invocation read before
 * it: `dbt build || dbt retry` appends the retry to the build's JSONL, and a retry sorted first would
 * retry nothing (retries.ts links a retry to the invocation before it).
 */
function inReportOrder(invocations: Invocation[]): Invocation[] {
  const keys = new Map<Invocation, { start: string; traceId: string; read: number }>();
  let before = { start: "", traceId: "" };
  invocations.forEach((inv, read) => {
    // None, or not a real time (implausible-times.ts), counts as none.
    const start = realTime(inv.startedAt);
    if (start !== null) before = { start, traceId: inv.traceId };
    // One with a start of its own comes before those placed after it.
    keys.set(inv, { ...before, read: start !== null ? -1 : read });
  });
  return invocations.sort((a, b) => {
    const [x, y] = [keys.get(a)!, keys.get(b)!];
    return (
      compareSteps(a, b) ?? (compare(x.start, y.start) || compare(x.traceId, y.traceId) || x.read - y.read)
    );
  });
}

/** Steps of one dbt platform run go in step order: a failed step's times come from the platform, not telemetry. */
function compareSteps(a: Invocation, b: Invocation): number | undefined {
  const [x, y] = [a.source.step, b.source.step];
  if (!x || !y || x.runId !== y.runId || x.index === y.index) return undefined;
  return x.index - y.index;
}

function unique(values: string[]): string[] {
  return [...new Set(values)];
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** A file's name on one line, as every other reader warning shows it (a name may hold a line break). */
function shownName(file: string | undefined): string {
  return file === undefined ? "this file" : shownFileName(file);
}

/**
 * Every reader warning of the report once, in order: a file's warnings go with each invocation it
 * holds, and a log says each once.
 */
export function readerWarningsOf(report: Report): string[] {
  return [
    ...new Set([
      ...(report.readerWarnings ?? []),
      ...report.invocations.flatMap((inv) => inv.readerWarnings),
    ]),
  ];
}
