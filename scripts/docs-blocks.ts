// The code blocks of the user-facing pages (README.md and docs/): the TypeScript programs that the docs test
// type-checks and runs against the fake, and the install lines that `pnpm check:install` runs.
import { readdirSync, readFileSync } from "node:fs"
import { join } from "node:path"

export interface CodeBlock {
  /** The page, relative to the repository root. */
  readonly page: string
  /** The 1-based line of the opening fence. */
  readonly line: number
  readonly lang: string
  readonly code: string
}

/** README.md and every page of docs/. */
export const userPages = (root: string): ReadonlyArray<string> => [
  "README.md",
  ...readdirSync(join(root, "docs")).filter((file) => file.endsWith(".md")).sort().map((file) => `docs/${file}`)
]

export const codeBlocks = (root: string, page: string): ReadonlyArray<CodeBlock> => {
  const lines = readFileSync(join(root, page), "utf8").split("\n")
  const blocks: Array<CodeBlock> = []
  for (let i = 0; i < lines.length; i++) {
    const open = /^```(\w*)\s*$/.exec(lines[i]!)
    if (open === null) continue
    const start = i
    const body: Array<string> = []
    for (i++; i < lines.length && !/^```\s*$/.test(lines[i]!); i++) body.push(lines[i]!)
    blocks.push({ page, line: start + 1, lang: open[1]!, code: body.join("\n") + "\n" })
  }
  return blocks
}

/** The pages people install from: the user-facing pages and the packages' READMEs (their npm pages). */
export const installPages = (root: string): ReadonlyArray<string> => [
  ...userPages(root),
  "packages/core/README.md",
  "apps/mock-server/README.md"
]

/** The TypeScript blocks of the user-facing pages. */
export const typeScriptBlocks = (root: string): ReadonlyArray<CodeBlock> =>
  userPages(root).flatMap((page) => codeBlocks(root, page)).filter((block) => block.lang === "ts")

/**
 * The install commands of the user-facing pages: every line of a `sh` block (but those of a block that
 * changes directory), and every inline `npm install ...` / `pnpm add ...`, that installs packages.
 */
export const installLines = (root: string): ReadonlyArray<{ readonly page: string; readonly command: string }> => {
  const found: Array<{ page: string; command: string }> = []
  const install = /^(?:npm (?:install|i)|pnpm add)\s/
  for (const page of installPages(root)) {
    // a block that changes directory works somewhere else (a scratch folder), not in the reader's project
    for (const block of codeBlocks(root, page).filter((b) => b.lang === "sh" && !/(^|&&|;)\s*cd\s/m.test(b.code))) {
      for (const raw of block.code.split("\n")) {
        for (const part of raw.replace(/#.*$/, "").split("&&").map((s) => s.trim())) {
          // a global install (`npm install -g pnpm@10`) sets up the machine, not the reader's project
          if (install.test(part) && !/\s(-g|--global)(\s|$)/.test(part)) found.push({ page, command: part })
        }
      }
    }
    const text = readFileSync(join(root, page), "utf8")
    for (const [, command] of text.matchAll(/`((?:npm install|pnpm add) [^`]+)`/g)) {
      // prose such as "`pnpm add -D` with the same arguments" names no package: not a line to run
      if (!command!.includes("...") && !command!.includes("…") && packagesOf(command!).length > 0) {
        found.push({ page, command: command! })
      }
    }
  }
  return found
}

/** The package names and ranges of an install command (`effect@^3.22` gives `["effect", "^3.22"]`). */
export const packagesOf = (command: string): ReadonlyArray<readonly [name: string, range: string | undefined]> =>
  command.split(/\s+/).slice(2).filter((arg) => !arg.startsWith("-")).map((arg) => {
    const at = arg.indexOf("@", 1)
    return at === -1 ? [arg, undefined] as const : [arg.slice(0, at), arg.slice(at + 1)] as const
  })
