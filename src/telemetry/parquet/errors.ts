// Errors raised while reading a Parquet file's pages, and how they reach the user.

/** Errors thrown while reading or decoding pages, as opposed to bugs (calling what is not a function). */
export function isDecodeError(error: unknown): error is Error {
  return error instanceof Error && !(error instanceof TypeError && /is not a function/.test(error.message));
}

/** A page failed to decode while reading `row` (of the row group). */
export class RowDecodeError extends Error {
  constructor(
    readonly row: number,
    message: string,
  ) {
    super(message);
  }

  /** Errors from decoding get the row; bugs pass unchanged. */
  static wrap(error: unknown, row: number): unknown {
    if (error instanceof RowDecodeError || !isDecodeError(error)) return error;
    return new RowDecodeError(row, error.message);
  }
}

/**
 * What went wrong, in words for the user. A property error from inside hyparquet (`Cannot read
 * properties of undefined`) means a structure lacked a required field: say that, not the JavaScript.
 */
export function describeCorruption(error: unknown): string {
  if (error instanceof TypeError) return "a required field is missing or has the wrong type";
  if (error instanceof RangeError && /call stack/i.test(error.message))
    return "structures are nested too deeply";
  const message = error instanceof Error ? error.message : String(error);
  return message.replace(/^parquet /, "");
}
