export const id = 154;
export const ids = [154];
export const modules = {

/***/ 43154:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  createClient: () => (/* binding */ createClient)
});

// EXTERNAL MODULE: ./node_modules/@actions/github/lib/github.js
var github = __webpack_require__(61351);
// EXTERNAL MODULE: ./node_modules/@octokit/plugin-retry/dist-bundle/index.js
var dist_bundle = __webpack_require__(49735);
// EXTERNAL MODULE: ./node_modules/bottleneck/light.js
var light = __webpack_require__(63251);
;// CONCATENATED MODULE: ./node_modules/@octokit/plugin-throttling/dist-bundle/index.js
// pkg/dist-src/index.js


// pkg/dist-src/version.js
var VERSION = "0.0.0-development";

// pkg/dist-src/wrap-request.js
var noop = () => Promise.resolve();
function wrapRequest(state, request, options) {
  return state.retryLimiter.schedule(doRequest, state, request, options);
}
async function doRequest(state, request, options) {
  const { pathname } = new URL(options.url, "http://github.test");
  const isAuth = isAuthRequest(options.method, pathname);
  const isWrite = !isAuth && options.method !== "GET" && options.method !== "HEAD";
  const isSearch = options.method === "GET" && pathname.startsWith("/search/");
  const isGraphQL = pathname.startsWith("/graphql");
  const retryCount = ~~request.retryCount;
  const jobOptions = retryCount > 0 ? { priority: 0, weight: 0 } : {};
  if (state.clustering) {
    jobOptions.expiration = 1e3 * 60;
  }
  if (isWrite || isGraphQL) {
    await state.write.key(state.id).schedule(jobOptions, noop);
  }
  if (isWrite && state.triggersNotification(pathname)) {
    await state.notifications.key(state.id).schedule(jobOptions, noop);
  }
  if (isSearch) {
    await state.search.key(state.id).schedule(jobOptions, noop);
  }
  const req = (isAuth ? state.auth : state.global).key(state.id).schedule(jobOptions, request, options);
  if (isGraphQL) {
    const res = await req;
    if (res.data.errors != null && res.data.errors.some((error) => error.type === "RATE_LIMITED")) {
      const error = Object.assign(new Error("GraphQL Rate Limit Exceeded"), {
        response: res,
        data: res.data
      });
      throw error;
    }
  }
  return req;
}
function isAuthRequest(method, pathname) {
  return method === "PATCH" && // https://docs.github.com/en/rest/apps/apps?apiVersion=2022-11-28#create-a-scoped-access-token
  /^\/applications\/[^/]+\/token\/scoped$/.test(pathname) || method === "POST" && // https://docs.github.com/en/rest/apps/oauth-applications?apiVersion=2022-11-28#reset-a-token
  (/^\/applications\/[^/]+\/token$/.test(pathname) || // https://docs.github.com/en/rest/apps/apps?apiVersion=2022-11-28#create-an-installation-access-token-for-an-app
  /^\/app\/installations\/[^/]+\/access_tokens$/.test(pathname) || // https://docs.github.com/en/apps/oauth-apps/building-oauth-apps/authorizing-oauth-apps
  pathname === "/login/oauth/access_token");
}

// pkg/dist-src/generated/triggers-notification-paths.js
var triggers_notification_paths_default = [
  "/orgs/{org}/invitations",
  "/orgs/{org}/invitations/{invitation_id}",
  "/orgs/{org}/teams/{team_slug}/discussions",
  "/orgs/{org}/teams/{team_slug}/discussions/{discussion_number}/comments",
  "/repos/{owner}/{repo}/collaborators/{username}",
  "/repos/{owner}/{repo}/commits/{commit_sha}/comments",
  "/repos/{owner}/{repo}/issues",
  "/repos/{owner}/{repo}/issues/{issue_number}/comments",
  "/repos/{owner}/{repo}/issues/{issue_number}/sub_issue",
  "/repos/{owner}/{repo}/issues/{issue_number}/sub_issues/priority",
  "/repos/{owner}/{repo}/pulls",
  "/repos/{owner}/{repo}/pulls/{pull_number}/comments",
  "/repos/{owner}/{repo}/pulls/{pull_number}/comments/{comment_id}/replies",
  "/repos/{owner}/{repo}/pulls/{pull_number}/merge",
  "/repos/{owner}/{repo}/pulls/{pull_number}/requested_reviewers",
  "/repos/{owner}/{repo}/pulls/{pull_number}/reviews",
  "/repos/{owner}/{repo}/releases",
  "/teams/{team_id}/discussions",
  "/teams/{team_id}/discussions/{discussion_number}/comments"
];

// pkg/dist-src/route-matcher.js
function routeMatcher(paths) {
  const regexes = paths.map(
    (path) => path.split("/").map((c) => c.startsWith("{") ? "(?:.+?)" : c).join("/")
  );
  const regex2 = `^(?:${regexes.map((r) => `(?:${r})`).join("|")})[^/]*$`;
  return new RegExp(regex2, "i");
}

// pkg/dist-src/index.js
var regex = routeMatcher(triggers_notification_paths_default);
var triggersNotification = regex.test.bind(regex);
var groups = {};
var createGroups = function(Bottleneck, common) {
  groups.global = new Bottleneck.Group({
    id: "octokit-global",
    maxConcurrent: 10,
    ...common
  });
  groups.auth = new Bottleneck.Group({
    id: "octokit-auth",
    maxConcurrent: 1,
    ...common
  });
  groups.search = new Bottleneck.Group({
    id: "octokit-search",
    maxConcurrent: 1,
    minTime: 2e3,
    ...common
  });
  groups.write = new Bottleneck.Group({
    id: "octokit-write",
    maxConcurrent: 1,
    minTime: 1e3,
    ...common
  });
  groups.notifications = new Bottleneck.Group({
    id: "octokit-notifications",
    maxConcurrent: 1,
    minTime: 3e3,
    ...common
  });
};
function throttling(octokit, octokitOptions) {
  const {
    enabled = true,
    Bottleneck = light,
    id = "no-id",
    timeout = 1e3 * 60 * 2,
    // Redis TTL: 2 minutes
    connection
  } = octokitOptions.throttle || {};
  if (!enabled) {
    return {};
  }
  const common = { timeout };
  if (typeof connection !== "undefined") {
    common.connection = connection;
  }
  const state = Object.assign(
    {
      clustering: connection != null,
      triggersNotification,
      fallbackSecondaryRateRetryAfter: 60,
      retryAfterBaseValue: 1e3,
      id
    },
    octokitOptions.throttle
  );
  if (typeof state.onSecondaryRateLimit !== "function" || typeof state.onRateLimit !== "function") {
    throw new Error(`octokit/plugin-throttling error:
        You must pass the onSecondaryRateLimit and onRateLimit error handlers.
        See https://octokit.github.io/rest.js/#throttling

        const octokit = new Octokit({
          throttle: {
            onSecondaryRateLimit: (retryAfter, options) => {/* ... */},
            onRateLimit: (retryAfter, options) => {/* ... */}
          }
        })
    `);
  }
  let initialized = false;
  const initializeBottleneck = () => {
    if (initialized) {
      return;
    }
    initialized = true;
    if (groups.global == null) {
      createGroups(Bottleneck, common);
    }
    state.global = state.global ?? groups.global;
    state.auth = state.auth ?? groups.auth;
    state.search = state.search ?? groups.search;
    state.write = state.write ?? groups.write;
    state.notifications = state.notifications ?? groups.notifications;
    state.retryLimiter = state.retryLimiter ?? new Bottleneck();
    const events = {};
    const emitter = new Bottleneck.Events(events);
    events.on("secondary-limit", state.onSecondaryRateLimit);
    events.on("rate-limit", state.onRateLimit);
    events.on(
      "error",
      (e) => octokit.log.warn("Error in throttling-plugin limit handler", e)
    );
    state.retryLimiter.on("failed", async function(error, info) {
      const [state2, request, options] = info.args;
      const { pathname } = new URL(options.url, "http://github.test");
      const shouldRetryGraphQL = pathname.startsWith("/graphql") && error.status !== 401;
      if (!(shouldRetryGraphQL || error.status === 403 || error.status === 429)) {
        return;
      }
      const retryCount = ~~request.retryCount;
      request.retryCount = retryCount;
      options.request.retryCount = retryCount;
      const { wantRetry, retryAfter = 0 } = await (async function() {
        if (/\bsecondary rate\b/i.test(error.message)) {
          const retryAfter2 = Number(error.response.headers["retry-after"]) || state2.fallbackSecondaryRateRetryAfter;
          const wantRetry2 = await emitter.trigger(
            "secondary-limit",
            retryAfter2,
            options,
            octokit,
            retryCount
          );
          return { wantRetry: wantRetry2, retryAfter: retryAfter2 };
        }
        if (error.response.headers != null && error.response.headers["x-ratelimit-remaining"] === "0" || (error.response.data?.errors ?? []).some(
          (error2) => error2.type === "RATE_LIMITED"
        )) {
          const rateLimitReset = new Date(
            ~~error.response.headers["x-ratelimit-reset"] * 1e3
          ).getTime();
          const retryAfter2 = Math.max(
            // Add one second so we retry _after_ the reset time
            // https://docs.github.com/en/rest/overview/resources-in-the-rest-api?apiVersion=2022-11-28#exceeding-the-rate-limit
            Math.ceil((rateLimitReset - Date.now()) / 1e3) + 1,
            0
          );
          const wantRetry2 = await emitter.trigger(
            "rate-limit",
            retryAfter2,
            options,
            octokit,
            retryCount
          );
          return { wantRetry: wantRetry2, retryAfter: retryAfter2 };
        }
        return {};
      })();
      if (wantRetry) {
        request.retryCount++;
        return retryAfter * state2.retryAfterBaseValue;
      }
    });
  };
  octokit.hook.wrap("request", (request, options) => {
    initializeBottleneck();
    return wrapRequest(state, request, options);
  });
  return {};
}
throttling.VERSION = VERSION;
throttling.triggersNotification = triggersNotification;


// EXTERNAL MODULE: ./src/text/secrets.ts
var secrets = __webpack_require__(99690);
// EXTERNAL MODULE: ./src/github/redirects.ts
var redirects = __webpack_require__(73766);
// EXTERNAL MODULE: ./src/github/stalled-requests.ts
var stalled_requests = __webpack_require__(48871);
;// CONCATENATED MODULE: ./src/github/client.ts
// The one place an Octokit is built: throttling (secondary rate limits) + retry (5xx, lost
// connections), bounded; a silent request given up after 30 s, and a silent API after two such
// requests; redirects kept on the API's origin; the token's value scrubbed from every error it throws.






/** setTimeout fires at once for longer delays. */
const MAX_TIMER_MS = 2 ** 31 - 1;
// A no-spacing stand-in for the plugin's write/notification Bottleneck groups (1 s / 3 s apart),
// used only in fast mode so tests against the loopback server don't sleep. The plugin only ever
// calls `group.key(id).schedule(options, fn)`.
const unthrottled = {
    key: () => ({ schedule: (_options, fn) => fn() }),
};
function createClient(token, options = {}, env = {}) {
    const fast = options.fastRetry ?? env.FUSION_REPORT_TEST_FAST_RETRY === "1";
    const maxRetries = options.maxRateLimitRetries ?? 3;
    const maxWait = options.maxRateLimitWaitSeconds ?? 120;
    const log = options.log ?? (() => { });
    const baseUrl = options.baseUrl ?? env.GITHUB_API_URL ?? "https://api.github.com";
    const testTimeout = Number(env.FUSION_REPORT_TEST_REQUEST_TIMEOUT_MS);
    const timeoutMs = options.requestTimeoutMs ??
        (Number.isSafeInteger(testTimeout) && testTimeout > 0 && testTimeout <= MAX_TIMER_MS
            ? testTimeout
            : stalled_requests/* GITHUB_REQUEST_TIMEOUT_MS */.bB);
    const octokit = (0,github/* getOctokit */.Q)(token, {
        baseUrl,
        throttle: {
            // plugin-throttling multiplies retry-after (seconds) by this; 1 ms per "second" in fast mode.
            retryAfterBaseValue: fast ? 1 : 1000,
            ...(fast ? { write: unthrottled, notifications: unthrottled } : {}),
            onRateLimit: (retryAfter, request, _o, count) => {
                const again = count < maxRetries && retryAfter <= maxWait;
                const why = count >= maxRetries
                    ? `giving up after ${count} retries.`
                    : `it resets in ${retryAfter} s, longer than the ${maxWait} s fusion-report waits; not retried.`;
                log(`GitHub primary rate limit on ${request.method} ${request.url}; ` +
                    (again ? `retrying in ${retryAfter} s (attempt ${count + 1} of ${maxRetries}).` : why));
                return again;
            },
            onSecondaryRateLimit: (retryAfter, request, _o, count) => {
                // A retry-after of an hour would hold the step (and every channel after this one) that long.
                const again = count < maxRetries && retryAfter <= maxWait;
                const why = count >= maxRetries
                    ? `giving up after ${count} retries.`
                    : `it asks to wait ${retryAfter} s, longer than the ${maxWait} s fusion-report waits; not retried.`;
                log(`GitHub secondary rate limit on ${request.method} ${request.url}; ` +
                    (again ? `retrying in ${retryAfter} s (attempt ${count + 1} of ${maxRetries}).` : why));
                return again;
            },
        },
        retry: {
            // 403/429 belong to the throttling plugin; 4xx other than those are never transient, nor is
            // 501 (a server without the endpoint, such as an older GitHub Enterprise Server): retried,
            // it would only add the backoff's 14 s.
            doNotRetry: [400, 401, 403, 404, 410, 422, 429, 451, 501],
            retries: 3,
            retryAfterBaseValue: fast ? 1 : 1000,
        },
    }, 
    // The first registered is innermost: the limit is on the fetch of the whole redirect chain.
    (0,stalled_requests/* giveUpOnStalledRequests */.XF)(timeoutMs), redirects/* refuseCrossOriginRedirects */.s, throttling, dist_bundle/* retry */.L, (0,stalled_requests/* stopAskingASilentApi */.ak)(stalled_requests/* SILENT_AFTER_REQUESTS */.yS));
    // Registered last, so it sees the error every other hook settled on. GitHub echoes what it was
    // sent in some error bodies; a token of any shape (GHES, another app's, a test token) is masked.
    const redact = (0,secrets/* createRedactor */.lY)([token]);
    octokit.hook.error("request", (error) => {
        throw scrubError(error, redact);
    });
    return octokit;
}
function scrubError(error, redact) {
    if (!(error instanceof Error))
        return error;
    setMessage(error, redact(error.message));
    // A fetch that failed is the cause of Octokit's error, and its message may quote the URL.
    const cause = error.cause;
    if (cause instanceof Error)
        setMessage(cause, redact(cause.message));
    const response = error.response;
    if (response && "data" in response)
        response.data = scrubValue(response.data, redact);
    return error;
}
function scrubValue(value, redact) {
    if (typeof value === "string")
        return redact(value);
    if (Array.isArray(value))
        return value.map((item) => scrubValue(item, redact));
    if (value && typeof value === "object") {
        return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, scrubValue(v, redact)]));
    }
    return value;
}
/** Some errors (DOMException) have a read-only message: those are left as they are. */
function setMessage(error, message) {
    if (message === error.message)
        return;
    try {
        error.message = message;
    }
    catch {
        // Read-only: the classified error quotes it through readApiMessage, which scrubs token shapes.
    }
}


/***/ })

};
