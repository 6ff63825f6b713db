import { existsSync, readdirSync } from "node:fs"
import { availableParallelism } from "node:os"
import { join, relative, resolve } from "node:path"
import { defineConfig, type ViteUserConfig } from "vitest/config"
import { ProcessesFirst } from "./test-support/sequencer.js"
import projects from "./vitest.workspace.js"

// Every project of `vitest.workspace.ts` runs here as part of one: Vitest runs projects one after another
// when test files share their workers (below), each project waiting for its slowest file and starting its
// workers afresh, which cost a fifth of the run. Each project's own `vitest.config.ts` still runs it alone
// (`pnpm --filter <package> test`); here its files, setup files and longest timeouts are merged.
const root = import.meta.dirname
const dirs = projects.flatMap((pattern) => {
  const parent = pattern.replace(/\/\*$/, "")
  return readdirSync(join(root, parent), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(join(root, parent, entry.name, "vitest.config.ts")))
    .map((entry) => join(parent, entry.name))
})
const configs = await Promise.all(
  dirs.map(async (dir) => ({
    dir,
    test: ((await import(`./${dir}/vitest.config.ts`)).default as ViteUserConfig).test!
  }))
)
const maxOf = (values: ReadonlyArray<number | undefined>, fallback: number) =>
  Math.max(fallback, ...values.filter((value): value is number => value !== undefined))

export default defineConfig({
  test: {
    // one project: without `projects` Vitest would read `vitest.workspace.ts` as its (deprecated) list of them
    projects: [{
      extends: true,
      test: {
        name: "efa-kit",
        include: configs.flatMap(({ dir, test }) => (test.include ?? []).map((glob) => `${dir}/${glob}`)),
        setupFiles: [
          ...new Set(
            configs.flatMap(({ dir, test }) =>
              [test.setupFiles ?? []].flat().map((file) => relative(root, resolve(root, dir, file)))
            )
          )
        ],
        testTimeout: maxOf(configs.map(({ test }) => test.testTimeout), 5_000),
        hookTimeout: maxOf(configs.map(({ test }) => test.hookTimeout), 10_000),
        maxConcurrency: Math.min(5, ...configs.flatMap(({ test }) => test.maxConcurrency ?? []))
      }
    }],
    // Test files share their worker's module cache: Effect and the sources load once per worker instead of
    // once per file, which was half of the run. No test relies on module state left by another file.
    isolate: false,
    sequence: { sequencer: ProcessesFirst },
    // Vitest's default in a run is one worker fewer than the cores: one worker on a 2-core machine, idle while
    // its file waits on child processes (the example programs, the compilers, the fake's command, Chromium).
    // One worker per core keeps both cores busy.
    maxWorkers: Math.max(2, availableParallelism()),
    minWorkers: 1,
    // The decoding properties and the fakes make many short-lived objects: a young generation of 64 MB instead of
    // V8's 16 collects them a fraction as often, a seventh less processor time for the largest file.
    poolOptions: { forks: { execArgv: ["--max-semi-space-size=64"] } }
  }
})
