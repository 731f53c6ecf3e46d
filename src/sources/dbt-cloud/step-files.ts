import { openLocalTelemetry } from "../local.js";
import type { TelemetryFile } from "../telemetry-file.js";
import type { DbtCloudTelemetry } from "./index.js";

/** Each downloaded step file, labelled with its step, so the report has a section per step. */
export async function openStepFiles(telemetry: DbtCloudTelemetry): Promise<TelemetryFile[]> {
  const files: TelemetryFile[] = [];
  for (const step of telemetry.steps) {
    if (!step.file) continue;
    const file = await openLocalTelemetry(step.file, `run ${telemetry.run.id} step ${step.index}`);
    files.push({
      ...file,
      step: {
        index: step.index,
        name: step.name,
        runId: telemetry.run.id,
        ...(telemetry.run.href ? { url: telemetry.run.href } : {}),
      },
    });
  }
  return files;
}
