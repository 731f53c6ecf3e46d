// Writes the step outputs as one batch: each output is one record appended to GITHUB_OUTPUT
// (core.setOutput), and a failure partway (a full disk) cuts the file back to before the batch, so
// the runner never reads a record without its closing delimiter, and the error names the file.
import { describeFileError } from "../text/file-errors.js";
import { sizeBeforeAppend, undoAppend } from "./appended-file.js";

export class StepOutputsError extends Error {
  override name = "StepOutputsError";
}

export function writeStepOutputs(
  outputs: Readonly<Record<string, string>>,
  setOutput: (name: string, value: string) => void,
  env: Readonly<Record<string, string | undefined>> = process.env,
): void {
  // Without the file, core writes `::set-output` commands to the log: nothing to cut back.
  const file = env.GITHUB_OUTPUT || null;
  const before = file ? sizeBeforeAppend(file) : null;
  try {
    for (const [name, value] of Object.entries(outputs)) setOutput(name, value);
  } catch (error) {
    if (!file) throw error;
    undoAppend(file, before);
    throw new StepOutputsError(
      `${file} (GITHUB_OUTPUT): ${describeFileError(error)}; no step output was set`,
    );
  }
}
