// Packs every published package as `pnpm publish` would, then checks the tarballs a user would install:
// what they contain, that no workspace-only version is left, publint, and are-the-types-wrong (ESM only).
// Each package builds before it is packed (its `prepack`), and every file its `exports` and `bin` name
// must be in the tarball.
import { execFileSync } from "node:child_process"
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join, resolve } from "node:path"
import { missingTargets } from "./export-targets.mjs"

const root = resolve(import.meta.dirname, "..")
const bin = (name) => join(root, "node_modules", ".bin", name)
const run = (command, args, options = {}) =>
  execFileSync(command, args, { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"], ...options })

const published = ["packages", "apps"].flatMap((group) =>
  readdirSync(join(root, group), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => join(root, group, entry.name))
    .filter((dir) => {
      try {
        return JSON.parse(readFileSync(join(dir, "package.json"), "utf8")).private !== true
      } catch {
        return false
      }
    })
)

const out = mkdtempSync(join(tmpdir(), "efa-kit-pack-"))
const problems = []
try {
  for (const dir of published) {
    const manifest = JSON.parse(readFileSync(join(dir, "package.json"), "utf8"))
    const name = manifest.name
    run("pnpm", ["pack", "--pack-destination", out], { cwd: dir })
    const tarball = join(out, `${name.replace("@", "").replace("/", "-")}-${manifest.version}.tgz`)
    const files = run("tar", ["-tzf", tarball]).split("\n").filter(Boolean).map((f) => f.replace(/^package\//, ""))
    const packed = JSON.parse(run("tar", ["-xzOf", tarball, "package/package.json"]))

    const fail = (message) => problems.push(`${name}: ${message}`)
    for (const missing of missingTargets(packed, files)) fail(missing)
    for (const required of ["LICENSE", "README.md", "package.json"]) {
      if (!files.includes(required)) fail(`${required} is missing from the tarball`)
    }
    for (const file of files) {
      if (/\.tsbuildinfo$/.test(file)) fail(`build info in the tarball: ${file}`)
      if (/(^|\/)(test|tests|__tests__)\//.test(file) || /\.(test|spec)\.[cm]?[jt]s$/.test(file)) {
        fail(`a test in the tarball: ${file}`)
      }
    }
    for (const field of ["dependencies", "peerDependencies", "optionalDependencies"]) {
      for (const [dependency, range] of Object.entries(packed[field] ?? {})) {
        if (String(range).startsWith("workspace:")) fail(`${field}.${dependency} is "${range}"`)
      }
    }
    for (const field of ["repository", "homepage", "bugs", "keywords", "license"]) {
      if (packed[field] === undefined) fail(`package.json has no ${field}`)
    }
    // Markdown links to files must point into the tarball (or outside it by URL).
    for (const doc of files.filter((f) => f.endsWith(".md"))) {
      const text = run("tar", ["-xzOf", tarball, `package/${doc}`])
      for (const [, target] of text.matchAll(/\]\(([^)#\s]+)(?:#[^)]*)?\)/g)) {
        if (/^[a-z]+:/i.test(target)) continue
        const linked = join(doc, "..", target).replace(/^\.\//, "")
        if (!files.some((f) => f === linked || f.startsWith(`${linked}/`))) {
          fail(`${doc} links ${target}, which is not in the tarball`)
        }
      }
    }

    try {
      run(bin("publint"), ["run", tarball, "--strict"])
    } catch (error) {
      fail(`publint:\n${error.stdout}${error.stderr}`)
    }
    // Wildcard subpaths ("./*") are not discovered by attw: name each module behind them.
    const wildcardEntrypoints = manifest.exports?.["./*"] === undefined
      ? []
      : files
        .filter((f) => /^dist\/[^/]+\.d\.ts$/.test(f) && f !== "dist/index.d.ts")
        .map((f) => `./${f.slice("dist/".length, -".d.ts".length)}`)
    try {
      run(bin("attw"), [
        tarball,
        "--profile",
        "esm-only",
        "--format",
        "ascii",
        "--no-color",
        ...(wildcardEntrypoints.length > 0 ? ["--include-entrypoints", ...wildcardEntrypoints] : [])
      ])
    } catch (error) {
      fail(`are-the-types-wrong:\n${error.stdout}${error.stderr}`)
    }
    const entrypoints = 1 + Object.keys(manifest.exports ?? {}).filter((k) => k !== "." && !k.includes("*")).length +
      wildcardEntrypoints.length
    console.log(`${name}@${manifest.version}: ${files.length} files, ${entrypoints} entry points checked`)
  }
} finally {
  rmSync(out, { recursive: true, force: true })
}

if (problems.length > 0) {
  console.error(`\n${problems.length} problem(s):\n${problems.map((p) => `- ${p}`).join("\n")}`)
  process.exit(1)
}
console.log("packages: publint and are-the-types-wrong (esm-only) pass")
