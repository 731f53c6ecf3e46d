// The API token must never leave this module family in clear text: not in errors, logs or URLs.

const MASK = "***";

/** Replaces every occurrence of each secret (and any `Token …`/`Bearer …` header value) with `***`. */
export function redactSecrets(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const secret of secrets) {
    // Very short strings would mask innocent text; real tokens are long.
    if (secret.length >= 4) out = out.split(secret).join(MASK);
  }
  return out.replace(/\b(Token|Bearer)\s+[A-Za-z0-9._~+/=-]{8,}/g, `$1 ${MASK}`);
}

/** Wraps a log callback so that every line is redacted before it is emitted. */
export function createRedactingLog(log: (message: string) => void, secrets: readonly string[]) {
  return (message: string): void => log(redactSecrets(message, secrets));
}
