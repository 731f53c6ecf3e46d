// The one place that joins sources → telemetry decoders → model. Used by the Action and the CLI.
import { ReportBuilder, type BuildOptions } from "./model/build-report.js";
import type { Report } from "./model/types.js";
import type { TelemetryInput } from "./sources/telemetry-input.js";
import { recordsToEvents } from "./telemetry/events.js";
import { decodeJsonl } from "./telemetry/jsonl.js";
import { decodeParquet } from "./telemetry/parquet.js";

export async function buildReport(inputs: readonly TelemetryInput[], options: BuildOptions): Promise<Report> {
  const builder = new ReportBuilder(options);
  for (const input of inputs) {
    const sink = recordsToEvents(
      builder.startFile({
        files: [input.name],
        format: input.format,
        ...(input.step ? { step: input.step } : {}),
      }),
    );
    try {
      if (input.format === "parquet") {
        const buffer = await input.openBuffer();
        try {
          await decodeParquet(buffer, input.name, sink);
        } finally {
          await buffer.close?.();
        }
      } else {
        await decodeJsonl(input.openStream(), input.name, sink);
      }
    } catch (error) {
      builder.discardLastFile();
      throw error;
    }
  }
  return builder.finish();
}
