// Run only by test/temp-guard.test.ts, in a vitest of its own: a test that leaves a folder behind.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, it } from "vitest";

it("leaves a folder in the temp dir", () => {
  expect(mkdtempSync(join(tmpdir(), "left-behind-"))).toContain("left-behind-");
});
