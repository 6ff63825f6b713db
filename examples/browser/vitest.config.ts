import { defineProject } from "vitest/config"

export default defineProject({
  test: {
    name: "browser",
    include: ["test/**/*.test.ts"],
    // a cold browser start on a loaded machine
    testTimeout: 60_000,
    hookTimeout: 60_000
  }
})
