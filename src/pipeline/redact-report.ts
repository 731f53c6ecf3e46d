// The report quotes the telemetry, and the telemetry quotes whatever the build printed: a model or
// macro can print an environment variable into an error message. The tokens the step was given
// must not reach the comment, the check run, the job summary or a report file that way, so every
// string of the report is masked once, before anything is rendered from it.
import type { Report } from "../model/types.js";
import type { Redact } from "../text/secrets.js";

/**
 * The report with `redact` applied to every string in it. Nearly every string comes back as it
 * was, so only the objects and arrays on the way to a changed string are copied: a copy of a
 * 20,000-node report would double its memory for nothing. The report given is never changed.
 */
export function redactReport(report: Report, redact: Redact): Report {
  return redactValue(report, redact) as Report;
}

/** `value` itself when `redact` changes nothing in it, else a copy of it with the changes. */
function redactValue(value: unknown, redact: Redact): unknown {
  if (typeof value === "string") return redact(value);
  if (value === null || typeof value !== "object") return value;
  if (Array.isArray(value)) {
    let copy: unknown[] | null = null;
    for (let i = 0; i < value.length; i++) {
      const item: unknown = value[i];
      const masked = redactValue(item, redact);
      if (masked !== item) (copy ??= value.slice())[i] = masked;
    }
    return copy ?? value;
  }
  let copy: Record<string, unknown> | null = null;
  const record = value as Record<string, unknown>;
  // for…in rather than Object.keys: a 20,000-node report has ~100,000 objects, and a key array (and,
  // in this recursive function, an iterator result per key) for each was 16 MB of garbage. The
  // report's objects are plain data: their enumerable properties are their own.
  for (const key in record) {
    const item = record[key];
    const masked = redactValue(item, redact);
    if (masked !== item) (copy ??= { ...record })[key] = masked;
  }
  return copy ?? value;
}
