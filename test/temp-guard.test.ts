// The guard that keeps `npm test` from leaving anything in the OS temp dir: a run whose test leaves a
// folder behind must fail and name it, and the guard removes its own folder either way.
import { execFile } from "node:child_process";
import { readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { leftoversMessage } from "./support/temp-guard.js";
import { ROOT } from "./support/report.js";
import { makeTempDir } from "./support/temp-dir.js";

describe("temp-dir guard", () => {
  it("fails a run whose test leaves a folder in the temp dir, naming it", async () => {
    // A temp dir of its own: other test files write to the shared one meanwhile.
    const tmp = makeTempDir("fusion-guard-check-");
    const result = await new Promise<{ code: number; output: string }>((resolve) => {
      execFile(
        process.execPath,
        [
          path.join(ROOT, "node_modules/vitest/vitest.mjs"),
          "run",
          "--config",
          "test/support/leaky.vitest.config.ts",
        ],
        { cwd: ROOT, env: { ...process.env, CI: "true", TMPDIR: tmp }, timeout: 60_000 },
        (error, stdout, stderr) =>
          resolve({ code: error ? Number(error.code ?? -1) : 0, output: `${stdout}\n${stderr}` }),
      );
    });
    expect(result.code).not.toBe(0);
    expect(result.output).toMatch(/tests left 1 item\(s\) in the temp dir: left-behind-\w+/);
    // The child's guard made its temp dir inside `tmp` and removed it, leftovers included; vitest's
    // own cache folder (made in `tmp` before the guard ran) is removed by vitest.
    expect(readdirSync(tmp)).toEqual([]);
  });

  it("says nothing when nothing is left, and shortens a long list", () => {
    expect(leftoversMessage([])).toBeNull();
    const many = Array.from({ length: 25 }, (_, i) => `fusion-e2e-ws-${i}`);
    expect(leftoversMessage(many)).toMatch(
      /^tests left 25 item\(s\) in the temp dir: fusion-e2e-ws-0, .*, … \(5 more\)/,
    );
  });
});
