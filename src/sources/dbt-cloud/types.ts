// Wire types for the Admin API v2 payloads we read. Everything but ids is optional/nullable in the
// spec, so treat fields defensively (see reference notes §4.2).

export interface DbtRunTrigger {
  cause?: string;
  job_definition_id?: number;
  git_branch?: string | null;
  git_sha?: string | null;
  github_pull_request_id?: number | null;
}

export interface DbtRunStep {
  id?: number;
  /** 1-based position in the run; the artifact's `?step=` and file name use this, never `id`. */
  index: number;
  name?: string;
  status?: number;
  status_humanized?: string;
  /** The step's high-level log (can be large). */
  logs?: string | null;
  started_at?: string | null;
  finished_at?: string | null;
}

export interface DbtRun {
  id: number;
  job_definition_id?: number;
  job_id?: number;
  /** 1 Queued, 2 Starting, 3 Running, 10 Success, 20 Error, 30 Cancelled. */
  status?: number;
  status_humanized?: string;
  href?: string;
  git_sha?: string | null;
  git_branch?: string | null;
  is_complete?: boolean;
  is_success?: boolean;
  is_cancelled?: boolean;
  finished_at?: string | null;
  trigger?: DbtRunTrigger | null;
  run_steps?: DbtRunStep[];
}

export const RUN_STATUS = {
  queued: 1,
  starting: 2,
  running: 3,
  success: 10,
  error: 20,
  cancelled: 30,
} as const;
