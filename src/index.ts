import { run } from "./main.js";
import { keepYoungGenerationSmall } from "./young-generation.js";

keepYoungGenerationSmall();
await run();
