#!/usr/bin/env node
import { EXIT, runCli } from "./cli.js";
import { neutraliseRunnerCommands } from "./text/runner-commands.js";

// In a GitHub Actions step the runner reads stdout for workflow commands, and the report quotes
// text from the pull request; there, every command shape in it is broken (`\::`, `##\[`).
const underRunner = process.env.GITHUB_ACTIONS === "true";

// A reader that went away (`| head`) wants no more of the report; any other failure to write it
// (a full disk) is the CLI's to report: exit code 2, never Node's stack trace and exit code 1,
// which would read as "the policy tripped".
let stdoutFailed = false;
process.stdout.on("error", (error: NodeJS.ErrnoException) => {
  if (error.code === "EPIPE") return;
  if (!stdoutFailed)
    process.stderr.write(`fusion-report: cannot write the report to stdout: ${error.message}\n`);
  stdoutFailed = true;
  process.exitCode = EXIT.unusable;
});

const code = await runCli(process.argv.slice(2), {
  stdout: (text) => process.stdout.write(underRunner ? neutraliseRunnerCommands(text) : text),
  stderr: (text) => process.stderr.write(text),
  env: process.env,
  cwd: process.cwd(),
});
process.exitCode = stdoutFailed ? EXIT.unusable : code;
