// When there is no report to publish (no telemetry, unreadable telemetry, an unreadable baseline),
// the step still says what happened: in the job summary, the `conclusion` output and the log, and
// `if-no-telemetry` decides whether absent telemetry fails the step.
import { BaselineError } from "../model/baseline.js";
import { renderUnusable } from "../render/markdown.js";
import { NoTelemetryError } from "../sources/local.js";
import type { ActionLog } from "./action-log.js";
import { OUTPUT } from "./outputs.js";
import { writeJobSummary } from "./summary.js";

export interface UnusableSettings {
  checkName: string;
  jobSummary: boolean;
  ifNoTelemetry: "error" | "neutral" | "warn";
}

export async function reportUnusable(
  error: Error,
  settings: UnusableSettings,
  services: {
    log: ActionLog;
    setOutput: (name: string, value: string) => void;
    env: Readonly<Record<string, string | undefined>>;
  },
): Promise<void> {
  const { log } = services;
  const absent = error instanceof NoTelemetryError;
  const what = absent
    ? "no telemetry found"
    : error instanceof BaselineError
      ? "the baseline report could not be read"
      : "telemetry could not be read";
  const summary = renderUnusable(
    settings.checkName,
    what,
    absent ? "warning" : "error",
    log.redact(error.message),
  );
  if (settings.jobSummary) await writeSummary(summary, services);
  if (absent && settings.ifNoTelemetry !== "error") {
    services.setOutput(OUTPUT.conclusion, "neutral");
    if (settings.ifNoTelemetry === "warn") log.warning(error.message);
    else log.notice(error.message);
    return;
  }
  services.setOutput(OUTPUT.conclusion, "failure");
  log.setFailed(error.message);
}

/**
 * When the step stops before it has a report (an input it cannot use, an error nobody expected):
 * the job summary and the `conclusion` output still say so. Never throws: the caller fails the step
 * next, whatever happens here.
 */
export async function reportStepFailure(
  message: string,
  what: string,
  settings: { checkName: string; jobSummary: boolean },
  services: {
    log: ActionLog;
    setOutput: (name: string, value: string) => void;
    env: Readonly<Record<string, string | undefined>>;
  },
): Promise<void> {
  if (settings.jobSummary) {
    await writeSummary(
      renderUnusable(settings.checkName, what, "error", services.log.redact(message)),
      services,
    );
  }
  try {
    services.setOutput(OUTPUT.conclusion, "failure");
  } catch {
    // The outputs are what failed; the step fails with the message anyway.
  }
}

async function writeSummary(
  markdown: string,
  services: { log: ActionLog; env: Readonly<Record<string, string | undefined>> },
): Promise<void> {
  try {
    await writeJobSummary(markdown, services.env);
  } catch (error) {
    services.log.warning(`Could not write the job summary: ${(error as Error).message}`);
  }
}
