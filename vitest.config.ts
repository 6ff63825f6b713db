import { availableParallelism } from "node:os"
import { defineConfig } from "vitest/config"
import projects from "./vitest.workspace.js"

export default defineConfig({
  test: {
    projects,
    // Test files share their worker's module cache: Effect and the sources load once per worker instead of
    // once per file, which was half of the run. No test relies on module state left by another file.
    isolate: false,
    // Vitest's default in a run is one worker fewer than the cores: one worker on a 2-core machine, idle while
    // its file waits on child processes (the example programs, the compilers, the fake's command, Chromium).
    // One worker per core keeps both cores busy.
    maxWorkers: Math.max(2, availableParallelism()),
    minWorkers: 1
  }
})
