// vitest setupFiles: the toolkits some tests run in process (@actions/core, through @actions/artifact)
// print workflow commands on stdout (`::add-mask::`, `::debug::`). Where this repository's own CI runs
// on GitHub Actions, the runner would read those lines as commands for its log (a mask, a debug line,
// an annotation), so no test lets one through: lines that start a workflow command are dropped.
const COMMAND_LINE = /^::[A-Za-z-]+/;

/** `text` without its lines that start a workflow command (null when it has none). */
export function withoutWorkflowCommands(text: string): string | null {
  const lines = text.split(/(?<=\n)/);
  if (!lines.some((line) => COMMAND_LINE.test(line))) return null;
  return lines.filter((line) => !COMMAND_LINE.test(line)).join("");
}

const write = process.stdout.write.bind(process.stdout) as (...args: unknown[]) => boolean;
process.stdout.write = ((chunk: unknown, ...rest: unknown[]) => {
  const text = typeof chunk === "string" ? chunk : Buffer.from(chunk as Uint8Array).toString("utf8");
  const kept = withoutWorkflowCommands(text);
  if (kept === null) return write(chunk, ...rest);
  return write(kept, ...rest.filter((arg) => typeof arg === "function"));
}) as typeof process.stdout.write;
