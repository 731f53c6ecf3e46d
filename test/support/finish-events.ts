import { accumulate, newInvocationState } from "../../src/model/accumulate.js";
import { finishInvocation } from "../../src/model/finish-invocation.js";
import type { Invocation } from "../../src/model/types.js";
import type { TelemetryEvent } from "../../src/telemetry/events.js";

/** One invocation's events folded and finished as the readers' events are (a JSONL file, five slowest). */
export function finishEvents(traceId: string, events: readonly TelemetryEvent[]): Invocation {
  const state = newInvocationState(traceId);
  for (const event of events) accumulate(state, event);
  return finishInvocation(state, {
    source: { files: ["x"], format: "jsonl" },
    slowest: 5,
    readerWarnings: [],
  });
}
