// Typed errors for the dbt platform source. Messages start with "dbt platform:" and say what to do.
// Callers construct them with already-redacted text (see redact.ts); nothing here holds the token.

export class DbtCloudError extends Error {
  override name = "DbtCloudError";
  /** HTTP status when the error came from a response. */
  readonly status: number | undefined;
  /** Request URL without credentials (the token only ever travels in a header). */
  readonly url: string | undefined;

  constructor(message: string, details: { status?: number; url?: string } = {}) {
    super(message.startsWith("dbt platform:") ? message : `dbt platform: ${message}`);
    this.status = details.status;
    this.url = details.url;
  }
}

/** An error's message without the "dbt platform: " its class puts first, to quote it in another. */
export function withoutPrefix(error: Error): string {
  return error.message.replace(/^dbt platform: /, "");
}

/** Bad or missing settings (never echoes the token). */
export class DbtCloudSettingsError extends DbtCloudError {
  override name = "DbtCloudSettingsError";
}

/** 401: wrong token, or the right token sent to the wrong host (cell-based accounts). */
export class DbtCloudAuthError extends DbtCloudError {
  override name = "DbtCloudAuthError";
}

/** 403: the token is valid but lacks permission to read runs or artifacts. */
export class DbtCloudPermissionError extends DbtCloudError {
  override name = "DbtCloudPermissionError";
}

/** 404: the run (or, for artifacts, the step's telemetry file) does not exist or is not visible. */
export class DbtCloudNotFoundError extends DbtCloudError {
  override name = "DbtCloudNotFoundError";
}

/** 429 persisted after the allowed number of cooldowns. */
export class DbtCloudRateLimitError extends DbtCloudError {
  override name = "DbtCloudRateLimitError";
}

/** 5xx, timeouts or network failures that outlived every retry. */
export class DbtCloudUnavailableError extends DbtCloudError {
  override name = "DbtCloudUnavailableError";
}

/**
 * A request given a time to finish by (`RequestContext.notAfter`, a wait's limit) that would have
 * retried or paused past it: given up then, with the reason of its last attempt.
 */
export class DbtCloudOutOfTimeError extends DbtCloudUnavailableError {
  override name = "DbtCloudOutOfTimeError";
}

/** A response that is not what the API documents (non-JSON body, missing envelope, odd status). */
export class DbtCloudResponseError extends DbtCloudError {
  override name = "DbtCloudResponseError";
}

/** A downloaded artifact that is not a complete Parquet file. */
export class DbtCloudArtifactError extends DbtCloudError {
  override name = "DbtCloudArtifactError";
}

/**
 * A whole download of a telemetry file without the Parquet footer: the file as the platform keeps it
 * (a dbt command that died while writing it), not a download cut short (those are retried).
 */
export class DbtCloudFooterlessArtifactError extends DbtCloudArtifactError {
  override name = "DbtCloudFooterlessArtifactError";
}

/** No run of the job matches this pull request / commit. */
export class DbtCloudRunLookupError extends DbtCloudError {
  override name = "DbtCloudRunLookupError";
}

/** The job lists no runs at all: a new CI job before its first run, or a wrong job or account id. */
export class DbtCloudNoRunsError extends DbtCloudRunLookupError {
  override name = "DbtCloudNoRunsError";
}

/** The run did not complete within maxWaitSeconds (or is not complete and waiting is off). */
export class DbtCloudWaitTimeoutError extends DbtCloudError {
  override name = "DbtCloudWaitTimeoutError";
}
