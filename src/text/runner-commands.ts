// The GitHub Actions runner reads every line a step prints and acts on the ones shaped like workflow
// commands (`::add-mask::x`, `::error file=…::x`, `::stop-commands::t`). Text from a pull request
// (node names, messages, zip entry names, server answers) must never be able to print such a line.
//
// What the runner accepts (actions/runner, src/Runner.Common/ActionCommand.cs and
// src/Runner.Worker/ActionCommandManager.cs):
//  * lines are split at `\n`, `\r` and `\r\n` (StreamReader.ReadLine);
//  * `::name props::data` after `TrimStart()`, so leading whitespace of any kind (tab, NBSP,
//    U+2028 …) does not stop it;
//  * the legacy `##[name props]data` anywhere in the line, not only at its start;
//  * the name must be a registered command, but `stop-commands` registers its token as one, so any
//    name can become a command: we go by the shape, not by the name.
// .NET compares these prefixes culture-aware, which skips "ignorable" characters (soft hyphen,
// zero-width joiners …) between them, so those count as transparent here too.

import { showControls } from "./controls.js";
import type { Redact } from "./secrets.js";

// Characters a culture-aware comparison skips: format and default-ignorable characters, and the
// C0/C1 controls other than whitespace.
const IGNORABLE = "\\p{Cf}\\p{Default_Ignorable_Code_Point}\\u0000-\\u0008\\u000e-\\u001f\\u007f-\\u009f";
// Whitespace within a line (`\s` but `\r` and `\n`, which end it), for TrimStart; NEL too.
const LINE_SPACE = "\\t\\v\\f\\p{Zs}\\u2028\\u2029\\ufeff\\u0085";
// At a line start: whitespace (TrimStart) and ignorable characters, then `::`. Not across a line
// break: from every line start of a run of blank lines, that would read the whole run again.
const LINE_COMMAND = new RegExp(`(^|\\r\\n|\\r|\\n)([${LINE_SPACE}${IGNORABLE}]*)::`, "gu");
// Anywhere: `#`, `#`, `[` with only ignorable characters between them.
const LEGACY_COMMAND = new RegExp(`#([${IGNORABLE}]*)#([${IGNORABLE}]*)\\[`, "gu");

/**
 * How the shape is broken, in the syntax of what is written, so the text still means what it said:
 * a backslash in text and Markdown (where `\:` and `\[` are escapes of `:` and `[`); in JSON a
 * backslash alone is an invalid escape (`--json - | jq` would fail), so `\u005b`, which only occurs
 * inside a string there, as `#` does (and no line of JSON starts with `::`); in XML a character reference.
 */
export type CommandSyntax = "text" | "json" | "xml";

const BROKEN: Record<CommandSyntax, { line: string; legacy: string }> = {
  text: { line: "$1$2\\::", legacy: "#$1#$2\\[" },
  json: { line: "$1$2\\u003a:", legacy: "#$1#$2\\u005b" },
  xml: { line: "$1$2&#58;:", legacy: "#$1#$2&#91;" },
};

/**
 * Breaks every shape the runner would read as a command, visibly and nothing else: a line's
 * leading `::` becomes `\::`, and `##[` becomes `##\[` (in JSON `\u003a:` and `##\u005b`, in XML
 * `&#58;:` and `##&#91;`). Line breaks are kept as they are.
 */
export function neutraliseRunnerCommands(text: string, syntax: CommandSyntax = "text"): string {
  if (!text.includes("::") && !text.includes("[")) return text;
  const broken = BROKEN[syntax];
  return text.replace(LINE_COMMAND, broken.line).replace(LEGACY_COMMAND, broken.legacy);
}

/**
 * Text for a plain log line (stdout or stderr of the step): secrets masked, control and bidi
 * characters shown as escapes (every line terminator becomes `\n`), command shapes broken.
 */
export function safeLogText(text: string, redact: Redact): string {
  return neutraliseRunnerCommands(showControls(redact(text), "keep"));
}
