/** A workflow artifact that cannot be read, in words that say what to do. */
export class ArtifactSourceError extends Error {
  override name = "ArtifactSourceError";
  /**
   * `absent`: the artifact or its telemetry is missing (not a fault in it): `if-no-telemetry` decides.
   * `gone`: the artifact itself does not exist (never uploaded, or expired).
   */
  constructor(
    message: string,
    readonly absent = false,
    readonly gone = false,
  ) {
    super(message);
  }
}

/**
 * GitHub did not hand the artifact over: its storage failed every retry, the API answered 5xx, or the
 * connection was cut. Nothing is known to be wrong with the artifact itself. An error for the
 * telemetry; a baseline comparison is skipped instead (the report stands).
 */
export class ArtifactTransferError extends ArtifactSourceError {
  override name = "ArtifactTransferError";
}

/**
 * Finding or downloading the artifact took longer than `artifact-timeout-minutes`: GitHub did not
 * answer. A failed transfer, like the others.
 */
export class ArtifactTimeoutError extends ArtifactTransferError {
  override name = "ArtifactTimeoutError";
}
