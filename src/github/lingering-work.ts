// Work the step stopped waiting for but cannot stop: `@actions/artifact` takes no abort signal, and
// a storage host that accepts the connection and never answers holds its request (and the process)
// open for ever. The entry point ends the process once the step's own work is done, if any is left.
let lingering = 0;

/** Counts `work` as lingering until it settles; its outcome is no longer anyone's (never unhandled). */
export function leaveBehind(work: Promise<unknown>): void {
  lingering++;
  work.then(
    () => lingering--,
    () => lingering--,
  );
}

/** How many given-up calls have not settled yet. */
export function lingeringWork(): number {
  return lingering;
}

/**
 * The work's result, or `expired()` once `ms` have passed. The work cannot be stopped, so it is
 * left behind (the entry point ends the process when the step is done).
 */
export async function withDeadline<T>(work: Promise<T>, ms: number, expired: () => Error): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      leaveBehind(work);
      reject(expired());
    }, ms);
  });
  try {
    return await Promise.race([work, deadline]);
  } finally {
    clearTimeout(timer);
  }
}
