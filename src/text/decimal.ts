// Numbers as people type them into a setting: decimal notation only.

const DECIMAL = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:e[+-]?\d+)?$/i;

/**
 * The number a setting's text writes in decimal notation (`10`, `2.5`, `1e3`), else NaN. Number()
 * alone also reads `0x10` as 16, `0b11` as 3 and an empty or blank text as 0: a value nobody meant,
 * used without a word.
 */
export function parseDecimal(text: string): number {
  const trimmed = text.trim();
  return DECIMAL.test(trimmed) ? Number(trimmed) : Number.NaN;
}
