import { lingeringWork } from "./github/lingering-work.js";
import { run } from "./main.js";
import { fitOptimisingCompiler } from "./optimising-compiler.js";
import { keepYoungGenerationSmall } from "./young-generation.js";

keepYoungGenerationSmall();
await run({ beforeReading: fitOptimisingCompiler });
// An artifact download given up on can hold its socket open for ever; the step's work is done, so
// end once the log is out (with the exit code run set).
if (lingeringWork() > 0) process.stdout.write("", () => process.exit());
