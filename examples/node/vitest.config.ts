import { defineProject } from "vitest/config"

export default defineProject({
  test: {
    name: "example-node",
    include: ["test/**/*.test.ts"],
    setupFiles: ["../../test-support/setup.ts"],
    // every example runs as its own Node process: two at a time, one per core of a small machine
    maxConcurrency: 2,
    testTimeout: 60_000
  }
})
