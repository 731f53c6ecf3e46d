// A POST that must not be repeated blindly. GitHub may have stored what was sent and still answer
// 5xx (or lose the connection), and the client's own retry would then make a second comment or
// check run. So the POST is sent without those retries (`request: { retries: 0 }` is the caller's,
// in its request); after such a failure what was sent is looked for, and it is posted once more
// only when it is not there. A 4xx is an answer about the request and is thrown as it is.

/** `post()` once; after a 5xx or a lost connection, `find()`, else `post()` again (after `retrying`). */
export async function postOnce<T>(
  post: () => Promise<T>,
  find: () => Promise<T | null>,
  retrying: (failure: string) => void = () => {},
): Promise<T> {
  try {
    return await post();
  } catch (error) {
    const status = (error as { status?: unknown }).status;
    if (typeof status === "number" && status < 500) throw error;
    const stored = await find();
    if (stored) return stored;
    // Octokit gives a fetch that failed (no answer) the status 500 too; only an answer has a response.
    const answered = typeof status === "number" && (error as { response?: unknown }).response !== undefined;
    retrying(answered ? `with HTTP ${status}` : `(${(error as Error).message})`);
    return await post();
  }
}
