// The one import site of @actions/artifact: downloads for the artifact sources (telemetry, baseline)
// and the upload of the reports. Most runs use neither, so the toolkit (Azure and protobuf clients,
// most of the Action's code) is a chunk of dist/ loaded by loadArtifactClient only when a run does.
import type {
  DownloadArtifactOptions,
  FindOptions,
  GetArtifactResponse,
  UploadArtifactOptions,
  UploadArtifactResponse,
} from "@actions/artifact";

export type { FindOptions };

/** The two calls the artifact sources need (injectable for tests). */
export interface ArtifactDownloader {
  getArtifact(name: string, options?: FindOptions): Promise<GetArtifactResponse>;
  downloadArtifact(artifactId: number, options?: DownloadArtifactOptions): Promise<{ downloadPath?: string }>;
}

/** The one call the report upload needs (injectable for tests). */
export interface ArtifactUploader {
  uploadArtifact(
    name: string,
    files: string[],
    rootDirectory: string,
    options?: UploadArtifactOptions,
  ): Promise<UploadArtifactResponse>;
}

export async function loadArtifactClient(): Promise<ArtifactDownloader & ArtifactUploader> {
  const { DefaultArtifactClient } = await import("@actions/artifact");
  return new DefaultArtifactClient();
}
