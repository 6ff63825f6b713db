// The test projects: every package and app with its own `vitest.config.ts`, and the examples. The root
// `vitest.config.ts` runs them as its `test.projects`.
export default ["packages/*", "apps/*", "examples"]
