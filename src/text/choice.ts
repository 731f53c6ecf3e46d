// A setting with a fixed set of values, read the same way by the Action's inputs and the CLI's flags.

/**
 * The allowed value `raw` names, in any case and without the spaces around it (`Warnings` from a
 * workflow file or a shell is `warnings`), else null: the caller says what is allowed.
 */
export function matchChoice<T extends string>(raw: string, allowed: readonly T[]): T | null {
  const value = raw.trim().toLowerCase();
  return (allowed as readonly string[]).includes(value) ? (value as T) : null;
}
