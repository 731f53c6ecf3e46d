// The temp-dir guard on its own, over test/support/leaky.check.ts (see test/temp-guard.test.ts).
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/support/leaky.check.ts"],
    globalSetup: ["test/support/temp-guard.ts"],
  },
});
