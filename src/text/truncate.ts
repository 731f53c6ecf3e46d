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
  for (const ch of text) {
    const size = Buffer.byteLength(ch, "utf8");
    if (bytes + size > budget) break;
    bytes += size;
    end += ch.length;
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
