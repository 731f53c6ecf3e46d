// How the terminal report marks things: SGR colour and weight when the terminal wants colour, plain
// text otherwise. These are the only escape sequences the report writes; everything from telemetry
// has its controls shown as text (showControls), so none of its bytes can act on the terminal.

/** Each style with the code that starts it and the one that ends only it (so styles can nest). */
const SGR = {
  bold: [1, 22],
  dim: [2, 22],
  red: [31, 39],
  green: [32, 39],
  yellow: [33, 39],
  cyan: [36, 39],
} as const;

export type StyleName = keyof typeof SGR;
export type Style = Record<StyleName, (text: string) => string>;

/** Every sequence `terminalStyle(true)` may write: what a test allows in the output and nothing else. */
export const OWN_SEQUENCES = new RegExp(
  `\\u001b\\[(?:${[...new Set(Object.values(SGR).flat())].join("|")})m`,
  "g",
);

export function terminalStyle(colour: boolean): Style {
  // Each line styled on its own: a pager or a log viewer that shows one line may not see the others.
  const make = ([on, off]: readonly [number, number]) =>
    colour
      ? (text: string) =>
          text
            .split("\n")
            .map((line) => (line ? `\u001b[${on}m${line}\u001b[${off}m` : line))
            .join("\n")
      : (text: string) => text;
  return Object.fromEntries(Object.entries(SGR).map(([name, codes]) => [name, make(codes)])) as Style;
}

/** The FORCE_COLOR values that turn colour on, as Node reads them; any other value turns it off. */
const FORCE_COLOR_ON = new Set(["", "1", "2", "3", "true"]);

/**
 * Whether the terminal report is coloured, by the conventions terminal programs share (Node's own
 * reading, https://nodejs.org/api/cli.html#force_color1-2-3): FORCE_COLOR, when set, decides and
 * wins over the rest; else a non-empty NO_COLOR (https://no-color.org) or TERM=dumb turns colour
 * off; else there is colour when stdout is a terminal.
 */
export function wantsColour(
  env: Readonly<Record<string, string | undefined>>,
  stdoutIsTty: boolean,
): boolean {
  const force = env.FORCE_COLOR;
  if (force !== undefined) return FORCE_COLOR_ON.has(force);
  if (env.NO_COLOR) return false;
  if (env.TERM === "dumb") return false;
  return stdoutIsTty;
}
