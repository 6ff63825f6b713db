import { defineProject } from "vitest/config"

export default defineProject({
  test: {
    name: "hafas",
    include: ["test/**/*.test.ts"],
    setupFiles: ["../../test-support/setup.ts"],
    testTimeout: 30_000
  }
})
