import { describe, expect, it } from "@effect/vitest"
import { execFile } from "node:child_process"
import { mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, symlinkSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { dirname, join } from "node:path"
import { fileURLToPath } from "node:url"
import { codeBlocks } from "../../../scripts/docs-blocks.js"

// The published types as the projects people make today see them: the README's Effect and Promise examples
// type-checked against the built `@efa-kit/core` in a project outside the workspace, by TypeScript 5.9 and
// TypeScript 7, with the project settings of `tsc --init`, of a Node project (`module` `nodenext`), of a
// bundler project (Vite's: `moduleResolution` `bundler`, `lib` ES2022 and DOM), and of a Node project
// each with and without `@types/node`, and `skipLibCheck` off, so that an error inside efa-kit's `.d.ts`
// shows. What the README's install section says a project must set is what these settle.
//
// TypeScript 7 checks a project in a few seconds, TypeScript 5.9 in about twenty: `pnpm test` runs the
// TypeScript 7 projects, `pnpm test:typescript-5` (and CI) the TypeScript 5.9 ones, which the tests' names
// say. TypeScript 7 checks every file of the project, Effect's and Node's declarations included; TypeScript 5.9,
// through its API (`test-support/typescript-5-check.mjs`), checks the examples and efa-kit's declarations and
// only reads the others, which are most of its time and which TypeScript 7 has checked with the same settings.
// The checks do not depend on the Node version, so `pnpm test:node-lines` leaves them out.
const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "..")
const compilers = { "TypeScript 5.9": "typescript", "TypeScript 7": "typescript-7" } as const
const tscOf = (compiler: keyof typeof compilers) => join(root, "node_modules", compilers[compiler], "bin", "tsc")
const typeScript5Check = join(root, "test-support", "typescript-5-check.mjs")

// The README's two examples, as a user copies them into a file of their project.
const readmeBlocks = codeBlocks(root, "README.md").filter((block) => block.lang === "ts")
const effectExample = readmeBlocks.find((block) => block.code.includes("EfaClient.layer"))
const promiseExample = readmeBlocks.find((block) => block.code.includes("@efa-kit/core/promise"))

type Options = Record<string, unknown>
interface Project {
  readonly name: string
  /** The compiler options; `init` starts from what the compiler's own `tsc --init` writes. */
  readonly options: Options
  readonly init?: true
  readonly typesNode: "with" | "without" | "both"
}

const projects: ReadonlyArray<Project> = [
  { name: "tsc --init", init: true, options: {}, typesNode: "both" },
  { name: "module nodenext, strict", options: { module: "nodenext", strict: true }, typesNode: "both" },
  {
    name: "moduleResolution bundler (Vite's settings)",
    options: {
      target: "ES2022",
      lib: ["ES2022", "DOM", "DOM.Iterable"],
      module: "ESNext",
      moduleResolution: "bundler",
      strict: true
    },
    typesNode: "both"
  }
]

const withTypeScript5 = process.env.EFA_TEST_TYPESCRIPT_5 === "1"

// one compiler a run: TypeScript 7 in `pnpm test`, TypeScript 5.9 in `pnpm test:typescript-5`
const cases = Object.keys(compilers).filter((compiler) => withTypeScript5 === (compiler === "TypeScript 5.9")).flatMap((
  compiler
) =>
  projects.flatMap((project) =>
    (project.typesNode === "both" ? (["without", "with"] as const) : [project.typesNode]).map((typesNode) => ({
      compiler: compiler as keyof typeof compilers,
      project,
      typesNode
    }))
  )
)

// A dependency of the consumer project: the workspace's copy, linked as npm would install it.
const link = (projectDir: string, name: string, from: string) => {
  const target = join(projectDir, "node_modules", name)
  mkdirSync(dirname(target), { recursive: true })
  symlinkSync(realpathSync(join(from, "node_modules", name)), target, "dir")
}

const run = (command: string, args: ReadonlyArray<string>, cwd: string) =>
  new Promise<{ code: number; output: string }>((resolve) => {
    execFile(
      process.execPath,
      [command, ...args],
      { cwd, timeout: 280_000 },
      (error, stdout, stderr) =>
        resolve({ code: error === null ? 0 : typeof error.code === "number" ? error.code : 1, output: stdout + stderr })
    )
  })

// `tsc --init` writes JSON with comments and trailing commas.
const readJsonc = (file: string): { compilerOptions: Options } =>
  JSON.parse(readFileSync(file, "utf8").replace(/^\s*\/\/.*$/gm, "").replace(/,(\s*[}\]])/g, "$1"))

describe("the published types in a new project", () => {
  it("has the README's Effect and Promise examples to check", () => {
    expect(effectExample?.code).toContain("@efa-kit/core")
    expect(promiseExample?.code).toContain("createClient")
  })

  it.skipIf(withTypeScript5)("TypeScript 5.9 projects: skipped here, run by pnpm test:typescript-5", () => {})
  it.skipIf(!withTypeScript5)("TypeScript 7 projects: skipped here, run by pnpm test", () => {})

  it.concurrent.each(cases.map((c) => [`${c.compiler}, ${c.project.name}, ${c.typesNode} @types/node`, c] as const))(
    "%s: the README's examples type-check, no error in efa-kit's types",
    async (_, { compiler, project, typesNode }) => {
      const dir = mkdtempSync(join(tmpdir(), "efa-kit-consumer-"))
      try {
        writeFileSync(join(dir, "package.json"), JSON.stringify({ name: "consumer", private: true, type: "module" }))
        link(dir, "@efa-kit/core", join(root, "examples", "node"))
        link(dir, "effect", join(root, "examples", "node"))
        link(dir, "@effect/platform", join(root, "examples", "node"))
        if (typesNode === "with") link(dir, "@types/node", root)
        writeFileSync(join(dir, "effect.ts"), effectExample!.code)
        writeFileSync(join(dir, "promise.ts"), promiseExample!.code)

        let options = project.options
        if (project.init === true) {
          const init = await run(tscOf(compiler), ["--init"], dir)
          expect(init.code, init.output).toBe(0)
          options = readJsonc(join(dir, "tsconfig.json")).compilerOptions
        }
        const compilerOptions = {
          ...options,
          // `tsc --init` writes `types: []`; a project that installs @types/node names it there
          ...(typesNode === "with" ? { types: ["node"] } : { types: [] }),
          noEmit: true,
          skipLibCheck: false
        }
        writeFileSync(join(dir, "tsconfig.json"), JSON.stringify({ compilerOptions, include: ["*.ts"] }, null, 2))
        // TypeScript 7 checks with four checkers at once by default; these projects run side by side, where one
        // checker each costs a third less processor time for the same result
        const checkers = compiler === "TypeScript 7" ? ["--checkers", "1"] : []
        const { code, output } = compiler === "TypeScript 5.9"
          ? await run(typeScript5Check, ["tsconfig.json"], dir)
          : await run(tscOf(compiler), ["-p", "tsconfig.json", "--pretty", "false", ...checkers], dir)
        expect(output.split("\n").filter((line) => line.trim() !== "")).toEqual([])
        expect(code).toBe(0)
      } finally {
        rmSync(dir, { recursive: true, force: true })
      }
    },
    300_000
  )
})
