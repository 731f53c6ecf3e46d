#!/usr/bin/env node
import { runCli } from "./cli.js";
import { neutraliseRunnerCommands } from "./text/runner-commands.js";

// In a GitHub Actions step the runner reads stdout for workflow commands, and the report quotes
// text from the pull request; there, every command shape in it is broken (`\::`, `##\[`).
const underRunner = process.env.GITHUB_ACTIONS === "true";

process.exitCode = await runCli(process.argv.slice(2), {
  stdout: (text) => process.stdout.write(underRunner ? neutraliseRunnerCommands(text) : text),
  stderr: (text) => process.stderr.write(text),
  env: process.env,
  cwd: process.cwd(),
});
