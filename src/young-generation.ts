// V8's young generation (where new objects are made) starts at 1 MiB per semi-space and doubles each
// time more than its size has survived a collection since the last growth, up to 64 MiB per
// semi-space in Node's 64-bit builds: two semi-spaces, so 128 MiB of memory, all of it touched. A
// report on a big build keeps tens of MiB of results, which all pass through the young generation
// on their way to the old one, so V8 grows it to the maximum: on the 20,834-node build that was
// 128 MiB of a 288 MiB peak, for no speed gained (a small young generation is as fast here: the
// objects made per record die at once, and fresh pages cost page faults).
//
// So both entries keep it at its initial size. `--semi-space-growth-factor` is the one V8 setting
// read each time it would grow (`--max-semi-space-size` is fixed when the heap is made, so only a
// command-line flag could set it, and neither `node dist/cli.js` nor the Actions runner passes one).
// See docs/performance.md.
import { setFlagsFromString } from "node:v8";

export function keepYoungGenerationSmall(): void {
  setFlagsFromString("--semi-space-growth-factor=1");
}
