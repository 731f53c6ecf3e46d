// The CLI prints a big Markdown report in chunks: each must end at a line break, so that breaking
// workflow commands chunk by chunk is breaking them in the whole text.
import { describe, expect, it } from "vitest";
import { lineChunks } from "../../src/text/line-chunks.js";
import { neutraliseRunnerCommands } from "../../src/text/runner-commands.js";
import { HOSTILE_CORPUS } from "../support/hostile-corpus.js";
import { random } from "../support/jsonl-layouts.js";

/** Random text in random pieces: corpus strings, line breaks of every kind, command shapes. */
function randomPieces(next: () => number): string[] {
  const parts = [
    ...HOSTILE_CORPUS,
    "\n",
    "\r\n",
    "\r",
    "::error::x",
    "##[warning]y",
    " ::set-output",
    "|",
    "a".repeat(300),
  ];
  const text = Array.from(
    { length: 40 + Math.floor(next() * 200) },
    () => parts[Math.floor(next() * parts.length)]!,
  ).join("");
  const pieces: string[] = [];
  for (let at = 0; at < text.length;) {
    const end = Math.min(text.length, at + 1 + Math.floor(next() * 120));
    pieces.push(text.slice(at, end));
    at = end;
  }
  return pieces;
}

describe("lineChunks", () => {
  it("joins to the text, cuts only after a \\n, and neutralising each chunk is neutralising the whole", () => {
    let cut = 0;
    for (let seed = 1; seed <= 300; seed++) {
      const next = random(seed);
      const pieces = randomPieces(next);
      const size = 1 + Math.floor(next() * 400);
      const chunks = [...lineChunks(pieces, size)];
      const text = pieces.join("");
      expect(chunks.join("")).toBe(text);
      for (const chunk of chunks.slice(0, -1)) expect(chunk.endsWith("\n")).toBe(true);
      cut += chunks.length - 1;
      expect(chunks.map((chunk) => neutraliseRunnerCommands(chunk)).join("")).toBe(
        neutraliseRunnerCommands(text),
      );
    }
    expect(cut).toBeGreaterThan(300);
  });

  it("yields nothing for no text, and a line longer than the size whole", () => {
    expect([...lineChunks([], 4)]).toEqual([]);
    expect([...lineChunks(["", ""], 4)]).toEqual([]);
    expect([...lineChunks(["abcdefgh", "ij\nk"], 4)]).toEqual(["abcdefghij\n", "k"]);
  });
});
