// Runs one command in a fresh process and measures it from outside: wall time around the spawn,
// peak RSS as the kernel accounts it for that process alone.
//
// Why not `process.resourceUsage().maxRSS` inside the child: Linux keeps a process's peak RSS across
// fork and exec, so a child spawned by this (large) bench process starts with the bench's own peak
// and reports at least that (a 300 MiB parent makes `node -e 0` report 304 MiB; alone it uses 39).
// GNU time forks its own small child and reports that child's peak (`%M`); when it is missing, a
// small Python launcher does the same with os.wait4.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

export interface Run {
  wallMs: number;
  /** Peak resident set size of the measured process, MiB. */
  rssMb: number;
  /** CPU time (user + system) of the measured process, ms: less swayed than wall time by other work on the machine. */
  cpuMs: number;
  status: number;
  stdout: string;
  stderr: string;
}

/** The middle value (the upper one of an even count), as every bench table reports it. */
export const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

const GNU_TIME = "/usr/bin/time";
const PY_LAUNCHER = [
  "-c",
  [
    "import os, sys",
    "pid = os.fork()",
    "if pid == 0:",
    "    os.execvp(sys.argv[1], sys.argv[1:])",
    "_, status, usage = os.wait4(pid, 0)",
    "sys.stderr.write('\\nPEAK_RSS_KB=%d CPU_S=%.3f\\n' % (usage.ru_maxrss, usage.ru_utime + usage.ru_stime))",
    "sys.exit(os.waitstatus_to_exitcode(status))",
  ].join("\n"),
];

let launcher: ((command: string[]) => string[]) | undefined;

/**
 * `command` wrapped so that its peak RSS and CPU time are measured from outside it (launcherFigures
 * reads them), decided once: GNU time, else Python; else a message saying how to install it.
 */
export function measuredCommand(command: string[]): string[] {
  if (!launcher) {
    if (existsSync(GNU_TIME) && spawnSync(GNU_TIME, ["-f", "%M", "true"]).status === 0) {
      launcher = (cmd) => [GNU_TIME, "-f", "\nPEAK_RSS_KB=%M CPU_S=%U+%S", ...cmd];
    } else if (spawnSync("python3", ["-c", "import os; os.wait4"]).status === 0) {
      launcher = (cmd) => ["python3", ...PY_LAUNCHER, ...cmd];
    } else {
      throw new Error(
        "npm run bench measures peak memory from outside the measured process and needs GNU time " +
          "(Debian/Ubuntu: sudo apt-get install time) or python3.",
      );
    }
  }
  return launcher(command);
}

/** Runs `command` once. Exit statuses other than 0 and 1 (policy failure) are errors. */
export function runOnce(command: string[], options: { allowFailure?: boolean; cwd?: string } = {}): Run {
  const [file, ...args] = measuredCommand(command);
  const started = process.hrtime.bigint();
  const child = spawnSync(file!, args, {
    encoding: "utf8",
    maxBuffer: 512 * 1024 * 1024,
    ...(options.cwd ? { cwd: options.cwd } : {}),
  });
  const wallMs = Number(process.hrtime.bigint() - started) / 1e6;
  const status = child.status ?? -1;
  if (!options.allowFailure && status !== 0 && status !== 1) {
    throw new Error(`${command.join(" ")} exited ${status}: ${child.stderr.slice(-2000)}`);
  }
  return { wallMs, status, stdout: child.stdout, ...launcherFigures(child.stderr) };
}

/**
 * What the launcher of measuredCommand wrote after the command's own stderr: peak RSS and CPU time
 * (NaN when it wrote none), and the command's stderr without them.
 */
export function launcherFigures(stderr: string): Pick<Run, "rssMb" | "cpuMs" | "stderr"> {
  const rss = /PEAK_RSS_KB=(\d+) CPU_S=([\d.]+)(?:\+([\d.]+))?\s*$/.exec(stderr);
  return {
    rssMb: rss ? Number(rss[1]) / 1024 : NaN,
    cpuMs: rss ? (Number(rss[2]) + Number(rss[3] ?? 0)) * 1000 : NaN,
    stderr: rss ? stderr.slice(0, rss.index) : stderr,
  };
}

/** The best (lowest wall) of `runs` runs, with every run's figures kept. */
export function measure(command: string[], runs: number): Run & { all: Run[] } {
  const all: Run[] = [];
  for (let i = 0; i < runs; i++) all.push(runOnce(command));
  const best = all.reduce((a, b) => (b.wallMs < a.wallMs ? b : a));
  return { ...best, all };
}
