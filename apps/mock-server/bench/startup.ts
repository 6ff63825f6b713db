/**
 * How fast the fake starts: milliseconds from spawning the command to its first line and to "listening",
 * for `pnpm start`'s path (bundle the sources with esbuild, then run) and for the built `dist/main.js`
 * (needs `tsc -b` first, as `pnpm bench` does). Variants interleaved, medians of the runs.
 *
 *   node --import tsx bench/startup.ts [runs]
 */
import { spawn } from "node:child_process"
import { existsSync } from "node:fs"
import { fileURLToPath } from "node:url"

const bin = fileURLToPath(new URL("../bin/efa-mock-server.mjs", import.meta.url))
const built = fileURLToPath(new URL("../dist/main.js", import.meta.url))
const runs = Number(process.argv[2] ?? 5)

interface Timing {
  readonly firstLine: number
  readonly listening: number
}

const time = (args: ReadonlyArray<string>): Promise<Timing> =>
  new Promise((resolve, reject) => {
    const started = process.hrtime.bigint()
    const elapsed = () => Number(process.hrtime.bigint() - started) / 1e6
    const child = spawn(process.execPath, [...args, "--port", "0", "--host", "127.0.0.1"], {
      stdio: ["ignore", "pipe", "inherit"]
    })
    let firstLine: number | undefined
    child.stdout.on("data", (chunk: Buffer) => {
      firstLine ??= elapsed()
      if (String(chunk).includes("listening on ")) {
        const listening = elapsed()
        child.kill("SIGTERM")
        resolve({ firstLine, listening })
      }
    })
    child.once("exit", (code) => reject(new Error(`exited with ${code} before listening`)))
  })

const median = (values: ReadonlyArray<number>) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!

const variants: Array<[string, ReadonlyArray<string>]> = [["pnpm start's path (bundle + run)", [bin, "--from-source"]]]
if (existsSync(built)) variants.push(["dist/main.js (after tsc -b)", [built]])

const results = new Map<string, Array<Timing>>(variants.map(([name]) => [name, []]))
await time([bin, "--from-source"]) // warm-up: the file system cache
for (let i = 0; i < runs; i++) {
  for (const [name, args] of variants) results.get(name)!.push(await time(args))
}
console.log(`start-up, median of ${runs} runs:`)
for (const [name, timings] of results) {
  const first = median(timings.map((t) => t.firstLine))
  const listening = median(timings.map((t) => t.listening))
  console.log(`  ${name}: first line ${first.toFixed(0)} ms, listening ${listening.toFixed(0)} ms`)
}
