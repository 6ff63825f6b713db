// Bundles the page's script for the browser into dist/main.js; code loaded on demand (the rapidJSON
// dialect's codecs) goes into chunks next to it.
import * as esbuild from "esbuild"
import * as Path from "node:path"
import { fileURLToPath } from "node:url"

const here = Path.dirname(fileURLToPath(import.meta.url))

/** Builds the bundle; returns its size in bytes. */
export const build = async () => {
  const result = await esbuild.build({
    entryPoints: [Path.join(here, "src/main.ts")],
    outdir: Path.join(here, "dist"),
    entryNames: "main",
    bundle: true,
    splitting: true,
    minify: true,
    sourcemap: true,
    format: "esm",
    platform: "browser",
    target: "es2022",
    metafile: true,
    logLevel: "warning"
  })
  return Object.values(result.metafile.outputs).find((output) => output.entryPoint !== undefined)?.bytes ?? 0
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const bytes = await build()
  console.log(`dist/main.js: ${(bytes / 1000).toFixed(1)} kB`)
}
