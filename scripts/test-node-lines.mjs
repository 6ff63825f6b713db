// Runs the tests on the Node lines efa-kit supports beside the machine's own: Node 22 and 24, pinned
// below. Each comes from the npm registry as the package `node-<platform>-<arch>` (the official binary,
// `npm pack`ed and unpacked, no install script runs), is kept in `node_modules/.cache/node-lines/`, and is
// used by path: Vitest runs on it, and the tests' child processes (`process.execPath`, `node` on the PATH)
// run on it too. The type-check does not depend on the Node version, so it is not repeated: run after
// `pnpm test`, which type-checks and builds.
//
//   pnpm test:node-lines            # every pinned line
//   pnpm test:node-lines 24         # one line
import { execFileSync, spawnSync } from "node:child_process"
import { existsSync, mkdirSync, mkdtempSync, renameSync, rmSync } from "node:fs"
import { delimiter, join, resolve } from "node:path"

// The newest release of each line when it was last pinned; bump with the lines' security releases.
export const nodeLines = { 22: "22.23.3", 24: "24.21.0" }

// Test files whose outcome does not depend on the Node that runs Vitest, run once by `pnpm test`: the
// published types are checked by the compilers, the pages by Chromium, the packed tarball by npm (names
// unique in the workspace: Vitest matches them within each project)
const nodeAgnostic = [
  "**/consumerTypes.test.ts",
  "**/docBlockTypes.test.ts",
  "**/exportTargets.test.ts",
  "**/browser.test.ts",
  "**/reference.test.ts",
  "**/page.test.ts"
]

const root = resolve(import.meta.dirname, "..")
const cache = join(root, "node_modules", ".cache", "node-lines")
const log = (message) => console.log(`test:node-lines: ${message}`)

/** The `bin` folder of a Node release, fetched from the npm registry once. */
const nodeBin = (version) => {
  const name = `node-${process.platform}-${process.arch}`
  const dir = join(cache, `${name}@${version}`)
  if (!existsSync(join(dir, "bin", "node"))) {
    mkdirSync(cache, { recursive: true })
    const download = mkdtempSync(join(cache, "download-"))
    try {
      const tarball = execFileSync("npm", ["pack", `${name}@${version}`, "--silent"], {
        cwd: download,
        encoding: "utf8"
      }).trim().split("\n").at(-1)
      execFileSync("tar", ["-xzf", tarball], { cwd: download })
      rmSync(dir, { recursive: true, force: true })
      renameSync(join(download, "package"), dir)
    } finally {
      rmSync(download, { recursive: true, force: true })
    }
  }
  return join(dir, "bin")
}

const asked = process.argv.slice(2)
const lines = asked.length === 0 ? Object.keys(nodeLines) : asked
const failed = []
for (const line of lines) {
  const version = nodeLines[line]
  if (version === undefined) {
    console.error(`no pinned release of Node ${line}; pinned: ${Object.keys(nodeLines).join(", ")}`)
    process.exit(2)
  }
  const bin = nodeBin(version)
  const node = join(bin, "node")
  const reported = execFileSync(node, ["--version"], { encoding: "utf8" }).trim()
  if (reported !== `v${version}`) throw new Error(`${node} says it is ${reported}, not v${version}`)
  log(`Node ${reported}: vitest run`)
  const started = Date.now()
  const excludes = nodeAgnostic.flatMap((file) => ["--exclude", file])
  const vitest = [join(root, "node_modules", "vitest", "vitest.mjs"), "run", ...excludes]
  const result = spawnSync(node, vitest, {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, PATH: `${bin}${delimiter}${process.env.PATH ?? ""}` }
  })
  log(`Node ${reported}: ${result.status === 0 ? "passed" : "FAILED"} in ${Math.round((Date.now() - started) / 1000)} s`)
  if (result.status !== 0) failed.push(reported)
}
if (failed.length > 0) {
  console.error(`test:node-lines: the tests failed on ${failed.join(", ")}`)
  process.exit(1)
}
