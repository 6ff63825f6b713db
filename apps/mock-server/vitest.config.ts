import { defineProject } from "vitest/config"

export default defineProject({
  test: {
    name: "mock-server",
    include: ["test/**/*.test.ts"],
    setupFiles: ["../../test-support/setup.ts"]
  }
})
