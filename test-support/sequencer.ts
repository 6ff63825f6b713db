import { readFileSync } from "node:fs"
import { relative } from "node:path"
import { BaseSequencer, type TestSpecification } from "vitest/node"

// A file that starts other processes (the example programs, the compilers, the fake's command, Chromium,
// Redis) mostly waits on them and takes longest.
const startsProcesses = (file: string) =>
  /from "(?:node:child_process|playwright-core)"|test-support\/redis\.js"/.test(readFileSync(file, "utf8"))

/**
 * Vitest's order of the test files, longest first where it remembers how long each took. Where it does not
 * (a fresh clone, CI), it orders them by size, which starts the long files that wait on other processes
 * last, so that one worker runs them alone at the end: those go first.
 */
export class ProcessesFirst extends BaseSequencer {
  override async sort(files: Array<TestSpecification>): Promise<Array<TestSpecification>> {
    const sorted = await super.sort(files)
    const remembered = sorted.every((spec) =>
      this.ctx.cache.getFileTestResults(`${spec.project.name}:${relative(this.ctx.config.root, spec.moduleId)}`)
        !== undefined
    )
    if (remembered) return sorted
    const first = sorted.filter((spec) => startsProcesses(spec.moduleId))
    return [...first, ...sorted.filter((spec) => !first.includes(spec))]
  }
}
