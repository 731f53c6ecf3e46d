// Which dbt command a command line ran. dbt takes global flags before the command as well as after
// it (`dbt --debug retry`, `dbtf --log-level debug retry`, `dbt --profiles-dir ./p retry`), so the
// word after the binary is not always the command, and a flag's value may itself be a command's name
// (`--log-level debug`, `--target test`): the command is the first known command word that no flag
// takes as its value.

/** The dbt binary: `dbt` or `dbtf` (the Fusion binary's other name), by any path, `.exe` on Windows. */
const DBT_BINARY = /^(?:.*[/\\])?dbtf?(?:\.exe)?$/i;

/** dbt's commands (docs.getdbt.com/reference/dbt-commands); `source` and `docs` take a second word. */
const COMMANDS = new Set([
  "build",
  "clean",
  "clone",
  "compile",
  "debug",
  "deps",
  "docs",
  "init",
  "list",
  "ls",
  "parse",
  "retry",
  "run",
  "run-operation",
  "seed",
  "show",
  "snapshot",
  "source",
  "test",
]);
const SUBCOMMANDS: Readonly<Record<string, ReadonlySet<string>>> = {
  docs: new Set(["generate", "serve"]),
  source: new Set(["freshness"]),
};

/** Flags whose next word is their value, whatever it looks like (`--log-level debug`, `-t test`). */
const TAKES_VALUE = new Set([
  "--log-level",
  "--log-level-file",
  "--log-format",
  "--log-format-file",
  "--log-path",
  "--target-path",
  "--profiles-dir",
  "--project-dir",
  "--profile",
  "--target",
  "-t",
  "--vars",
  "--threads",
  "--select",
  "-s",
  "--exclude",
  "--selector",
  "--state",
  "--defer-state",
]);
/**
 * Flags that take no value (and every `--no-…`): the word after one is the command (`dbt --debug build`,
 * `dbtf -q retry`).
 */
const SWITCHES = new Set(["--debug", "-d", "--quiet", "-q", "--fail-fast", "-x", "--warn-error"]);

/**
 * The dbt command of `command`: `eval_args.command` as it is (one word, or a known command such as
 * `source freshness`), or of a command line, the command after the dbt binary (`source freshness`,
 * `docs generate` with their second word). Undefined when it names none.
 */
export function dbtCommandOf(command: string): string | undefined {
  const words = command.trim().split(/\s+/);
  const binary = words.findIndex((word) => DBT_BINARY.test(word));
  if (binary < 0) {
    // No binary: eval_args' command (a command line without one is not read as one).
    if (words.length === 1) return words[0] || undefined;
    return SUBCOMMANDS[words[0]!]?.has(words[1]!) && words.length === 2 ? words.join(" ") : undefined;
  }
  const at = commandIndex(words, binary + 1);
  if (at === undefined) return undefined;
  const word = words[at]!;
  const next = words[at + 1];
  return next !== undefined && SUBCOMMANDS[word]?.has(next) ? `${word} ${next}` : word;
}

/**
 * Where the command is among `words` from `from`: the first known command word after a word that is
 * not a flag, or after a flag known to take no value; else (after flags this list does not know) the
 * first known command word no known flag takes as its value.
 */
function commandIndex(words: readonly string[], from: number): number | undefined {
  let guess: number | undefined;
  for (let at = from; at < words.length; at++) {
    const word = words[at]!;
    if (!COMMANDS.has(word)) continue;
    const before = at > from ? words[at - 1]! : "";
    if (!isFlag(before) || SWITCHES.has(before) || before.startsWith("--no-")) return at;
    if (!TAKES_VALUE.has(before)) guess ??= at;
  }
  return guess;
}

/** A flag that may take the next word as its value: `--flag=value` holds its own. */
function isFlag(word: string): boolean {
  return word.startsWith("-") && !word.includes("=");
}
