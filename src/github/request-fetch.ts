// How an Octokit plugin puts its own fetch around a request's: in place on the options object (the
// hooks inside this one, auth among them, read the object they were bound to, not the one passed
// along), and once per object, since retries come back with the same one (and the fetch found then
// may be another plugin's wrapper around this one). redirects.ts and stalled-requests.ts use it.

type Fetch = typeof fetch;

/** Replaces `options.request.fetch` (else the global fetch) with `wrap` of it, unless `wrapped` has seen `options`. */
export function wrapRequestFetch(
  options: { request?: { fetch?: unknown } },
  wrapped: WeakSet<object>,
  wrap: (fetchImpl: Fetch) => Fetch,
): void {
  if (wrapped.has(options)) return;
  wrapped.add(options);
  const fetchImpl = (options.request?.fetch as Fetch | undefined) ?? globalThis.fetch;
  options.request = { ...options.request, fetch: wrap(fetchImpl) };
}
