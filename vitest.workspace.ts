// The test projects: every package, app and example folder with its own `vitest.config.ts`, which runs its
// tests alone (`pnpm --filter <package> test`). The root `vitest.config.ts` runs them all together.
export default ["packages/*", "apps/*", "examples/*"]
