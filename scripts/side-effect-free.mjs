// Packages whose modules do nothing when imported but whose package.json does not say so
// ("sideEffects"). Told, a bundler leaves out what the bundle imports from them and never uses, with
// what that imports: @actions/core's oidc-utils (getIDToken, which the Action never calls) brings
// @actions/http-client and undici 6 into the Action's start, ~1 MB and ~25 ms of every run
// (https://github.com/actions/toolkit/issues/1436, /1621). scripts/build.mjs says so for the length of
// the build; bench/run.ts measures these packages the same way.
//
// `checked` is the version whose modules were read: at their top level they only declare functions,
// classes and constants. test/e2e/lazy-start.test.ts fails on another version until it is read again.
export const SIDE_EFFECT_FREE = [{ name: "@actions/core", checked: "3.0.1" }];
