// The API token must never leave this module family in clear text: not in errors, logs or URLs.
import { redactSecrets } from "../../text/secrets.js";

export { redactSecrets };

/** Wraps a log callback so that every line is redacted before it is emitted. */
export function createRedactingLog(log: (message: string) => void, secrets: readonly string[]) {
  return (message: string): void => log(redactSecrets(message, secrets));
}
