import { defineProject } from "vitest/config"

export default defineProject({
  test: {
    name: "contract",
    include: ["test/**/*.test.ts"],
    setupFiles: ["../../test-support/setup.ts"],
    // property tests and the two transports do real work; a loaded CI machine must not time them out
    testTimeout: 30_000
  }
})
