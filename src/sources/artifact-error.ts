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
