// The command line: the same pipeline as the Action, with files and stdout as the outputs. Exit
// codes: 0 ok, 1 the fail-on policy tripped, 2 unusable input or usage.
import { argvSecrets, HELP_HINT, parseCliArgs, USAGE, type CliOptions } from "./cli-options.js";
import { cliRequest, cliServices } from "./cli-pipeline.js";
import { EXIT, writeAndPrint, type CliIo } from "./cli-report.js";
import { runPipeline, type PipelineResult } from "./pipeline/run.js";
import { safeLogText } from "./text/runner-commands.js";
import { createRedactor } from "./text/secrets.js";
import { VERSION } from "./version.js";

export async function runCli(argv: string[], rawIo: CliIo): Promise<number> {
  // Every stderr line may quote a file name, a node name or a server's answer: secrets masked,
  // controls shown, and nothing a CI runner could read as a workflow command.
  const secrets = [rawIo.env.DBT_CLOUD_TOKEN ?? "", ...argvSecrets(argv)].filter(Boolean);
  const redact = createRedactor(secrets);
  const io: CliIo = { ...rawIo, stderr: (text) => rawIo.stderr(safeLogText(text, redact)) };
  const fail = (message: string): number => {
    io.stderr(`fusion-report: ${message}\n`);
    return EXIT.unusable;
  };
  let options: CliOptions;
  try {
    const parsed = parseCliArgs(argv, io.env, io.stdoutIsTty ?? false);
    if (parsed === "help" || parsed === "version") {
      io.stdout(`${parsed === "help" ? USAGE : VERSION}\n`);
      return EXIT.ok;
    }
    options = parsed;
  } catch (error) {
    return fail(`${(error as Error).message}\n${HELP_HINT}`);
  }
  for (const warning of options.warnings) io.stderr(`fusion-report: warning: ${warning}\n`);
  if (options.failOn === "new-errors" && !options.baseline) {
    io.stderr(
      "fusion-report: warning: --fail-on new-errors needs --baseline (a base-branch JSON report); " +
        "without one it acts like --fail-on errors\n",
    );
  }

  let result: PipelineResult;
  try {
    result = await runPipeline(cliRequest(options, io), {
      ...cliServices(io),
      // The report is masked by value (and token shape) only: its messages are the build's own words.
      redact: createRedactor(secrets, { credentials: false }),
    });
  } catch (error) {
    return fail((error as Error).message);
  }
  try {
    return await writeAndPrint(result, options, io);
  } catch (error) {
    // Exit code 1 means "the policy tripped": whatever nobody expected must not look like that.
    return fail(`stopped unexpectedly: ${(error as Error).message}`);
  }
}
