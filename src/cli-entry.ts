#!/usr/bin/env node
import { EXIT } from "./cli-report.js";
import { runCli } from "./cli.js";
import { fitOptimisingCompiler } from "./optimising-compiler.js";
import { removeOpenWorkFolders } from "./pipeline/work-folders.js";
import { neutraliseRunnerCommands } from "./text/runner-commands.js";
import { keepYoungGenerationSmall } from "./young-generation.js";

keepYoungGenerationSmall();

// The report quotes text from the pull request, and a GitHub Actions runner reads stdout for
// workflow commands, also when the CLI runs in a container that does not see GITHUB_ACTIONS. So
// every command shape is broken (`\::`, `##\[`) wherever stdout goes; in rendered Markdown `\:`
// and `\[` show as `:` and `[`.

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

// Stopped by Ctrl-C or a kill: what the run downloaded goes too, then the signal is raised again
// with its default action (the shell sees 128 + signal). Not process.exit: it waits for the thread
// pool, and a thread blocked opening a pipe nobody writes to would keep the process alive for ever.
// As PID 1 (a container without an init) a signal left to its default action is ignored: then the
// process exits with the shell's number for it.
for (const [signal, number] of [
  ["SIGINT", 2],
  ["SIGTERM", 15],
] as const) {
  process.once(signal, () => {
    removeOpenWorkFolders();
    process.kill(process.pid, signal);
    setImmediate(() => process.exit(128 + number));
  });
}

const code = await runCli(process.argv.slice(2), {
  stdout: (text) => process.stdout.write(neutraliseRunnerCommands(text)),
  stderr: (text) => process.stderr.write(text),
  env: process.env,
  cwd: process.cwd(),
  stdoutIsTty: process.stdout.isTTY === true,
  platform: process.platform,
  // Made only where it is read: elsewhere `-` is opened as /dev/stdin.
  ...(process.platform === "win32" && { stdin: process.stdin }),
  ...(process.stdout.isTTY && process.stdout.columns ? { columns: process.stdout.columns } : {}),
  beforeReading: fitOptimisingCompiler,
});
process.exitCode = stdoutFailed ? EXIT.unusable : code;
