// The step outputs go out all or none: a failure partway through (a full disk) leaves GITHUB_OUTPUT
// as it was before the batch, and the error names the file.
import { appendFileSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { StepOutputsError, writeStepOutputs } from "../../src/github/step-outputs.js";
import { makeTempDir } from "../support/temp-dir.js";

/** core.setOutput's record, appended; the `failAt`th call writes half of its record, then fails as a full disk does. */
function appender(file: string, failAt: number) {
  let calls = 0;
  return (name: string, value: string): void => {
    calls += 1;
    const record = `${name}<<ghadelimiter_1\n${value}\nghadelimiter_1\n`;
    if (calls === failAt) {
      appendFileSync(file, record.slice(0, record.length / 2));
      throw Object.assign(new Error("ENOSPC: no space left on device, write"), { code: "ENOSPC" });
    }
    appendFileSync(file, record);
  };
}

describe("writeStepOutputs", () => {
  it("writes every output in order", () => {
    const dir = makeTempDir("fusion-step-outputs-");
    const file = path.join(dir, "output");
    writeFileSync(file, "");
    writeStepOutputs({ conclusion: "failure", errors: "1" }, appender(file, 0), { GITHUB_OUTPUT: file });
    expect(readFileSync(file, "utf8")).toBe(
      "conclusion<<ghadelimiter_1\nfailure\nghadelimiter_1\nerrors<<ghadelimiter_1\n1\nghadelimiter_1\n",
    );
  });

  it("a failure partway cuts the file back to before the batch and names the file", () => {
    const dir = makeTempDir("fusion-step-outputs-");
    const file = path.join(dir, "output");
    const earlier = "earlier-step<<ghadelimiter_0\nkept\nghadelimiter_0\n";
    writeFileSync(file, earlier);
    let thrown: unknown;
    try {
      writeStepOutputs({ conclusion: "failure", errors: "1", skipped: "4" }, appender(file, 2), {
        GITHUB_OUTPUT: file,
      });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(StepOutputsError);
    expect((thrown as Error).message).toBe(
      `${file} (GITHUB_OUTPUT): no space left on the device; no step output was set`,
    );
    // No record without its closing delimiter for the runner to choke on.
    expect(readFileSync(file, "utf8")).toBe(earlier);
  });
});
