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
// At a line start: whitespace (TrimStart) and ignorable characters, then `::`.
const LINE_COMMAND = new RegExp(`(^|\\r\\n|\\r|\\n)([\\s\\u0085${IGNORABLE}]*)::`, "gu");
// Anywhere: `#`, `#`, `[` with only ignorable characters between them.
const LEGACY_COMMAND = new RegExp(`#([${IGNORABLE}]*)#([${IGNORABLE}]*)\\[`, "gu");

/**
 * Breaks every shape the runner would read as a command, visibly and nothing else: a line's
 * leading `::` becomes `\::`, and `##[` becomes `##\[`. Line breaks are kept as they are.
 */
export function neutraliseRunnerCommands(text: string): string {
  if (!text.includes("::") && !text.includes("[")) return text;
  return text.replace(LINE_COMMAND, "$1$2\\::").replace(LEGACY_COMMAND, "#$1#$2\\[");
}

/**
 * Text for a plain log line (stdout or stderr of the step): secrets masked, control and bidi
 * characters shown as escapes (every line terminator becomes `\n`), command shapes broken.
 */
export function safeLogText(text: string, redact: Redact): string {
  return neutraliseRunnerCommands(showControls(redact(text), "keep"));
}
