// Reads a step's output the way the GitHub Actions runner does and returns the workflow commands it
// would act on (actions/runner: ActionCommand.TryParseV2 / TryParse, ActionCommandManager). Kept
// deliberately a little broader than the runner (it also skips characters .NET's culture-aware
// comparison ignores), so a test that finds no command here finds none there either.

/** Commands the runner registers (command extensions plus `stop-commands`). */
export const REGISTERED_COMMANDS = [
  "add-mask",
  "add-matcher",
  "add-path",
  "debug",
  "echo",
  "endgroup",
  "error",
  "group",
  "notice",
  "remove-matcher",
  "save-state",
  "set-env",
  "set-output",
  "stop-commands",
  "warning",
] as const;

export interface RunnerCommand {
  /** 1-based line of the output. */
  line: number;
  form: "::" | "##[";
  name: string;
  properties: Record<string, string>;
  data: string;
  raw: string;
}

const IGNORABLE = /[\p{Cf}\p{Default_Ignorable_Code_Point}]/gu;
const LEADING = /^[\s\u0085\p{Cc}\p{Cf}\p{Default_Ignorable_Code_Point}]+/u;

const unescapeData = (s: string): string =>
  s.replace(/%0D/g, "\r").replace(/%0A/g, "\n").replace(/%25/g, "%");
const unescapeProperty = (s: string): string =>
  s
    .replace(/%0D/g, "\r")
    .replace(/%0A/g, "\n")
    .replace(/%3A/g, ":")
    .replace(/%2C/g, ",")
    .replace(/%25/g, "%");

export function readRunnerCommands(output: string): RunnerCommand[] {
  const registered = new Set<string>(REGISTERED_COMMANDS);
  let stopToken: string | null = null;
  const commands: RunnerCommand[] = [];
  output.split(/\r\n|\r|\n/).forEach((raw, index) => {
    const command = parseV2(raw, registered, stopToken) ?? parseLegacy(raw, registered, stopToken);
    if (!command) return;
    const name = command.name.toLowerCase();
    if (stopToken !== null) {
      if (name !== stopToken.toLowerCase()) return; // paused: nothing but the token is acted on
      stopToken = null;
    } else if (name === "stop-commands") {
      stopToken = command.data;
    }
    commands.push({ ...command, line: index + 1, raw });
  });
  return commands;
}

function isCommandName(name: string, registered: Set<string>, stopToken: string | null): boolean {
  const lower = name.toLowerCase();
  return registered.has(lower) || (stopToken !== null && lower === stopToken.toLowerCase());
}

function parseV2(
  raw: string,
  registered: Set<string>,
  stopToken: string | null,
): Omit<RunnerCommand, "line" | "raw"> | null {
  const message = raw.replace(LEADING, "").replace(IGNORABLE, "");
  if (!message.startsWith("::")) return null;
  const end = message.indexOf("::", 2);
  if (end < 0) return null;
  const info = message.slice(2, end);
  const space = info.indexOf(" ");
  const name = space < 0 ? info : info.slice(0, space);
  if (!isCommandName(name, registered, stopToken)) return null;
  const properties: Record<string, string> = {};
  if (space > 0) {
    for (const part of info
      .slice(space + 1)
      .trim()
      .split(",")) {
      const eq = part.indexOf("=");
      if (eq > 0 && eq < part.length - 1)
        properties[part.slice(0, eq)] = unescapeProperty(part.slice(eq + 1));
    }
  }
  return { form: "::", name, properties, data: unescapeData(message.slice(end + 2)) };
}

function parseLegacy(
  raw: string,
  registered: Set<string>,
  stopToken: string | null,
): Omit<RunnerCommand, "line" | "raw"> | null {
  const message = raw.replace(IGNORABLE, "");
  const start = message.indexOf("##[");
  if (start < 0) return null;
  const close = message.indexOf("]", start);
  if (close < 0) return null;
  const info = message.slice(start + 3, close);
  const space = info.indexOf(" ");
  const name = space < 0 ? info : info.slice(0, space);
  if (!isCommandName(name, registered, stopToken)) return null;
  const properties: Record<string, string> = {};
  if (space > 0) {
    for (const part of info.slice(space + 1).split(";")) {
      const eq = part.indexOf("=");
      if (eq > 0 && eq < part.length - 1) properties[part.slice(0, eq)] = part.slice(eq + 1);
    }
  }
  return { form: "##[", name, properties, data: message.slice(close + 1) };
}

/**
 * The commands in `output` that the step itself did not mean to print: anything but an
 * annotation (`error`, `warning`, `notice`, `debug`) or an `add-mask` of one of `ownSecrets`, and
 * any annotation whose properties mention `marker` or whose data starts with it (the step's own
 * annotations start with its own words, even when they quote planted text later on).
 */
export function foreignCommands(
  output: string,
  ownSecrets: readonly string[],
  marker = "PWNED",
): RunnerCommand[] {
  return readRunnerCommands(output).filter((c) => {
    const name = c.name.toLowerCase();
    if (name === "add-mask") return !ownSecrets.includes(c.data);
    if (!["error", "warning", "notice", "debug"].includes(name)) return true;
    if (c.form === "##[") return true; // @actions/core only ever prints the `::` form
    return c.data.startsWith(marker) || Object.values(c.properties).some((v) => v.includes(marker));
  });
}
