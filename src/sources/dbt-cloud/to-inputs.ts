import { openLocalTelemetry } from "../local.js";
import type { TelemetryInput } from "../telemetry-input.js";
import type { DbtCloudTelemetry } from "./index.js";

/** Each downloaded step file becomes an input labelled with its step, so the report has a section per step. */
export async function dbtCloudInputs(telemetry: DbtCloudTelemetry): Promise<TelemetryInput[]> {
  const inputs: TelemetryInput[] = [];
  for (const step of telemetry.steps) {
    if (!step.file) continue;
    const input = await openLocalTelemetry(step.file, `run ${telemetry.run.id} step ${step.index}`);
    inputs.push({
      ...input,
      step: {
        index: step.index,
        name: step.name,
        runId: telemetry.run.id,
        ...(telemetry.run.href ? { url: telemetry.run.href } : {}),
      },
    });
  }
  return inputs;
}
