// NodeProcessed span ends, their envelope read from their bytes and only their attributes parsed.
// Every node a build runs ends with one (a tenth of a big build's lines, ~1 KB each), and the model
// needs its attributes whole (model/accumulate.ts, events.ts toNodeFacts); of the envelope it uses
// only the ids and the two times. So for the engine's own line — its envelope as the engine writes
// it (jsonl-end-bytes.ts), the span name `Node processed (…)`, the event type NodeProcessed — the
// JSONL reader reads the envelope from the bytes and hands `JSON.parse` the attributes alone, the
// object from `"attributes":` to the line's last `}`. The attributes are checked as JSON by that
// parse (anything after them in the line makes it fail, and the line is parsed whole instead), the
// envelope byte by byte, so the event is the one a parse of the whole line gives.
import { readEndEnvelope } from "./jsonl-end-bytes.js";
import { PROCESSED_NAME_BYTES } from "./jsonl-span-head.js";
import { asciiBytes, utf8Text } from "../text/byte-text.js";

const NODE_PROCESSED = asciiBytes("v1.public.events.fusion.node.NodeProcessed");

export interface ProcessedEnd {
  startNs: bigint;
  endNs: bigint;
  attributes: Record<string, unknown>;
}

/**
 * The engine's own NodeProcessed span end `bytes[start, end)`, its envelope read from its bytes and
 * its attributes parsed, or null when its layout is not certain or its attributes are not one JSON
 * object that closes the line but for the record's `}`: then the whole line is parsed.
 */
export function readProcessedEnd(bytes: Buffer, start: number, end: number): ProcessedEnd | null {
  if (bytes[end - 1] !== 0x7d || bytes[end - 2] !== 0x7d) return null;
  const envelope = readEndEnvelope(bytes, start, end, PROCESSED_NAME_BYTES, NODE_PROCESSED);
  if (envelope === null) return null;
  let attributes: unknown;
  try {
    attributes = JSON.parse(utf8Text(bytes, envelope.attributesAt, end - 1));
  } catch {
    return null;
  }
  if (typeof attributes !== "object" || attributes === null || Array.isArray(attributes)) return null;
  return {
    startNs: envelope.startNs,
    endNs: envelope.endNs,
    attributes: attributes as Record<string, unknown>,
  };
}
