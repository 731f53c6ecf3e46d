// Bytes → lines, in time linear in the input whatever the line lengths: each byte is searched for a
// line end once, and a line that spans chunks is joined once, when its end arrives (never rebuilt
// per chunk). A line longer than the limit stops the read as soon as the limit is passed, without
// holding the rest. A chunk is not kept past `push`: its source may read into it again (a file's
// reused buffers, sources/file-chunks.ts), so the start of a line it ends with is copied. A line
// that lies whole in its chunk can be taken as bytes before it is made a string (`takeBytes`: the
// JSONL reader's node and query span starts and phase, query and NodeProcessed span ends, nearly
// all of a big build's bytes, are never decoded).
import { MIB } from "./limits.js";
import { utf8Text } from "../text/byte-text.js";

export class LineTooLongError extends Error {
  constructor(
    readonly line: number,
    readonly limit: number,
  ) {
    super(`line longer than ${limit / MIB} MiB`);
  }
}

export class LineSplitter {
  /** Bytes searched for a line end so far: each input byte once. */
  scanned = 0;
  /** Bytes copied to keep and join lines that span chunks: each byte of such a line at most twice. */
  copied = 0;
  /** Lines handed on so far (blank ones too): the next line's number is this + 1. */
  lines = 0;
  /** Lines made strings (the rest were taken as bytes). */
  decoded = 0;
  private parts: Buffer[] = [];
  private partBytes = 0;

  constructor(
    private readonly maxLineBytes: number,
    /** A complete line, without its `\n`, and its 1-based number. */
    private readonly onLine: (text: string, line: number) => void,
    /**
     * Offered a line that lies whole in one chunk, as `bytes[start, end)`, before it is made a
     * string: true takes it (onLine is not called for it). The bytes are the chunk's: not kept.
     */
    private readonly takeBytes?: (bytes: Buffer, start: number, end: number) => boolean,
  ) {}

  push(chunk: Buffer): void {
    let start = 0;
    for (;;) {
      const end = chunk.indexOf(10, start);
      if (end === -1) break;
      this.scanned += end + 1 - start;
      if (this.partBytes + end - start > this.maxLineBytes) throw this.tooLong();
      if (this.partBytes > 0) {
        this.parts.push(chunk.subarray(start, end));
        this.decoded++;
        this.onLine(this.join(), ++this.lines);
      } else if (!this.takeBytes?.(chunk, start, end)) {
        this.decoded++;
        this.onLine(utf8Text(chunk, start, end), ++this.lines);
      } else {
        this.lines++;
      }
      start = end + 1;
    }
    this.scanned += chunk.length - start;
    if (start < chunk.length) {
      this.partBytes += chunk.length - start;
      if (this.partBytes > this.maxLineBytes) throw this.tooLong();
      this.parts.push(Buffer.from(chunk.subarray(start)));
      this.copied += chunk.length - start;
    }
  }

  /** The input ended: its last line, if it had no line end. */
  end(): void {
    if (this.partBytes === 0) return;
    this.decoded++;
    this.onLine(this.join(), ++this.lines);
  }

  private join(): string {
    const parts = this.parts;
    let joined = parts[0]!;
    if (parts.length > 1) {
      joined = Buffer.concat(parts);
      this.copied += joined.length;
    }
    this.parts = [];
    this.partBytes = 0;
    return joined.toString("utf8");
  }

  private tooLong(): LineTooLongError {
    this.parts = [];
    this.partBytes = 0;
    return new LineTooLongError(this.lines + 1, this.maxLineBytes);
  }
}
