// The report quotes the telemetry, and the telemetry quotes whatever the build printed: a model or
// macro can print an environment variable into an error message. The tokens the step was given
// must not reach the comment, the check run, the job summary or a report file that way, so every
// string of the report is masked once, before anything is rendered from it.
import type { Report } from "../model/types.js";
import type { Redact } from "../text/secrets.js";

/** The report with `redact` applied to every string in it (a copy; the report is plain JSON). */
export function redactReport(report: Report, redact: Redact): Report {
  return redactValue(report, redact) as Report;
}

function redactValue(value: unknown, redact: Redact): unknown {
  if (typeof value === "string") return redact(value);
  if (Array.isArray(value)) return value.map((item) => redactValue(item, redact));
  if (value === null || typeof value !== "object") return value;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) out[key] = redactValue(item, redact);
  return out;
}
