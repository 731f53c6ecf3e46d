import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    // A fresh TMPDIR per run; the run fails when a test leaves something in it.
    globalSetup: ["test/support/temp-guard.ts"],
    // No test prints a workflow command where this repository's CI would obey it.
    setupFiles: ["test/support/quiet-workflow-commands.ts"],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Child-process end-to-end tests and fake servers are heavy on a 2-core machine.
    maxWorkers: 2,
    minWorkers: 1,
  },
});
