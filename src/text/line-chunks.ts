// Text written in pieces to a stream whose reader works by lines (a runner's log, whose workflow
// commands text/runner-commands.ts breaks line by line): chunks that end at a line break, so that
// whatever is done to each chunk is what would have been done to the whole text.

/** A chunk is cut once this many characters are pending (a line longer than that stays whole). */
const CHUNK_CHARS = 64 * 1024;

/**
 * The pieces joined into chunks of about `size` characters, each ending just after a `\n` (the last
 * chunk excepted): a line, and a `\r\n` pair, is never cut. Nothing is yielded for empty text.
 */
export function* lineChunks(pieces: Iterable<string>, size = CHUNK_CHARS): Generator<string> {
  let pending = "";
  for (const piece of pieces) {
    pending += piece;
    // Only the newest piece is searched: a long line in many pieces is not searched again and again.
    const newline = piece.lastIndexOf("\n");
    if (pending.length < size || newline < 0) continue;
    const end = pending.length - piece.length + newline + 1;
    yield pending.slice(0, end);
    pending = pending.slice(end);
  }
  if (pending !== "") yield pending;
}
