// The test setup that keeps workflow commands printed in process (by the toolkits) out of the test
// log, where this repository's CI on GitHub Actions would obey them.
import { describe, expect, it } from "vitest";
import { withoutWorkflowCommands } from "./support/quiet-workflow-commands.js";

describe("withoutWorkflowCommands", () => {
  it("drops lines that start a workflow command and keeps the rest as they were", () => {
    expect(withoutWorkflowCommands("::add-mask::s3cr3t\n")).toBe("");
    expect(withoutWorkflowCommands("Downloading\n::debug::x\r\ndone\n")).toBe("Downloading\ndone\n");
    expect(withoutWorkflowCommands("::error file=a.sql,line=3::boom")).toBe("");
  });

  it("leaves text without one alone, also a command-like text inside a line", () => {
    expect(withoutWorkflowCommands("plain\n")).toBeNull();
    expect(withoutWorkflowCommands("say ::error::x\n")).toBeNull();
    expect(withoutWorkflowCommands(":: not a command\n")).toBeNull();
  });

  it("is installed: a command written to stdout in a test does not reach the log", () => {
    // The setup replaced the stream's write; a command written through it returns without printing.
    expect(process.stdout.write.name).not.toBe("write");
  });
});
