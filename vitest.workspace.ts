// The test projects: every package, app and example with its own `vitest.config.ts`. The root
// `vitest.config.ts` runs them as its `test.projects`.
export default ["packages/*", "apps/*", "examples/*/vitest.config.ts"]
