import { describe, expect, it } from "vitest";
import { CrossOriginRedirectError, followSameOriginRedirects } from "../../src/github/redirects.js";

type Call = { url: string; method: string | undefined; body: unknown; redirect: string | undefined };

/** A fetch that answers from a table of URL → [status, location?] and records each call. */
function fakeFetch(routes: Record<string, [number, string?]>) {
  const calls: Call[] = [];
  const impl = (async (input: string | URL | Request, init?: RequestInit) => {
    const url = String(input);
    calls.push({ url, method: init?.method, body: init?.body, redirect: init?.redirect });
    const [status, location] = routes[url] ?? [200];
    return new Response(status >= 300 && status < 400 ? null : "{}", {
      status,
      headers: location ? { location } : {},
    });
  }) as typeof fetch;
  return { impl, calls };
}

describe("followSameOriginRedirects", () => {
  it("always asks fetch not to follow, and follows same-origin hops itself", async () => {
    const { impl, calls } = fakeFetch({
      "https://api.test/a": [308, "/b"],
      "https://api.test/b": [307, "https://api.test/c"],
    });
    const response = await followSameOriginRedirects(impl)("https://api.test/a", {
      method: "PATCH",
      body: "x",
    });
    expect(response.status).toBe(200);
    expect(calls).toEqual([
      { url: "https://api.test/a", method: "PATCH", body: "x", redirect: "manual" },
      { url: "https://api.test/b", method: "PATCH", body: "x", redirect: "manual" },
      { url: "https://api.test/c", method: "PATCH", body: "x", redirect: "manual" },
    ]);
  });

  it("turns a POST into a body-less GET after 303 (and 301/302), as fetch does", async () => {
    const { impl, calls } = fakeFetch({ "https://api.test/a": [303, "/b"] });
    await followSameOriginRedirects(impl)("https://api.test/a", { method: "POST", body: "x" });
    expect(calls[1]).toMatchObject({ url: "https://api.test/b", method: "GET", body: undefined });
  });

  it("refuses another origin (scheme, host or port) before sending anything there", async () => {
    for (const location of ["http://api.test/b", "https://evil.test/b", "https://api.test:8443/b"]) {
      const { impl, calls } = fakeFetch({ "https://api.test/a": [307, location] });
      const error = await followSameOriginRedirects(impl)("https://api.test/a", {
        method: "POST",
        body: "x",
      }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(CrossOriginRedirectError);
      expect(calls).toHaveLength(1);
    }
  });

  it("gives up after a few hops, and passes a redirect without Location through", async () => {
    const { impl } = fakeFetch({ "https://api.test/a": [302, "/a"], "https://api.test/x": [304] });
    await expect(followSameOriginRedirects(impl)("https://api.test/a")).rejects.toThrow(/more than 5 times/);
    expect((await followSameOriginRedirects(impl)("https://api.test/x")).status).toBe(304);
  });
});
