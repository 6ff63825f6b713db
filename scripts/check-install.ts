// Installs the packed packages in a fresh directory outside the workspace, as a user would (npm, with
// `effect@^3.22` and `@effect/platform@^0.97` from the registry), type-checks every program of
// examples/node against the installed types, starts the installed `efa-mock-server` and runs each program
// against it. Needs the npm registry. Run with `pnpm check:install` (which builds first).
import { execFileSync, spawn } from "node:child_process"
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join, resolve } from "node:path"
import { expectations } from "../examples/node/test/expectations.js"

const root = resolve(import.meta.dirname, "..")
const keep = process.argv.includes("--keep")
const dir = mkdtempSync(join(tmpdir(), "efa-kit-install-"))
const sh = (command: string, args: ReadonlyArray<string>, cwd = dir) =>
  execFileSync(command, args, { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] })

const failures: Array<string> = []
let server: ReturnType<typeof spawn> | undefined
try {
  const tarballs = ["packages/core", "apps/mock-server"].map((pkg) => {
    const manifest = JSON.parse(readFileSync(join(root, pkg, "package.json"), "utf8"))
    sh("pnpm", ["pack", "--pack-destination", dir], join(root, pkg))
    return join(dir, `${manifest.name.replace("@", "").replace("/", "-")}-${manifest.version}.tgz`)
  })
  writeFileSync(join(dir, "package.json"), JSON.stringify({ name: "fresh-project", private: true, type: "module" }))
  console.log(`installing the tarballs with effect@^3.22 in ${dir}`)
  sh("npm", [
    "install",
    "--no-audit",
    "--no-fund",
    ...tarballs,
    "effect@^3.22",
    "@effect/platform@^0.97",
    "tsx@^4",
    "typescript@~5.9",
    "@types/node@^20"
  ])
  const installed = (name: string) => JSON.parse(readFileSync(join(dir, "node_modules", name, "package.json"), "utf8"))
  console.log(
    `installed: ${
      ["@efa-kit/core", "@efa-kit/mock-server", "effect", "@effect/platform"]
        .map((name) => `${name}@${installed(name).version}`).join(", ")
    }`
  )
  const effectCopies = sh("npm", ["ls", "effect", "--all", "--parseable"]).trim().split("\n").filter(Boolean)
  if (effectCopies.length !== 1) failures.push(`expected one copy of effect, found ${effectCopies.length}`)

  mkdirSync(join(dir, "examples"))
  const programs = readdirSync(join(root, "examples", "node")).filter((file) => file in expectations)
  for (const file of programs) copyFileSync(join(root, "examples", "node", file), join(dir, "examples", file))
  writeFileSync(
    join(dir, "tsconfig.json"),
    JSON.stringify({
      compilerOptions: {
        target: "ES2022",
        module: "NodeNext",
        moduleResolution: "NodeNext",
        strict: true,
        exactOptionalPropertyTypes: true,
        noEmit: true,
        skipLibCheck: false,
        types: ["node"]
      },
      include: ["examples"]
    })
  )
  try {
    sh(join(dir, "node_modules", ".bin", "tsc"), ["-p", "tsconfig.json"])
    console.log(`type-checked ${programs.length} examples against the installed packages (skipLibCheck off)`)
  } catch (error: any) {
    failures.push(`the examples do not type-check against the installed packages:\n${error.stdout}`)
  }

  // the installed command, on a port the system picks
  server = spawn(join(dir, "node_modules", ".bin", "efa-mock-server"), ["--port", "0"], { cwd: dir })
  const baseUrl = await new Promise<string>((resolveUrl, reject) => {
    let output = ""
    server!.stdout!.on("data", (chunk) => {
      output += chunk
      const match = /http:\/\/(?:localhost|127\.0\.0\.1|\[::1\]):\d+\/?/.exec(output)
      if (match) resolveUrl(match[0])
    })
    server!.on("exit", (code) => reject(new Error(`efa-mock-server exited with ${code}: ${output}`)))
    setTimeout(() => reject(new Error(`efa-mock-server printed no URL within 60 s: ${output}`)), 60_000).unref()
  })
  console.log(`efa-mock-server listening at ${baseUrl}`)

  for (const file of programs) {
    try {
      const stdout = execFileSync(process.execPath, ["--import", "tsx", join("examples", file)], {
        cwd: dir,
        encoding: "utf8",
        env: { ...process.env, EFA_BASE_URL: baseUrl },
        stdio: ["ignore", "pipe", "pipe"],
        timeout: 60_000
      })
      const missing = (expectations[file] ?? [/./]).filter((pattern) => !pattern.test(stdout))
      if (missing.length > 0) failures.push(`${file} printed no match for ${missing.join(", ")}:\n${stdout}`)
      else console.log(`ok ${file}`)
    } catch (error: any) {
      failures.push(`${file} failed: ${error.stderr ?? error}`)
    }
  }
} catch (error: any) {
  failures.push(String(error.stderr ?? error.message ?? error))
} finally {
  server?.kill()
  if (keep) console.log(`kept ${dir}`)
  else rmSync(dir, { recursive: true, force: true })
}

if (failures.length > 0) {
  console.error(`\n${failures.length} failure(s):\n${failures.map((f) => `- ${f}`).join("\n")}`)
  process.exit(1)
}
console.log("install check: the packed packages install with effect@^3.22 and every example runs")
