import { defineConfig } from "vitest/config"
import projects from "./vitest.workspace.js"

export default defineConfig({
  test: {
    projects,
    // Test files share their worker's module cache: Effect and the sources load once per worker instead of
    // once per file, which was half of the run. No test relies on module state left by another file.
    isolate: false
  }
})
