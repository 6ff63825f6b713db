#!/usr/bin/env node
// The `efa-mock-server` command. It runs the built server (`dist/main.js`). With `--from-source` (what the
// repository's `pnpm start` passes), or when nothing is built yet, it first bundles the TypeScript sources
// of the fake and of `@efa-kit/core` with esbuild (a fraction of a second; the type check is left to
// `pnpm test`), so that a fresh clone serves within seconds.
import { existsSync } from "node:fs"
import { fileURLToPath, pathToFileURL } from "node:url"

const args = process.argv.slice(2)
const fromSource = args[0] === "--from-source"
if (fromSource) process.argv.splice(2, 1)
const built = fileURLToPath(new URL("../dist/main.js", import.meta.url))
const source = fileURLToPath(new URL("../src/main.ts", import.meta.url))
// Two folders below the package, as `src/<folder>/` is: the dataset and the page are found the same way.
const bundle = fileURLToPath(new URL("../.start/bundle/main.mjs", import.meta.url))

const loadEsbuild = async () => {
  try {
    return await import("esbuild")
  } catch {
    return undefined
  }
}

if (!fromSource && existsSync(built)) {
  await import(pathToFileURL(built).href)
} else {
  const esbuild = existsSync(source) ? await loadEsbuild() : undefined
  if (esbuild === undefined) {
    console.error("efa-mock-server: dist/main.js is missing; run `pnpm build` (or `tsc -b`) in the package first")
    process.exit(1)
  }
  const quiet = args.includes("--help")
  if (!quiet) console.log("efa-mock-server: bundling the sources of the fake and of @efa-kit/core (esbuild)...")
  const started = Date.now()
  await esbuild.build({
    entryPoints: [source],
    outfile: bundle,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    // The workspace's own packages from their sources; every other package as installed.
    conditions: ["@efa-kit/source"],
    plugins: [{
      name: "external-packages",
      setup(build) {
        build.onResolve({ filter: /^[^./]/ }, (resolved) =>
          resolved.path.startsWith("@efa-kit/") ? undefined : { path: resolved.path, external: true })
      }
    }],
    sourcemap: "inline",
    logLevel: "error"
  })
  if (!quiet) console.log(`efa-mock-server: bundled in ${Date.now() - started} ms; starting...`)
  await import(pathToFileURL(bundle).href)
}
