// Type-checks the workspace with TypeScript 5.9 as `tsc -b` does, without touching what TypeScript 7's build
// (`pnpm build`) wrote: each project of the root `tsconfig.json` gets a config in its own
// `build/typescript-5/` that extends it and sends its output and build info there. The packages' `dist/` stays
// TypeScript 7's, which is what is published and what the other checks read, so this check can run beside them.
// A project that imports a workspace package by name sees that package's published types; one that imports
// another project's sources sees TypeScript 5.9's declarations of them, as `tsc -b` would.
//
//   pnpm check:ts5
import { spawnSync } from "node:child_process"
import { mkdirSync, writeFileSync } from "node:fs"
import { basename, dirname, join, relative, resolve } from "node:path"
import ts from "typescript"

const root = resolve(import.meta.dirname, "..")
const overlayDir = (config) => join(dirname(config), "build", "typescript-5")
const overlayOf = (config) => join(overlayDir(config), basename(config))
const configPath = (from, path) => {
  const target = resolve(dirname(from), path)
  return ts.sys.directoryExists(target) ? join(target, "tsconfig.json") : target
}
const read = (config) => {
  const { config: json, error } = ts.readConfigFile(config, ts.sys.readFile)
  if (error !== undefined) throw new Error(ts.flattenDiagnosticMessageText(error.messageText, "\n"))
  return json
}
const emits = (config) => {
  const { options } = ts.getParsedCommandLineOfConfigFile(config, undefined, {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: () => {}
  })
  return options.noEmit !== true
}
// a path as a config in `from`'s folder writes it
const relativeTo = (from, to) => {
  const path = relative(dirname(from), to)
  return path.startsWith(".") ? path : `./${path}`
}

const written = new Set()
const writeOverlay = (config) => {
  if (written.has(config)) return overlayOf(config)
  written.add(config)
  const overlay = overlayOf(config)
  const references = (read(config).references ?? []).map(({ path }) => ({
    path: relativeTo(overlay, writeOverlay(configPath(config, path)))
  }))
  mkdirSync(dirname(overlay), { recursive: true })
  const name = basename(config, ".json")
  writeFileSync(
    overlay,
    JSON.stringify(
      {
        extends: relativeTo(overlay, config),
        compilerOptions: {
          outDir: "dist",
          tsBuildInfoFile: `${name}.tsbuildinfo`,
          // a project that emits writes its declarations only, without maps: what a project that references it
          // reads; the JavaScript is TypeScript 7's
          ...(emits(config) ? { emitDeclarationOnly: true, declarationMap: false, sourceMap: false } : {})
        },
        references
      },
      null,
      2
    )
  )
  return overlay
}

const rootConfig = join(root, "tsconfig.json")
const rootOverlay = join(root, "build", "typescript-5", "tsconfig.json")
mkdirSync(dirname(rootOverlay), { recursive: true })
writeFileSync(
  rootOverlay,
  JSON.stringify(
    {
      files: [],
      references: (read(rootConfig).references ?? []).map(({ path }) => ({
        path: relativeTo(rootOverlay, writeOverlay(configPath(rootConfig, path)))
      }))
    },
    null,
    2
  )
)

const tsc = join(root, "node_modules", "typescript", "bin", "tsc")
const result = spawnSync(process.execPath, [tsc, "-b", rootOverlay, ...process.argv.slice(2)], { stdio: "inherit" })
process.exit(result.status ?? 1)
