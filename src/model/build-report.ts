import type { EventSink, TelemetryEvent } from "../telemetry/events.js";
import { accumulate, newInvocationState, type InvocationState } from "./accumulate.js";
import { decideConclusion } from "./conclusion.js";
import { addCounts, emptyCounts } from "./counts.js";
import { finishInvocation } from "./finish-invocation.js";
import type { FailOn, Invocation, InvocationSource, Report } from "./types.js";

export interface BuildOptions {
  /** How many nodes each slowest-list keeps. */
  slowest: number;
  failOn: FailOn;
  generatorVersion: string;
}

interface FileState {
  source: InvocationSource;
  traces: Map<string, InvocationState>;
  warnings: string[];
}

/**
 * Collects events file by file (each file may hold several invocations, told apart by trace id)
 * and builds the report. The same invocation read from two files (Parquet and JSONL of one run) is
 * reported once: the more complete copy wins.
 */
export class ReportBuilder {
  private readonly files: FileState[] = [];

  constructor(private readonly options: BuildOptions) {}

  /** A sink for one input file's events. */
  startFile(source: InvocationSource): EventSink {
    const file: FileState = { source, traces: new Map(), warnings: [] };
    this.files.push(file);
    return {
      add(event: TelemetryEvent) {
        let state = file.traces.get(event.traceId);
        if (!state) {
          state = newInvocationState(event.traceId);
          file.traces.set(event.traceId, state);
        }
        accumulate(state, event);
      },
      warn(message: string) {
        if (file.warnings.length < 100) file.warnings.push(message);
      },
    };
  }

  /** Forget a file whose reading failed, so partial data never reaches a report. */
  discardLastFile(): void {
    this.files.pop();
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
    }
    const invocations: Invocation[] = [...chosen.values()]
      .map(({ state, file, files }) =>
        finishInvocation(state, {
          source: { ...file.source, files: unique(files) },
          slowest: this.options.slowest,
          readerWarnings: file.warnings,
        }),
      )
      .sort((a, b) => compare(a.startedAt ?? "", b.startedAt ?? "") || compare(a.traceId, b.traceId));
    const counts = invocations.reduce((sum, inv) => addCounts(sum, inv.counts), emptyCounts());
    const verdict = decideConclusion(invocations, counts, this.options.failOn);
    return {
      schemaVersion: 1,
      generator: { name: "fusion-report", version: this.options.generatorVersion },
      invocations,
      counts,
      conclusion: verdict.conclusion,
      conclusionReason: verdict.reason,
    };
  }
}

function isBetter(candidate: InvocationState, current: InvocationState): boolean {
  if (candidate.ended !== current.ended) return candidate.ended;
  return candidate.nodes.size > current.nodes.size;
}

function unique(values: string[]): string[] {
  return [...new Set(values)];
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
