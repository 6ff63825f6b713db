import { defineProject } from "vitest/config"

export default defineProject({
  test: {
    name: "example-vitest",
    include: ["*.test.ts"],
    setupFiles: ["../../test-support/setup.ts"]
  }
})
