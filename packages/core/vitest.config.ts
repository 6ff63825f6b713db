import { defineProject } from "vitest/config"

export default defineProject({
  test: {
    name: "core",
    include: ["test/**/*.test.ts"],
    // property tests through the client do real work; a loaded CI machine must not time them out
    testTimeout: 30_000,
    setupFiles: ["../../test-support/setup.ts"]
  }
})
