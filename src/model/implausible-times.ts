// A node's times that its invocation cannot hold: a span that ends before it starts or lies outside
// the invocation's, a processing or idle time longer than the whole run, a query longer than it. An
// engine that leaves a start unset (0, i.e. 1970) or a damaged file would otherwise put a node
// "running" for 56 years at the top of the slowest lists and into the timing comparison. Such a
// duration is shown as unknown, such a query is not counted in the warehouse time, and the
// invocation's warnings say which nodes and why, once. The invocation's own span is checked first
// (usableInvocationSpan): a start never set would otherwise make the run 56 years long and hold anything,
// and an end in year 9999 (no time is later than the report read from it) make it last millennia.
import { formatCount } from "../text/count.js";
import { formatDuration } from "../text/duration.js";
import { nanosToIso } from "../telemetry/values.js";

/**
 * How far a node's times may run past its invocation's: its spans lie inside the invocation's and
 * durations are whole milliseconds, so a second is far more than rounding needs.
 */
const SLACK_NS = 1_000_000_000n;
const SLACK_MS = 1_000;
/**
 * 2020-01-01T00:00:00Z. The Fusion engine (2025) wrote no telemetry before it: an earlier time is an
 * unset one (0, which OpenTelemetry reads as "unknown", or a damaged file).
 */
const EARLIEST_NS = 1_577_836_800_000_000_000n;
/** EARLIEST_NS in milliseconds, for times read back from a report (stale-telemetry.ts). */
export const EARLIEST_REAL_MS = Number(EARLIEST_NS / 1_000_000n);
/**
 * How far two clocks are taken to differ at most: the engine's and this one's (a dbt platform run read
 * on a CI runner) by far less than a day. A time later than that past the report (year 9999) is no
 * real one, a damaged file; a GitHub answer's Date further off is no clock (github/run-clock.ts).
 */
export const MAX_CLOCK_SKEW_MS = 86_400_000;
const CLOCK_SKEW_NS = BigInt(MAX_CLOCK_SKEW_MS) * 1_000_000n;

/**
 * An ISO time read back from a report, when it is a real one: not before 2020 (never set, 1970) and not
 * past the clock's skew ahead of `nowMs` (year 9999). null for any other, and for none.
 */
export function realTime(iso: string | null, nowMs: number = Date.now()): string | null {
  const ms = iso === null ? NaN : Date.parse(iso);
  return ms >= EARLIEST_REAL_MS && ms <= nowMs + MAX_CLOCK_SKEW_MS ? iso : null;
}

/** The latest time telemetry read now can hold. */
export function latestRealNs(nowMs: number = Date.now()): bigint {
  return BigInt(Math.floor(nowMs)) * 1_000_000n + CLOCK_SKEW_NS;
}

/** Nodes named in the warning; the rest are counted. */
const NAMED = 3;

/**
 * The invocation's span, either end unknown where it is not real or not there (a crashed run has no
 * end): a node's span is bounded by what there is, its durations only by both.
 */
export interface InvocationSpan {
  startNs: bigint | null;
  endNs: bigint | null;
}

/**
 * The invocation's span as far as it can be right (a start before 2020, a time after `latestNs` or
 * an end before the start bounds nothing), and what was wrong with it, for its warnings.
 */
export function usableInvocationSpan(
  startNs: bigint | null,
  endNs: bigint | null,
  latestNs: bigint = latestRealNs(),
): { span: InvocationSpan; problem: string | null } {
  if (startNs !== null && (startNs < EARLIEST_NS || startNs > latestNs)) {
    return {
      span: { startNs: null, endNs: endNs !== null && endNs > latestNs ? null : endNs },
      problem: `the invocation's start (${nanosToIso(startNs)}) is not a real time (never set, or a damaged file): its duration is shown as unknown`,
    };
  }
  if (endNs !== null && endNs > latestNs) {
    return {
      span: { startNs, endNs: null },
      problem: `the invocation's end (${nanosToIso(endNs)}) is not a real time (later than this report, a damaged file): its duration is shown as unknown`,
    };
  }
  if (startNs !== null && endNs !== null && endNs < startNs) {
    return {
      span: { startNs, endNs: null },
      problem: `the invocation's end (${nanosToIso(endNs)}) is before its start (${nanosToIso(startNs)}): its duration is shown as unknown`,
    };
  }
  return { span: { startNs, endNs }, problem: null };
}

/** A node's durations as derived, the span its lifetime was taken from, and its queries' time. */
export interface NodeDurations {
  startNs: bigint | null;
  endNs: bigint | null;
  lifetimeMs: number | null;
  processingMs: number | null;
  idleMs: number | null;
  /** The node's queries, summed, and the longest of them. */
  warehouseNs: number;
  longestQueryNs: number;
}

/** Collects the nodes whose times were left out, for one warning per invocation. */
export class ImplausibleTimes {
  private readonly found: string[] = [];
  /** The invocation's duration, when both ends of its span are known. */
  readonly invocationMs: number | null;
  /** The longest a node's duration can be: the invocation's, else from its start to `latestNs`. */
  private readonly longestMs: number | null;

  constructor(
    private readonly invocation: InvocationSpan,
    private readonly latestNs: bigint = latestRealNs(),
  ) {
    const { startNs, endNs } = invocation;
    this.invocationMs =
      startNs !== null && endNs !== null && endNs >= startNs ? Number((endNs - startNs) / 1_000_000n) : null;
    this.longestMs =
      this.invocationMs ??
      (startNs !== null && latestNs >= startNs ? Number((latestNs - startNs) / 1_000_000n) : null);
  }

  /** The durations, each one the invocation cannot hold replaced by null (and noted). */
  check(uniqueId: string, durations: NodeDurations): NodeDurations {
    const { startNs, endNs, longestQueryNs } = durations;
    const reasons: string[] = [];
    let { lifetimeMs, processingMs, idleMs, warehouseNs } = durations;
    if (lifetimeMs !== null && !this.holdsSpan(startNs!, endNs!)) {
      reasons.push(`lifetime: its span runs from ${nanosToIso(startNs)} to ${nanosToIso(endNs)}`);
      lifetimeMs = null;
    }
    if (processingMs !== null && !this.holdsDuration(processingMs)) {
      reasons.push(`processing time ${formatDuration(processingMs)}`);
      processingMs = null;
    }
    if (idleMs !== null && !this.holdsDuration(idleMs)) {
      reasons.push(`idle time ${formatDuration(idleMs)}`);
      idleMs = null;
    }
    // The longest query alone: two such queries in one node are beyond what is worth a rule.
    if (!this.holdsDuration(longestQueryNs / 1_000_000)) {
      reasons.push(`warehouse time: a query of ${formatDuration(longestQueryNs / 1_000_000)}`);
      warehouseNs -= longestQueryNs;
    }
    if (reasons.length === 0) return durations;
    this.found.push(`${uniqueId} (${reasons.join(", ")})`);
    return { startNs, endNs, lifetimeMs, processingMs, idleMs, warehouseNs, longestQueryNs };
  }

  /**
   * A phase's duration in whole milliseconds, or null when its span is not known or the invocation
   * cannot hold it (a phase is the invocation's child, as a node's span is).
   */
  phaseMs(startNs: bigint | null, endNs: bigint | null): number | null {
    if (startNs === null || endNs === null || !this.holdsSpan(startNs, endNs)) return null;
    return Number((endNs - startNs) / 1_000_000n);
  }

  /** The warning for the invocation, or null when every node's durations fit it. */
  warning(): string | null {
    const count = this.found.length;
    if (count === 0) return null;
    const { startNs, endNs } = this.invocation;
    const ran =
      this.invocationMs !== null
        ? `the invocation ran ${formatDuration(this.invocationMs)}, from ${nanosToIso(startNs)} to ${nanosToIso(endNs)}`
        : startNs !== null
          ? `the invocation started at ${nanosToIso(startNs)}`
          : endNs !== null
            ? `the invocation ended at ${nanosToIso(endNs)}`
            : "the invocation's own times are unknown";
    const named = this.found.slice(0, NAMED).join("; ");
    const more = count > NAMED ? `; and ${formatCount(count - NAMED)} more` : "";
    const nodes = count === 1 ? "1 node has times" : `${formatCount(count)} nodes have times`;
    const which = count === 1 ? "this node" : "these nodes";
    return (
      `${nodes} its invocation cannot hold (${ran}), left out of the report: ${named}${more}. Such a ` +
      "duration is shown as unknown and such a query is not counted, so neither reaches the slowest lists or " +
      `the timing comparison. The telemetry's times for ${which} cannot be right (an unset start time, or a ` +
      "damaged file)"
    );
  }

  private holdsSpan(startNs: bigint, endNs: bigint): boolean {
    if (endNs < startNs || startNs < EARLIEST_NS || endNs > this.latestNs) return false;
    const { startNs: from, endNs: to } = this.invocation;
    if (from !== null && startNs < from - SLACK_NS) return false;
    return to === null || endNs <= to + SLACK_NS;
  }

  private holdsDuration(ms: number): boolean {
    return ms >= 0 && (this.longestMs === null || ms <= this.longestMs + SLACK_MS);
  }
}
