// Cutting text to a limit: GitHub's API limits count UTF-16 units (titles) or UTF-8 bytes (check-run
// output, annotations, the job summary), and a cut must never leave half a surrogate pair or half a
// UTF-8 sequence behind. The one home of these helpers; every layer may use them.
import { splitLines } from "./controls.js";

/** Cuts to ≤ `max` UTF-16 units, the ellipsis included, never splitting a surrogate pair. */
export function truncateChars(text: string, max: number): string {
  if (text.length <= max) return text;
  return `${cutAt(text, max - 1)}…`;
}

/** Cuts to ≤ `maxBytes` of UTF-8, `suffix` included, on a code-point boundary. */
export function truncateBytes(text: string, maxBytes: number, suffix = "…"): string {
  if (Buffer.byteLength(text, "utf8") <= maxBytes) return text;
  const budget = maxBytes - Buffer.byteLength(suffix, "utf8");
  let bytes = 0;
  let end = 0;
  // UTF-8 sizes from the code points (a lone surrogate is written as U+FFFD, 3 bytes): a cut of a
  // 1 MiB job summary walks it once without a Buffer per character.
  while (end < text.length) {
    const code = text.codePointAt(end) as number;
    const size = code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
    if (bytes + size > budget) break;
    bytes += size;
    end += code >= 0x10000 ? 2 : 1;
  }
  return text.slice(0, end) + suffix;
}

/**
 * The first line that holds more than whitespace (every line terminator counts), for a one-line
 * mention of a long message: over `maxChars` it keeps `maxChars` units and adds an ellipsis.
 */
export function firstLine(text: string, maxChars: number): string {
  const line = splitLines(text).find((candidate) => candidate.trim() !== "") ?? "";
  return line.length > maxChars ? `${cutAt(line, maxChars)}…` : line;
}

function cutAt(text: string, end: number): string {
  const last = text.charCodeAt(end - 1);
  return text.slice(0, last >= 0xd800 && last <= 0xdbff ? end - 1 : end);
}
