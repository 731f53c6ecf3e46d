// Text written in pieces to a stream whose reader works by lines (a runner's log, whose workflow
// commands text/runner-commands.ts breaks line by line): chunks that end at a line break, so that
// whatever is done to each chunk is what would have been done to the whole text.

/** Chunks of at least this many characters (a line longer than that is one chunk). */
const CHUNK_CHARS = 64 * 1024;

/**
 * The pieces joined into chunks of about `size` characters, each ending just after a `\n` (the last
 * chunk excepted): a line, and a `\r\n` pair, is never cut. Nothing is yielded for empty text.
 */
export function* lineChunks(pieces: Iterable<string>, size = CHUNK_CHARS): Generator<string> {
  let pending = "";
  for (const piece of pieces) {
    pending += piece;
    if (pending.length < size) continue;
    const end = pending.lastIndexOf("\n") + 1;
    if (end === 0) continue;
    yield pending.slice(0, end);
    pending = pending.slice(end);
  }
  if (pending !== "") yield pending;
}
