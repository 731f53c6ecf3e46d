// What tells invocations apart, for every renderer: the command that ran, when it started, and the
// facts all of them share (said once in the headline instead of under each).
import { realTime } from "../model/implausible-times.js";
import type { Invocation, Report } from "../model/types.js";
import { formatDuration, plural } from "./format.js";

/** The command as typed (`dbt build --select orders`), else `dbt <command>`; null when unknown. */
export function commandOf(inv: Invocation): string | null {
  return inv.rawCommand ?? (inv.command ? `dbt ${inv.command}` : null);
}

/** The value every invocation of the report has alike, or null when they differ or it is unknown. */
export function sharedValue(report: Report, value: (inv: Invocation) => string | null): string | null {
  const [first, ...rest] = report.invocations;
  if (!first) return null;
  const shared = value(first);
  return shared !== null && rest.every((inv) => value(inv) === shared) ? shared : null;
}

/**
 * When the invocation started, for its heading: `2026-02-26 02:33 UTC` from the engine's ISO time,
 * anything else through `show` (escaped). A start never set (1970), one later than the report can be
 * (year 9999) or none is "start unknown", as the model treats it (implausible-times.ts); the JSON
 * report keeps the time as the telemetry gave it.
 */
export function startTime(inv: Invocation, show: (text: string) => string): string {
  const iso = realTime(inv.startedAt);
  if (iso === null) return "start unknown";
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})/.exec(iso);
  return match ? `${match[1]} ${match[2]} UTC` : show(iso);
}

/**
 * Facts every invocation shares, said once in the headline when there are several: how many, the
 * dbt versions, the target when all have the same, the time in all. `text` and `code` show untrusted
 * text in the renderer's own way (escaped Markdown and a code span, or inert terminal text).
 */
export function sharedFacts(
  report: Report,
  show: { text: (text: string) => string; code: (text: string) => string },
): string[] {
  const invocations = report.invocations;
  if (invocations.length === 0) return [];
  const versions = [
    ...new Set(invocations.map((inv) => inv.dbtVersion).filter((v): v is string => v !== null)),
  ];
  const target = sharedValue(report, (inv) => inv.target);
  const total = invocations.reduce((sum, inv) => sum + (inv.durationMs ?? 0), 0);
  return [
    plural(invocations.length, "invocation"),
    versions.length > 0 ? `dbt ${versions.map(show.text).join(", ")}` : null,
    target ? `target ${show.code(target)}` : null,
    `${formatDuration(total)} in all`,
  ].filter((fact): fact is string => fact !== null);
}
