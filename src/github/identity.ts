// Which account the github-token writes as, so the sticky comment is only ever one we wrote.
//  * GraphQL `viewer { login }` answers for every kind of token: the default GITHUB_TOKEN gives
//    `github-actions[bot]`, a GitHub App installation token `<app-slug>[bot]`, a personal access
//    token its user. Those are the logins REST shows as a comment's `user.login`.
//  * REST `GET /user` answers only for user tokens; installation tokens get 403 "Resource not
//    accessible by integration" (and `GET /app` needs the app's JWT, which a workflow never has).
// So GraphQL first, `GET /user` when GraphQL is unavailable, and when both fail the default token
// is assumed: a wrong guess can only mean a new comment instead of an update, never taking over a
// comment someone else wrote.
//
// Most runs need neither: only a GitHub App can write a check run, and the check run this step
// wrote names its app, whose bot writes the comment (`<app-slug>[bot]`, as REST shows it). Asking
// GraphQL after that costs a second of the client's pacing (it spaces GraphQL and writes one second
// apart), on every run that updates its comment.
import type { GitHubClient } from "./client.js";

/** The login of the default GITHUB_TOKEN (the GitHub Actions app's bot). */
export const DEFAULT_TOKEN_LOGIN = "github-actions[bot]";

export interface TokenIdentity {
  login: string;
  /** True when it could not be learned and DEFAULT_TOKEN_LOGIN is a guess. */
  assumed: boolean;
}

export async function readTokenIdentity(
  octokit: GitHubClient,
  log: (message: string) => void,
): Promise<TokenIdentity> {
  const problems: string[] = [];
  try {
    const data = await octokit.graphql<{ viewer?: { login?: unknown } }>("query { viewer { login } }");
    const login = data?.viewer?.login;
    if (typeof login === "string" && login !== "") return { login, assumed: false };
    problems.push("GraphQL viewer: no login in the answer");
  } catch (error) {
    problems.push(`GraphQL viewer: ${describe(error)}`);
  }
  try {
    const { data } = await octokit.rest.users.getAuthenticated();
    if (typeof data.login === "string" && data.login !== "") return { login: data.login, assumed: false };
    problems.push("GET /user: no login in the answer");
  } catch (error) {
    problems.push(`GET /user: ${describe(error)}`);
  }
  log(
    `Could not tell which account the github-token writes as (${problems.join("; ")}); ` +
      `assuming the default GITHUB_TOKEN (${DEFAULT_TOKEN_LOGIN}): only its comments are taken as ours.`,
  );
  return { login: DEFAULT_TOKEN_LOGIN, assumed: true };
}

/** The bot login of the GitHub App a check run names (`app.slug`); null when it names none. */
export function appBotLogin(app: unknown): string | null {
  const slug = (app as { slug?: unknown } | null | undefined)?.slug;
  // Slugs are lower-case letters, digits and hyphens; anything else is not taken as one.
  return typeof slug === "string" && /^[a-z0-9][a-z0-9-]{0,99}$/i.test(slug) ? `${slug}[bot]` : null;
}

/** GitHub logins are case-insensitive. */
export function isSameLogin(a: string | undefined | null, b: string): boolean {
  return typeof a === "string" && a.toLowerCase() === b.toLowerCase();
}

function describe(error: unknown): string {
  const status = (error as { status?: unknown }).status;
  const message = error instanceof Error ? error.message : String(error);
  return typeof status === "number" && !message.startsWith(String(status)) ? `${status} ${message}` : message;
}
