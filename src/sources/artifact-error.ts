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
 * Finding or downloading the artifact took longer than `artifact-timeout-minutes`: GitHub did not
 * answer. An error for the telemetry; a baseline comparison is skipped instead (the report stands).
 */
export class ArtifactTimeoutError extends ArtifactSourceError {
  override name = "ArtifactTimeoutError";
}
