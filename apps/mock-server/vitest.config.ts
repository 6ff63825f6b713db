import { defineProject } from "vitest/config"

export default defineProject({
  test: {
    name: "mock-server",
    include: ["test/**/*.test.ts"],
    setupFiles: ["../../test-support/setup.ts"],
    // the budget and routing tests do real work beside another test file on the other core; a loaded CI machine
    // must not time them out
    testTimeout: 30_000
  }
})
