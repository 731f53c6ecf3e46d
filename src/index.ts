import { run } from "./main.js";

await run();
