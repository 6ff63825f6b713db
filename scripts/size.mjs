// Bundles small browser programs with esbuild, as an application would, and reports their gzip size
// beside Effect's own floor (HttpClient and Schema without efa-kit). Exits 1 above the budget.
//
//   pnpm size          (after `pnpm build`: the programs import the built packages)
import { Operations } from "@efa-kit/core"
import * as esbuild from "esbuild"
import * as Path from "node:path"
import { fileURLToPath } from "node:url"
import * as Zlib from "node:zlib"

const root = Path.join(Path.dirname(fileURLToPath(import.meta.url)), "..")
const KB = 1000

// The operation modules, named after the client's methods (`stopFinder` lives in `StopFinder.js`).
const operationModules = Object.keys(Operations.all).map((name) => name[0].toUpperCase() + name.slice(1))
const operationModule = new RegExp(`core/dist/(${operationModules.join("|")})\\.js$`)

const BUDGET = {
  // the stop-finder program in all, and efa-kit's own code in it (24 kB since the client names a network
  // failure's cause, checks what people pass in, maps modes through a profile, hooks a shared cache,
  // reads stops given by ID and assigned stops' product classes, and addresses: street, house number,
  // postcode, an assigned stop's distance)
  stopFinderTotal: 150 * KB,
  stopFinderEfaKit: 24 * KB,
  // the same call through EfaClient, whose methods load their operation on the first call: the whole program
  // (with subpath imports), and what it adds to Effect's floor through the index (60 kB while the list of
  // operations was a member of the `EfaClient` namespace and brought every operation; now `Operations.all`)
  efaClientTotal: 150 * KB,
  efaClientIndexAboveFloor: 40 * KB
}

const programs = [
  { name: "stopFinder via Effect", entry: "scripts/size/stopFinder-effect.ts" },
  { name: "trip via Effect", entry: "scripts/size/trip-effect.ts" },
  { name: "stopFinder via Promise", entry: "scripts/size/stopFinder-promise.ts" },
  { name: "stopFinder via Effect, index import", entry: "scripts/size/stopFinder-effect-index.ts" },
  { name: "stopFinder via EfaClient", entry: "scripts/size/stopFinder-efaClient-subpath.ts" },
  { name: "stopFinder via EfaClient, index import", entry: "scripts/size/stopFinder-efaClient.ts" },
  { name: "Effect floor (HttpClient + Schema)", entry: "scripts/size/effect-floor.ts" }
]

// What a browser loads to run the program: the entry chunk and the chunks it imports statically. Code
// behind a dynamic import (each operation's rapidJSON codec) goes into chunks of its own, loaded on use.
const bundle = async (entry, external = []) => {
  const result = await esbuild.build({
    entryPoints: [Path.join(root, entry)],
    absWorkingDir: root,
    bundle: true,
    splitting: true,
    outdir: Path.join(root, "dist-size"),
    minify: true,
    format: "esm",
    platform: "browser",
    target: "es2022",
    external,
    metafile: true,
    write: false,
    logLevel: "silent",
    // the floor program asks the stop finder's path without bundling efa-kit
    define: { STOP_FINDER_PATH: JSON.stringify(Operations.all.stopFinder.path) }
  })
  const outputs = result.metafile.outputs
  // the program's own output: the chunks of dynamic imports are entry points of the metafile too
  const entryName = Object.keys(outputs).find((name) => outputs[name].entryPoint === entry)
  const loaded = new Set()
  const visit = (name) => {
    if (loaded.has(name)) return
    loaded.add(name)
    for (const imported of outputs[name].imports) {
      if (imported.kind === "import-statement" && !imported.external) visit(imported.path)
    }
  }
  visit(entryName)
  const files = result.outputFiles.filter((file) => loaded.has(Path.relative(root, file.path)))
  const code = Buffer.concat(files.map((file) => file.contents))
  // the modules that left code in what is loaded, with the bytes they left
  const inputs = [...loaded].flatMap((name) =>
    Object.entries(outputs[name].inputs).filter(([, input]) => input.bytesInOutput > 0)
  )
  const deferred = result.outputFiles.filter((file) => !loaded.has(Path.relative(root, file.path)))
  return {
    bytes: code.length,
    gzip: Zlib.gzipSync(code, { level: 9 }).length,
    deferredGzip: deferred.reduce((sum, file) => sum + Zlib.gzipSync(file.contents, { level: 9 }).length, 0),
    inputs: inputs.map(([path]) => path),
    bytesOf: (pattern) => inputs.reduce((sum, [path, input]) => sum + (pattern.test(path) ? input.bytesInOutput : 0), 0)
  }
}

const kb = (bytes) => `${(bytes / KB).toFixed(1)} kB`

const rows = []
for (const program of programs) {
  const whole = await bundle(program.entry)
  // efa-kit's own share: the same program with Effect left out of the bundle
  const own = await bundle(program.entry, ["effect", "effect/*", "@effect/platform", "@effect/platform/*"])
  const testOnly = whole.inputs.filter((input) => /core\/dist\/Arbitraries\.js$/.test(input))
  const fastCheck = whole.bytesOf(/fast-check/)
  const operations = whole.inputs
    .map((input) => operationModule.exec(input)?.[1])
    .filter((name) => name !== undefined)
  rows.push({ ...program, whole, own, testOnly, operations, fastCheck })
}

const floor = rows.find((row) => row.name.startsWith("Effect floor")).whole.gzip
console.log("program                              gzip      minified   efa-kit's own (gzip)   above the floor   deferred (gzip)   operations loaded")
for (const row of rows) {
  const isFloor = row.name.startsWith("Effect floor")
  console.log(
    [
      row.name.padEnd(36),
      kb(row.whole.gzip).padStart(9),
      kb(row.whole.bytes).padStart(10),
      (isFloor ? "-" : kb(row.own.gzip)).padStart(22),
      (isFloor ? "-" : kb(row.whole.gzip - floor)).padStart(17),
      kb(row.whole.deferredGzip).padStart(17),
      "  " + (row.operations.join(", ") || "-")
    ].join(" ")
  )
}

const failures = []
// Effect's Schema module itself keeps a little of fast-check; a program may not keep more
const floorFastCheck = rows.find((row) => row.name.startsWith("Effect floor")).fastCheck
for (const row of rows) {
  if (row.fastCheck > floorFastCheck) {
    failures.push(`${row.name} bundles ${row.fastCheck - floorFastCheck} bytes more of fast-check than Effect's floor`)
  }
}
const byName = (name) => rows.find((row) => row.name === name)
const efaClient = byName("stopFinder via EfaClient")
if (efaClient.whole.gzip > BUDGET.efaClientTotal) {
  failures.push(`the EfaClient program is ${kb(efaClient.whole.gzip)} gzip, above ${kb(BUDGET.efaClientTotal)}`)
}
const efaClientIndex = byName("stopFinder via EfaClient, index import")
if (efaClientIndex.whole.gzip - floor > BUDGET.efaClientIndexAboveFloor) {
  failures.push(
    `the EfaClient program through the index is ${kb(efaClientIndex.whole.gzip - floor)} above Effect's floor, ` +
      `above ${kb(BUDGET.efaClientIndexAboveFloor)}`
  )
}
const stopFinder = rows[0]
if (stopFinder.whole.gzip > BUDGET.stopFinderTotal) {
  failures.push(`the stopFinder program is ${kb(stopFinder.whole.gzip)} gzip, above ${kb(BUDGET.stopFinderTotal)}`)
}
if (stopFinder.own.gzip > BUDGET.stopFinderEfaKit) {
  failures.push(`efa-kit's share of the stopFinder program is ${kb(stopFinder.own.gzip)}, above ${kb(BUDGET.stopFinderEfaKit)}`)
}
for (const row of rows) {
  if (row.testOnly.length > 0) {
    failures.push(`${row.name} bundles test-only code (${row.testOnly.length} modules): ${row.testOnly.slice(0, 3).join(", ")}, ...`)
  }
  if (
    /^stopFinder via (Effect|Promise|EfaClient)(, index import)?$/.test(row.name) &&
    row.operations.some((name) => name !== "StopFinder")
  ) {
    failures.push(`${row.name} bundles other operations: ${row.operations.join(", ")}`)
  }
}
console.log(
  `\nbudget: stopFinder program <= ${kb(BUDGET.stopFinderTotal)} gzip, efa-kit's share <= ${kb(BUDGET.stopFinderEfaKit)}; ` +
    `through EfaClient <= ${kb(BUDGET.efaClientTotal)} gzip, through the index <= ${
      kb(BUDGET.efaClientIndexAboveFloor)
    } above the floor`
)
if (failures.length > 0) {
  for (const failure of failures) console.error(`over budget: ${failure}`)
  process.exit(1)
}
console.log("within budget")
