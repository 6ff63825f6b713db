// Does what README.md and docs/ tell a new user to do, in fresh directories outside the workspace: runs
// every setup and install line of those pages as written (with the packed tarballs in place of
// `@efa-kit/core`, `@efa-kit/mock-server` and `@efa-kit/hafas`, which stand for the published packages), with npm and again
// with pnpm; then, in the npm project, type-checks every example of examples/node and every TypeScript
// block of the pages against the installed packages (strict, exactOptionalPropertyTypes,
// noUncheckedIndexedAccess, skipLibCheck off), runs each program against the installed `efa-mock-server`,
// and runs the Vitest examples with the installed Vitest. Needs the npm registry; a few minutes.
// Run with `pnpm check:install` (which builds first); `--keep` keeps the directories.
import { execFileSync, spawn } from "node:child_process"
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join, resolve } from "node:path"
import { expectations } from "../examples/node/test/expectations.js"
import { codeBlocks, installLines, installPages, typeScriptBlocks } from "./docs-blocks.js"

const root = resolve(import.meta.dirname, "..")
const keep = process.argv.includes("--keep")
const workDir = mkdtempSync(join(tmpdir(), "efa-kit-install-"))
const sh = (command: string, args: ReadonlyArray<string>, cwd: string) =>
  execFileSync(command, args, { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] })
const shell = (line: string, cwd: string) =>
  execFileSync("sh", ["-c", line], { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] })

const failures: Array<string> = []
const attempt = (what: string, run: () => void) => {
  try {
    run()
    console.log(`ok ${what}`)
  } catch (error: any) {
    failures.push(`${what}: ${error.stderr || error.stdout || error.message || error}`)
  }
}

// The setup lines of the pages' shell blocks that make a project (`npm init -y && npm pkg set type=module`).
const setupLines = [
  ...new Set(
    installPages(root).flatMap((page) => codeBlocks(root, page))
      .filter((block) => block.lang === "sh" && !/(^|&&|;)\s*cd\s/m.test(block.code))
      .flatMap((block) => block.code.split("\n")).map((line) => line.replace(/#.*$/, "").trim())
      .filter((line) => /^npm (init|pkg) /.test(line))
  )
]
const installs = [...new Set(installLines(root).map((line) => line.command))]

let server: ReturnType<typeof spawn> | undefined
try {
  const tarballs = new Map(["packages/core", "apps/mock-server", "packages/hafas"].map((pkg) => {
    const manifest = JSON.parse(readFileSync(join(root, pkg, "package.json"), "utf8"))
    sh("pnpm", ["pack", "--pack-destination", workDir], join(root, pkg))
    return [
      manifest.name as string,
      join(workDir, `${manifest.name.replace("@", "").replace("/", "-")}-${manifest.version}.tgz`)
    ]
  }))
  // the published names stand for the tarballs; everything else comes from the registry as written
  const withTarballs = (command: string) => command.split(/\s+/).map((arg) => tarballs.get(arg) ?? arg).join(" ")

  console.log(`the pages' setup lines: ${setupLines.join(" | ")}`)
  console.log(`the pages' install lines:\n${installs.map((line) => `  ${line}`).join("\n")}`)

  // pnpm: the same lines, `npm install` written as `pnpm add`, as the pages say
  const pnpmDir = join(workDir, "pnpm-project")
  mkdirSync(pnpmDir)
  attempt("pnpm: the setup and install lines", () => {
    for (const line of setupLines) shell(line, pnpmDir)
    // pnpm resolves the fake's dependency on the core from the registry, where the tarball stands in for it
    const manifestFile = join(pnpmDir, "package.json")
    const manifest = JSON.parse(readFileSync(manifestFile, "utf8"))
    manifest.pnpm = { overrides: { "@efa-kit/core": `file:${tarballs.get("@efa-kit/core")}` } }
    writeFileSync(manifestFile, JSON.stringify(manifest, null, 2))
    for (const line of installs) {
      shell(withTarballs(line.replace(/^npm (install|i)\b/, "pnpm add")), pnpmDir)
    }
  })

  attempt(
    "pnpm: the installed packages load (@efa-kit/core, its Promise client, the fake, the undici transport)",
    () =>
      void shell(
        `node --input-type=module -e 'await import("@efa-kit/core"); await import("@efa-kit/core/promise"); ` +
          `await import("@efa-kit/mock-server"); await import("@effect/platform-node/NodeHttpClient")'`,
        pnpmDir
      )
  )

  const dir = join(workDir, "npm-project")
  mkdirSync(dir)
  for (const line of setupLines) shell(line, dir)
  for (const line of installs) {
    attempt(`npm: ${line}`, () => shell(withTarballs(line.replace(/^pnpm add\b/, "npm install")), dir))
  }
  // the checker's own tools, beside what the pages install
  sh("npm", ["install", "--no-audit", "--no-fund", "-D", "typescript@~5.9", "@types/node@^20"], dir)
  const installed = (name: string) => JSON.parse(readFileSync(join(dir, "node_modules", name, "package.json"), "utf8"))
  console.log(
    `installed: ${
      [
        "@efa-kit/core",
        "@efa-kit/mock-server",
        "effect",
        "@effect/platform",
        "@effect/platform-node",
        "@effect/vitest",
        "vitest"
      ]
        .map((name) => `${name}@${installed(name).version}`).join(", ")
    }`
  )
  const effectCopies = sh("npm", ["ls", "effect", "--all", "--parseable"], dir).trim().split("\n").filter(Boolean)
  if (effectCopies.length !== 1) failures.push(`expected one copy of effect, found ${effectCopies.length}`)
  const manifest = JSON.parse(readFileSync(join(dir, "package.json"), "utf8"))
  if (manifest.type !== "module") failures.push(`the setup lines left a project of type ${manifest.type}`)

  // the programs: examples/node, and the pages' blocks (a Vitest block is the text of an examples/vitest file)
  mkdirSync(join(dir, "examples"))
  const programs = readdirSync(join(root, "examples", "node")).filter((file) => file in expectations)
  for (const file of programs) copyFileSync(join(root, "examples", "node", file), join(dir, "examples", file))
  const blocks = typeScriptBlocks(root).filter((block) => !/from "(?:vitest|@effect\/vitest)"/.test(block.code))
  const blockFile = (block: { page: string; line: number }) => `${block.page.replace(/[/.]/g, "_")}_L${block.line}.ts`
  for (const block of blocks) writeFileSync(join(dir, "examples", blockFile(block)), block.code)
  mkdirSync(join(dir, "test"))
  const vitestFiles = readdirSync(join(root, "examples", "vitest")).filter((file) => file.endsWith(".test.ts"))
  for (const file of vitestFiles) copyFileSync(join(root, "examples", "vitest", file), join(dir, "test", file))
  writeFileSync(
    join(dir, "tsconfig.json"),
    JSON.stringify({
      compilerOptions: {
        target: "ES2022",
        lib: ["ES2022", "DOM", "ESNext.Disposable"],
        module: "NodeNext",
        moduleResolution: "NodeNext",
        strict: true,
        exactOptionalPropertyTypes: true,
        noUncheckedIndexedAccess: true,
        noEmit: true,
        skipLibCheck: false,
        types: ["node"]
      },
      include: ["examples", "test"]
    })
  )
  attempt(
    `type-check ${programs.length} examples, ${blocks.length} blocks of the pages and ${vitestFiles.length} Vitest files against the installed packages`,
    () => sh(join(dir, "node_modules", ".bin", "tsc"), ["-p", "tsconfig.json"], dir)
  )

  attempt(
    `the Vitest examples with the installed vitest`,
    () => sh(join(dir, "node_modules", ".bin", "vitest"), ["run"], dir)
  )

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

  const runProgram = (file: string) =>
    execFileSync(process.execPath, ["--import", "tsx", join("examples", file)], {
      cwd: dir,
      encoding: "utf8",
      env: { ...process.env, EFA_BASE_URL: baseUrl },
      stdio: ["ignore", "pipe", "pipe"],
      timeout: 60_000
    })
  for (const file of programs) {
    attempt(file, () => {
      const stdout = runProgram(file)
      const missing = (expectations[file] ?? [/./]).filter((pattern) => !pattern.test(stdout))
      if (missing.length > 0) throw new Error(`printed no match for ${missing.join(", ")}:\n${stdout}`)
    })
  }
  for (const block of blocks) {
    const file = blockFile(block)
    writeFileSync(
      join(dir, "examples", file),
      block.code.replaceAll("http://localhost:8080", baseUrl.replace(/\/$/, ""))
    )
    attempt(`${block.page}:${block.line}`, () => void runProgram(file))
  }
} catch (error: any) {
  failures.push(String(error.stderr ?? error.message ?? error))
} finally {
  server?.kill()
  if (keep) console.log(`kept ${workDir}`)
  else rmSync(workDir, { recursive: true, force: true })
}

if (failures.length > 0) {
  console.error(`\n${failures.length} failure(s):\n${failures.map((f) => `- ${f}`).join("\n")}`)
  process.exit(1)
}
console.log("install check: every setup and install line of the pages works with npm and pnpm, and every example runs")
