// Durations as people read them, wherever one is written (tables, notes, warnings).

/**
 * A compact duration that never wraps: `850ms`, `5.42s`, `16.8s`, `1m25s`, `2h05m`, `3d04h`.
 * Seconds keep two significant decimals below ten, one below a minute; longer spans round to the
 * unit below the largest.
 */
export function formatDuration(ms: number | null | undefined): string {
  if (ms === null || ms === undefined || !Number.isFinite(ms)) return "–";
  if (ms < 0) return `-${formatDuration(-ms)}`;
  if (Math.round(ms) < 1_000) return `${Math.round(ms)}ms`;
  const seconds = ms / 1_000;
  if (Number(seconds.toFixed(2)) < 10) return `${seconds.toFixed(2)}s`;
  if (Number(seconds.toFixed(1)) < 60) return `${seconds.toFixed(1)}s`;
  const total = Math.round(seconds);
  if (total < 3_600) return `${Math.floor(total / 60)}m${pad2(total % 60)}s`;
  const minutes = Math.round(total / 60);
  if (minutes < 24 * 60) return `${Math.floor(minutes / 60)}h${pad2(minutes % 60)}m`;
  const hours = Math.round(minutes / 60);
  return `${Math.floor(hours / 24)}d${pad2(hours % 24)}h`;
}

function pad2(n: number): string {
  return String(n).padStart(2, "0");
}

/** `10 minutes`, `1.5 minutes`, `3 seconds`: as the input was meant, not as milliseconds. */
export function formatMinutes(ms: number): string {
  const seconds = Math.max(1, Math.round(ms / 1000));
  if (seconds < 60) return `${seconds} second${seconds === 1 ? "" : "s"}`;
  const minutes = Math.round(seconds / 6) / 10;
  return `${minutes} minute${minutes === 1 ? "" : "s"}`;
}
