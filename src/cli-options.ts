// The command line's options: the help text, parsing and checking the arguments (flags, and the
// DBT_CLOUD_* variables for the dbt platform), and which arguments are secrets.
import { homedir } from "node:os";
import { parseArgs, type ParseArgsConfig } from "node:util";
import { FAIL_ON_VALUES, type FailOn } from "./model/types.js";
import { JOB_SUMMARY_BUDGET_BYTES } from "./render/markdown.js";
import {
  DBT_CLOUD_ENV_VARS,
  DBT_CLOUD_SETTING_KEYS,
  readDbtCloudEnv,
  type NameSetting,
} from "./sources/dbt-cloud/settings.js";
import { STANDARD_INPUT } from "./sources/local.js";
import { matchChoice } from "./text/choice.js";
import { parseDecimal } from "./text/decimal.js";
import { expandHome } from "./text/paths.js";

export const USAGE = `Usage: fusion-report [options] <file-or-dir>...

Reads dbt Fusion telemetry (Parquet from target/metadata/, JSONL from logs/) and prints a
report. Directories are searched for *.parquet, *.jsonl and *.jsonl.gz; - reads JSONL from stdin.

Options:
  --format FORMAT         text | markdown: the report on stdout (default: text in a terminal,
                          markdown when stdout is a pipe or a file, e.g. $GITHUB_STEP_SUMMARY);
                          text is coloured when stdout is a terminal, unless NO_COLOR is set
                          or TERM=dumb; FORCE_COLOR (1, or 0 for none) decides over both
  --markdown FILE         also write the Markdown report to FILE (always Markdown, always whole)
  --max-bytes N           fit the Markdown on stdout into N bytes (at least 1000; 0 = no limit),
                          leaving detail out with a note, as the Action's job summary does;
                          default 999000 when GITHUB_STEP_SUMMARY is set (the runner drops a
                          step summary over 1 MiB), else no limit
  --json FILE             write the JSON report (schema/report.schema.json) to FILE
  --run-results FILE      write a dbt-compatible run_results.json (schema v6) to FILE
  --junit FILE            write JUnit XML (one test case per node) to FILE
                          (a FILE of - is stdout, and the report is then not printed:
                          --json - | jq …)
  --baseline FILE         compare with the base branch's JSON report (its --json output)
  --regression-threshold PCT
                          percent slower than the baseline that counts as a regression (default 50)
  --regression-min-seconds S
                          ...and at least this many seconds slower (default 1)
  --diagrams              include Mermaid diagrams (skip chains, timeline) in the Markdown
                          (on stdout with --format markdown, and in --markdown FILE)
  --fail-on POLICY        errors (default) | warnings | never | new-errors (needs --baseline):
                          when to exit with code 1
  --slowest N             how many slowest nodes to list (default 10)
  --title TEXT            report heading (default "dbt Fusion")
  --quiet                 do not print the report to stdout
  --dbt-cloud-base-url URL, --dbt-cloud-account-id ID, --dbt-cloud-token TOKEN,
  --dbt-cloud-run-id ID | --dbt-cloud-job-id ID [--pr-number N] [--head-sha SHA],
  --dbt-cloud-wait, --dbt-cloud-max-wait-seconds S
                          read a dbt platform run's step telemetry instead of local files
                          (or set DBT_CLOUD_BASE_URL, DBT_CLOUD_ACCOUNT_ID, DBT_CLOUD_TOKEN,
                          DBT_CLOUD_RUN_ID / DBT_CLOUD_JOB_ID)
  --dbt-cloud-poll-interval-seconds S (default 15, at least 10), --dbt-cloud-concurrency N
  (default 4, at most 16), --dbt-cloud-request-timeout-ms MS (default 30000)
                          how the dbt platform is asked (its API is rate-limited)
  -h, --help              show this help
  -v, --version           show the version

Exit codes: 0 ok, 1 the --fail-on policy tripped, 2 unusable input or usage.`;

/** What the report on stdout is: plain text for a person at a terminal, or the Markdown. */
export const FORMATS = ["text", "markdown"] as const;
export type Format = (typeof FORMATS)[number];

export interface CliOptions {
  paths: string[];
  format: Format;
  markdown: string | null;
  /** The most bytes of Markdown printed on stdout (cut to fit, with a note); null = no limit. */
  maxBytes: number | null;
  json: string | null;
  runResults: string | null;
  junit: string | null;
  baseline: string | null;
  regressionThreshold: number;
  regressionMinSeconds: number;
  diagrams: boolean;
  failOn: FailOn;
  slowest: number;
  title: string;
  quiet: boolean;
  dbtCloud: Record<string, string> | null;
  /** How dbt platform messages name a setting: the flag or variable it came from. */
  nameDbtCloudSetting: NameSetting;
  /** Arguments that are valid but not used as they might seem (said on stderr). */
  warnings: string[];
}

export class UsageError extends Error {}

/** What every usage error ends with, instead of the whole help. */
export const HELP_HINT = "Try 'fusion-report --help' for the options.";

export const OPTIONS = {
  format: { type: "string" },
  markdown: { type: "string" },
  "max-bytes": { type: "string" },
  json: { type: "string" },
  "run-results": { type: "string" },
  junit: { type: "string" },
  baseline: { type: "string" },
  "regression-threshold": { type: "string", default: "50" },
  "regression-min-seconds": { type: "string", default: "1" },
  diagrams: { type: "boolean", default: false },
  "fail-on": { type: "string", default: "errors" },
  slowest: { type: "string", default: "10" },
  title: { type: "string", default: "dbt Fusion" },
  quiet: { type: "boolean", default: false },
  help: { type: "boolean", short: "h", default: false },
  version: { type: "boolean", short: "v", default: false },
  // The download folder is the CLI's own temporary folder, never a flag.
  ...Object.fromEntries(
    Object.values(DBT_CLOUD_SETTING_KEYS)
      .filter((key) => key !== DBT_CLOUD_SETTING_KEYS.downloadDir)
      .map((key) => [key, { type: "string" as const }]),
  ),
  [DBT_CLOUD_SETTING_KEYS.wait]: { type: "boolean" },
} as const satisfies ParseArgsConfig["options"];

/**
 * `stdoutIsTty` picks the default format: text for a person at a terminal, Markdown for a pipe or a
 * file (the job summary, a PR comment made by a script, every test that reads stdout).
 */
export function parseCliArgs(
  argv: string[],
  env: Readonly<Record<string, string | undefined>>,
  stdoutIsTty = false,
): CliOptions | "help" | "version" {
  const args = joinNegativeValues(argv);
  let parsed;
  try {
    parsed = parseArgs({ args, allowPositionals: true, options: OPTIONS, tokens: true });
  } catch (error) {
    // `fusion-report --fromat x --help`: asking for help is answered, as the usage error would advise.
    const asked = helpOrVersion(args);
    if (asked) return asked;
    throw new UsageError(parseArgsProblem(args) ?? (error as Error).message);
  }
  const { values, positionals, tokens } = parsed;
  if (values.help) return "help";
  if (values.version) return "version";
  // `--baseline "$BASE"` with BASE unset in a script: an empty value would quietly mean "none" (or 0).
  const empty = Object.entries(values).find(([, value]) => typeof value === "string" && value.trim() === "");
  if (empty)
    throw new UsageError(`--${empty[0]} was given an empty value: give it one, or leave the option out`);
  // In any case, as the Action reads its inputs: `--fail-on Errors` is `errors`.
  const failOn = matchChoice(values["fail-on"] as string, FAIL_ON_VALUES);
  if (failOn === null) {
    throw new UsageError(
      `--fail-on must be one of ${FAIL_ON_VALUES.join(", ")} (got "${values["fail-on"]}")`,
    );
  }
  const format = matchChoice(
    (values.format as string | undefined) ?? (stdoutIsTty ? "text" : "markdown"),
    FORMATS,
  );
  if (format === null) {
    throw new UsageError(`--format must be one of ${FORMATS.join(", ")} (got "${values.format}")`);
  }
  const slowest = parseDecimal(values.slowest as string);
  if (!Number.isInteger(slowest) || slowest < 0) {
    throw new UsageError(`--slowest must be a whole number ≥ 0 (got "${values.slowest}")`);
  }
  const regressionThreshold = parseDecimal(values["regression-threshold"] as string);
  if (!Number.isFinite(regressionThreshold) || regressionThreshold < 0) {
    throw new UsageError(
      `--regression-threshold must be a number ≥ 0 (got "${values["regression-threshold"]}")`,
    );
  }
  const regressionMinSeconds = parseDecimal(values["regression-min-seconds"] as string);
  if (!Number.isFinite(regressionMinSeconds) || regressionMinSeconds < 0) {
    throw new UsageError(
      `--regression-min-seconds must be a number ≥ 0 (got "${values["regression-min-seconds"]}")`,
    );
  }
  const maxBytes = stdoutBudget(values["max-bytes"] as string | undefined, format, env);
  // A report file on stdout (`-`) is all stdout says: the printed report would make it unreadable.
  const quiet =
    (values.quiet as boolean) ||
    [values.markdown, values.json, values["run-results"], values.junit].includes("-");
  if (quiet && values["max-bytes"] !== undefined) {
    throw new UsageError(
      "--max-bytes fits the Markdown report printed on stdout, and none is printed with --quiet or a report " +
        "file on -: report files are always whole",
    );
  }
  const warnings: string[] = [];
  // The regression options compare with --baseline: without one nothing is compared.
  const unread =
    values.baseline === undefined &&
    givenWithout(
      tokens,
      ["regression-threshold", "regression-min-seconds"],
      "--baseline (a base-branch JSON report); without one no timing is compared",
    );
  if (unread) warnings.push(unread);
  // Diagrams are drawn only in Markdown: the report on stdout in that format, or the --markdown file.
  if (values.diagrams && values.markdown === undefined && (format !== "markdown" || quiet)) {
    warnings.push(
      quiet
        ? "--diagrams draws in the Markdown report, and none is printed with --quiet or a report file on -: add --markdown FILE"
        : `--diagrams draws in the Markdown report, and none is printed with --format ${format}: add --markdown FILE, or --format markdown`,
    );
  }
  // Without --dbt-cloud-wait a run that has not finished is an error at once, and one that has is read
  // without polling: what bounds the waiting bounds nothing.
  const unreadWait =
    values[DBT_CLOUD_SETTING_KEYS.wait] !== true &&
    givenWithout(
      tokens,
      [DBT_CLOUD_SETTING_KEYS.maxWaitSeconds, DBT_CLOUD_SETTING_KEYS.pollIntervalSeconds],
      `--${DBT_CLOUD_SETTING_KEYS.wait}; without it nothing is waited for`,
    );
  if (unreadWait) warnings.push(unreadWait);
  const dbtCloud = platformMode(values as Record<string, unknown>, env, positionals.length > 0, warnings);
  if (positionals.length === 0 && !dbtCloud) {
    throw new UsageError("no telemetry given: pass files or directories (or dbt platform options)");
  }
  // A shell expands `--json ~/x` but leaves the ~ of `--json=~/x` as it is: read as the Action's inputs are, it is
  // the home folder, not a folder named ~.
  const home = env.HOME || homedir();
  const fileOption = (value: unknown): string | null =>
    typeof value === "string" ? expandHome(value, home) : null;
  return {
    // `-` is standard input, as in other Unix tools (read through /dev/stdin, on Windows as a stream: never Parquet).
    paths: positionals.map((file) => (file === "-" ? STANDARD_INPUT : file)),
    format,
    markdown: fileOption(values.markdown),
    maxBytes,
    json: fileOption(values.json),
    runResults: fileOption(values["run-results"]),
    junit: fileOption(values.junit),
    baseline: fileOption(values.baseline),
    regressionThreshold,
    regressionMinSeconds,
    diagrams: values.diagrams as boolean,
    failOn,
    slowest,
    title: values.title as string,
    quiet,
    dbtCloud,
    nameDbtCloudSetting: nameCliSetting(values as Record<string, unknown>, env),
    warnings,
  };
}

/**
 * The options of `names` given on the command line, which need another that is not (`needs`: it and
 * what happens without it), as a warning; null when none was given. Asked of the tokens, as each
 * option's default is its value when not given.
 */
function givenWithout(
  tokens: readonly { kind: string; name?: string }[],
  names: readonly string[],
  needs: string,
): string | null {
  const given = names.filter((name) =>
    tokens.some((token) => token.kind === "option" && token.name === name),
  );
  if (given.length === 0) return null;
  return `--${given.join(" and --")} ${given.length === 1 ? "needs" : "need"} ${needs}`;
}

/** A budget smaller than this would leave little but the note saying what was left out. */
const MIN_MAX_BYTES = 1_000;

/**
 * The budget of the Markdown on stdout. In a GitHub Actions step it is the job summary's by default:
 * `>> "$GITHUB_STEP_SUMMARY"` over 1 MiB would lose the whole summary (`--markdown FILE` keeps it all).
 */
function stdoutBudget(
  given: string | undefined,
  format: Format,
  env: Readonly<Record<string, string | undefined>>,
): number | null {
  if (given === undefined) {
    return format === "markdown" && env.GITHUB_STEP_SUMMARY ? JOB_SUMMARY_BUDGET_BYTES : null;
  }
  const bytes = parseDecimal(given);
  if (!Number.isInteger(bytes) || (bytes !== 0 && bytes < MIN_MAX_BYTES)) {
    throw new UsageError(
      `--max-bytes must be a whole number ≥ ${MIN_MAX_BYTES}, or 0 for no limit (got "${given}")`,
    );
  }
  if (format !== "markdown") {
    throw new UsageError("--max-bytes is for the Markdown on stdout: add --format markdown");
  }
  return bytes === 0 ? null : bytes;
}

/** `--help` or `--version` as an argument of its own (before `--`), whatever else is on the line. */
function helpOrVersion(args: readonly string[]): "help" | "version" | null {
  const options = args.slice(0, args.includes("--") ? args.indexOf("--") : undefined);
  if (options.some((arg) => arg === "--help" || arg === "-h")) return "help";
  if (options.some((arg) => arg === "--version" || arg === "-v")) return "version";
  return null;
}

/**
 * What parseArgs refused, said by option and value: its own messages name `'-h, --help'`, end in
 * advice on positionals, and say "ambiguous" for `--json --quiet`. Null when nothing is found here.
 */
function parseArgsProblem(args: readonly string[]): string | null {
  const { tokens } = parseArgs({
    args: [...args],
    allowPositionals: true,
    options: OPTIONS,
    strict: false,
    tokens: true,
  });
  for (const token of tokens) {
    if (token.kind !== "option") continue;
    const given = args[token.index]!;
    if (!Object.hasOwn(OPTIONS, token.name)) return unknownOption(token.rawName, given);
    const option = OPTIONS[token.name as keyof typeof OPTIONS];
    const flag = `--${token.name}`;
    if (option.type === "boolean" && token.inlineValue) return `${flag} takes no value (got ${given})`;
    if (option.type === "string" && token.value === undefined) return `${flag} needs a value`;
    // Not strict, parseArgs takes the next argument for the value; strict, it refuses one that starts with -.
    if (
      option.type === "string" &&
      !token.inlineValue &&
      token.value !== "-" &&
      token.value?.startsWith("-")
    ) {
      return `${flag} needs a value, but the next argument is the option ${token.value} (for a value that starts with -, write ${flag}=${token.value})`;
    }
  }
  return null;
}

/** An unknown option, with the one it most likely was; a file named like an option, with how to name it. */
function unknownOption(rawName: string, given: string): string {
  if (!given.startsWith("--") && /[./]/.test(given)) {
    return `unknown option ${rawName} (in ${given}): name a file that starts with - after --, or as ./${given}`;
  }
  const closest = closestOption(rawName);
  return `unknown option ${rawName}${closest ? ` (did you mean ${closest}?)` : ""}`;
}

/** The known long option a mistyped one most likely was: another case, `_` for `-`, or two letters off. */
function closestOption(rawName: string): string | null {
  const wanted = rawName.toLowerCase().replaceAll("_", "-");
  let best: { flag: string; distance: number } | null = null;
  for (const name of Object.keys(OPTIONS)) {
    const flag = `--${name}`;
    const distance = editDistance(wanted, flag);
    if (distance <= 2 && (best === null || distance < best.distance)) best = { flag, distance };
  }
  return best?.flag ?? null;
}

/** Levenshtein distance: the fewest letters added, removed or changed to turn one text into the other. */
function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const substitution = previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1);
      current.push(Math.min(previous[j]! + 1, current[j - 1]! + 1, substitution));
    }
    previous = current;
  }
  return previous[b.length]!;
}

/**
 * `--slowest -1` as `--slowest=-1`: parseArgs takes a value starting with `-` for an option, and would
 * answer "argument is ambiguous" where the option's own check says what is wrong with the number.
 */
function joinNegativeValues(argv: readonly string[]): string[] {
  const takesValue = new Set(
    Object.entries(OPTIONS)
      .filter(([, option]) => option.type === "string")
      .map(([name]) => `--${name}`),
  );
  const joined: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === "--") {
      joined.push(...argv.slice(i));
      break;
    }
    const next = argv[i + 1];
    if (takesValue.has(arg) && next !== undefined && /^-(\d|\.\d|Infinity)/.test(next)) {
      joined.push(`${arg}=${next}`);
      i++;
    } else {
      joined.push(arg);
    }
  }
  return joined;
}

/**
 * The dbt platform settings when the telemetry comes from a run there, else null. Files named on the
 * command line are read even when DBT_CLOUD_RUN_ID / DBT_CLOUD_JOB_ID are set around it; files and
 * a run or job given as flags, or a platform flag without a run or job, is a usage error (one of
 * them would be ignored without a word).
 */
function platformMode(
  values: Record<string, unknown>,
  env: Readonly<Record<string, string | undefined>>,
  filesGiven: boolean,
  warnings: string[],
): Record<string, string> | null {
  const flags = Object.values(DBT_CLOUD_SETTING_KEYS).filter((key) => values[key] !== undefined);
  const run = [DBT_CLOUD_SETTING_KEYS.runId, DBT_CLOUD_SETTING_KEYS.jobId].find((key) => flags.includes(key));
  if (filesGiven && run) {
    throw new UsageError(`telemetry files and --${run} were both given: pass one or the other`);
  }
  const dbtCloud = filesGiven ? null : collectDbtCloud(values, env, warnings);
  if (!dbtCloud && flags.length > 0) {
    throw new UsageError(
      `--${flags[0]} is for a dbt platform run: give --${DBT_CLOUD_SETTING_KEYS.runId} or --${DBT_CLOUD_SETTING_KEYS.jobId} (and no files)`,
    );
  }
  return dbtCloud;
}

/**
 * dbt platform mode is on when a run or job id is given by flag or environment (flags win). The run
 * or job is one choice: `--dbt-cloud-job-id` replaces a DBT_CLOUD_RUN_ID set around it, which would
 * otherwise win over it (a run id wins over a job id) and report another run without a word.
 */
function collectDbtCloud(
  values: Record<string, unknown>,
  env: Readonly<Record<string, string | undefined>>,
  warnings: string[],
): Record<string, string> | null {
  const raw = readDbtCloudEnv(env);
  const { runId, jobId } = DBT_CLOUD_SETTING_KEYS;
  if (values[jobId] !== undefined && values[runId] === undefined && raw[runId] !== undefined) {
    delete raw[runId];
    warnings.push(`DBT_CLOUD_RUN_ID is ignored: --${jobId} was given, and flags win over the environment`);
  }
  for (const key of Object.values(DBT_CLOUD_SETTING_KEYS)) {
    const value = values[key];
    if (typeof value === "string") raw[key] = value;
    if (typeof value === "boolean") raw[key] = String(value);
  }
  // A run id names the run: the flags that would pick one of the job's runs are not read.
  if (raw[runId]) {
    const unread = [jobId, DBT_CLOUD_SETTING_KEYS.prNumber, DBT_CLOUD_SETTING_KEYS.headSha].filter(
      (key) => values[key] !== undefined,
    );
    if (unread.length > 0) {
      const by = values[runId] !== undefined ? `--${runId}` : "DBT_CLOUD_RUN_ID";
      warnings.push(
        `--${unread.join(" and --")} ${unread.length === 1 ? "is" : "are"} not read: ${by} names the run, so no run of a job is looked for`,
      );
    }
  }
  return raw[runId] || raw[jobId] ? raw : null;
}

/**
 * What the user set, for a message about a dbt platform setting: the flag (flags win), else the
 * DBT_CLOUD_* variable it came from, else both ways to set it.
 */
function nameCliSetting(
  values: Record<string, unknown>,
  env: Readonly<Record<string, string | undefined>>,
): NameSetting {
  const variables = new Map<string, string>(
    Object.entries(DBT_CLOUD_ENV_VARS).map(([name, key]) => [key, name]),
  );
  return (key) => {
    const flag = `--${key}`;
    const variable = variables.get(key);
    if (values[key] !== undefined || !variable) return flag;
    return env[variable]?.trim() ? variable : `${flag} (or ${variable})`;
  };
}

/**
 * Every dbt platform token given as a flag (`--dbt-cloud-token X`, `--dbt-cloud-token=X`, as often
 * as it is repeated: the last one is used, any may be echoed), to mask wherever it might show.
 */
export function argvSecrets(argv: string[]): string[] {
  const flag = `--${DBT_CLOUD_SETTING_KEYS.token}`;
  const found: string[] = [];
  argv.forEach((arg, i) => {
    if (arg === flag && i + 1 < argv.length) found.push(argv[i + 1] ?? "");
    else if (arg.startsWith(`${flag}=`)) found.push(arg.slice(flag.length + 1));
  });
  return found;
}
