#!/usr/bin/env node
// The `efa-mock-server` command. It runs the built server (`dist/main.js`); with `--from-source` (what the
// repository's `pnpm start` passes), or when nothing is built yet, it runs the TypeScript sources of the
// fake and of `@efa-kit/core` directly through tsx, so that a fresh clone serves without a build step.
import { spawn } from "node:child_process"
import { existsSync } from "node:fs"
import { fileURLToPath, pathToFileURL } from "node:url"

const args = process.argv.slice(2)
const fromSource = args[0] === "--from-source"
const rest = fromSource ? args.slice(1) : args
const built = fileURLToPath(new URL("../dist/main.js", import.meta.url))
const source = fileURLToPath(new URL("../src/main.ts", import.meta.url))

// Resolved from here, not from the directory the command was typed in.
const tsx = (() => {
  try {
    return import.meta.resolve("tsx")
  } catch {
    return undefined
  }
})()

const quiet = rest.includes("--help")

if (!fromSource && existsSync(built)) {
  await import(pathToFileURL(built).href)
} else if (existsSync(source) && tsx !== undefined) {
  if (!quiet) console.log("efa-mock-server: starting from the TypeScript sources (no build step)...")
  const child = spawn(
    process.execPath,
    ["--conditions=@efa-kit/source", "--import", tsx, source, ...rest],
    { stdio: "inherit" }
  )
  // The terminal sends Ctrl-C to both processes; the server stops itself and this process follows it.
  process.on("SIGINT", () => {})
  process.on("SIGTERM", () => child.kill("SIGTERM"))
  child.on("exit", (code, signal) => process.exit(code ?? (signal !== null ? 1 : 0)))
} else {
  console.error("efa-mock-server: dist/main.js is missing; run `pnpm build` (or `tsc -b`) in the package first")
  process.exit(1)
}
