// Type-checks and tests @efa-kit/core against the newest `effect` 3.x and the newest
// `@effect/platform` 0.x whose peer range accepts it, as users within our peer ranges may install them.
//
// The workspace is copied (without node_modules) to a temporary directory, the two versions are set
// as pnpm overrides there, and only that copy is installed: the committed lockfile and this checkout's
// node_modules are never touched. When the lockfile already holds the newest versions, `pnpm test` has
// tested them and nothing runs. When the registry cannot be reached, it says so and exits 0.
//
//   pnpm test:effect-latest
//   EFFECT_VERSION=3.21.0 EFFECT_PLATFORM_VERSION=0.96.0 pnpm test:effect-latest   # given versions instead
import { execFileSync, spawnSync } from "node:child_process"
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join, relative, sep } from "node:path"
import { fileURLToPath } from "node:url"

const root = fileURLToPath(new URL("..", import.meta.url))
const log = (message) => console.log(`test:effect-latest: ${message}`)

// ---------------------------------------------------------------------------------------------------
// versions
// ---------------------------------------------------------------------------------------------------

const parse = (version) => {
  const match = /^(\d+)\.(\d+)\.(\d+)$/.exec(version)
  return match === null ? undefined : match.slice(1).map(Number)
}
const compare = (a, b) => a[0] - b[0] || a[1] - b[1] || a[2] - b[2]
const newest = (versions) =>
  versions.map((v) => [v, parse(v)]).filter(([, p]) => p !== undefined).sort((a, b) => compare(b[1], a[1]))

// Whether `version` satisfies a peer range made of `^x.y.z`, `>=x.y.z`, `<x.y.z` parts and `||`.
const satisfies = (version, range) => {
  const v = parse(version)
  return range.split("||").some((alternative) =>
    alternative.trim().split(/\s+/).every((part) => {
      const [, operator, bound] = /^(\^|>=|<|)(\d+\.\d+\.\d+)$/.exec(part) ?? []
      const b = bound === undefined ? undefined : parse(bound)
      if (b === undefined) throw new Error(`unsupported peer range: ${range}`)
      if (operator === "^") return compare(v, b) >= 0 && (b[0] > 0 ? v[0] === b[0] : v[1] === b[1])
      if (operator === ">=") return compare(v, b) >= 0
      if (operator === "<") return compare(v, b) < 0
      return compare(v, b) === 0
    })
  )
}

class Unreachable extends Error {}

const networkFailure = /ENOTFOUND|EAI_AGAIN|ETIMEDOUT|ECONNREFUSED|ECONNRESET|ENETUNREACH|FETCH_FAIL|network/

// `npm view ... --json`: the parsed answer, `undefined` for an empty one.
const npmView = (spec, ...fields) => {
  let out
  try {
    out = execFileSync(
      "npm",
      ["view", spec, ...fields, "--json", "--fetch-timeout=20000", "--fetch-retries=1"],
      { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] }
    )
  } catch (error) {
    const stderr = String(error.stderr ?? error.message)
    if (networkFailure.test(stderr)) {
      throw new Unreachable(stderr.split("\n").find((line) => networkFailure.test(line))?.trim() ?? "")
    }
    throw new Error(`npm view ${spec} ${fields.join(" ")} failed:\n${stderr}`)
  }
  return out.trim() === "" ? undefined : JSON.parse(out)
}

const resolve = () => {
  const { EFFECT_VERSION, EFFECT_PLATFORM_VERSION } = process.env
  const effect = EFFECT_VERSION ?? newest([npmView("effect@>=3 <4", "version")].flat())[0][0]
  if (EFFECT_PLATFORM_VERSION !== undefined) return { effect, platform: EFFECT_PLATFORM_VERSION }
  // newest first, the first whose peer range accepts that effect
  for (const [platform] of newest([npmView("@effect/platform@>=0.1.0 <1", "version")].flat()).slice(0, 20)) {
    const peer = npmView(`@effect/platform@${platform}`, "peerDependencies.effect")
    if (typeof peer === "string" && satisfies(effect, peer)) return { effect, platform }
  }
  throw new Error(`no @effect/platform 0.x accepts effect ${effect}`)
}

const locked = (name) => {
  const manifest = JSON.parse(readFileSync(join(root, "packages/core/package.json"), "utf8"))
  return manifest.devDependencies[name]
}

// ---------------------------------------------------------------------------------------------------
// the run
// ---------------------------------------------------------------------------------------------------

const run = (cwd, command, args) => {
  log(`${command} ${args.join(" ")}`)
  const result = spawnSync(command, args, { cwd, stdio: "inherit" })
  return result.status ?? 1
}

let versions
try {
  versions = resolve()
} catch (error) {
  if (!(error instanceof Unreachable)) throw error
  log(`the npm registry cannot be reached (${error.message.trim()}); not tested against the newest Effect`)
  process.exit(0)
}

const lockedVersions = { effect: locked("effect"), platform: locked("@effect/platform") }
log(`newest: effect ${versions.effect}, @effect/platform ${versions.platform}`)
log(`locked: effect ${lockedVersions.effect}, @effect/platform ${lockedVersions.platform}`)
if (versions.effect === lockedVersions.effect && versions.platform === lockedVersions.platform) {
  log("the lockfile holds the newest versions, which `pnpm test` tests: nothing more to run")
  process.exit(0)
}

const copy = mkdtempSync(join(tmpdir(), "efa-kit-effect-latest-"))
let status = 1
try {
  // the root's files and the core package, without what installs and builds make
  const skipped = new Set(["node_modules", "dist", ".git"])
  cpSync(root, copy, {
    recursive: true,
    filter: (source) => {
      const parts = relative(root, source).split(sep)
      if (parts.some((part) => skipped.has(part)) || parts[0] === "apps") return false
      return parts[0] !== "packages" || parts.length === 1 || parts[1] === "core"
    }
  })
  // only the core package, with both versions forced wherever they are asked for
  writeFileSync(
    join(copy, "pnpm-workspace.yaml"),
    [
      "packages:",
      "  - packages/core",
      "onlyBuiltDependencies:",
      "  - esbuild",
      "overrides:",
      `  effect: ${versions.effect}`,
      `  "@effect/platform": ${versions.platform}`,
      ""
    ].join("\n")
  )
  const install = spawnSync(
    "pnpm",
    ["install", "--no-frozen-lockfile", "--prefer-offline", "--config.confirmModulesPurge=false"],
    { cwd: copy, encoding: "utf8" }
  )
  process.stdout.write(install.stdout ?? "")
  process.stderr.write(install.stderr ?? "")
  if (install.status !== 0) {
    const output = `${install.stdout}${install.stderr}`
    if (networkFailure.test(output)) {
      log("the npm registry cannot be reached during the install; not tested against the newest Effect")
      status = 0
    } else {
      log("the install failed")
    }
  } else {
    const core = join(copy, "packages/core")
    const installed = (name) =>
      JSON.parse(readFileSync(join(core, "node_modules", name, "package.json"), "utf8")).version
    const actual = { effect: installed("effect"), platform: installed("@effect/platform") }
    if (actual.effect !== versions.effect || actual.platform !== versions.platform) {
      throw new Error(`installed effect ${actual.effect}, @effect/platform ${actual.platform} instead`)
    }
    // the sources as users compile them against these versions, then every test of the package
    status = run(core, "pnpm", ["exec", "tsc", "-b", "tsconfig.json"]) || run(core, "pnpm", ["exec", "vitest", "run"])
    log(
      status === 0
        ? `core type-checks and passes its tests with effect ${versions.effect}, @effect/platform ${versions.platform}`
        : `core FAILS with effect ${versions.effect}, @effect/platform ${versions.platform}`
    )
  }
} finally {
  rmSync(copy, { recursive: true, force: true })
}
process.exit(status)
