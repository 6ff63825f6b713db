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
const overlayOf = (config) => join(dirname(config), "build", "typescript-5", basename(config))
const parse = (config) =>
  ts.getParsedCommandLineOfConfigFile(config, undefined, {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
      throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n"))
    }
  })
// a path as a config in `from`'s folder writes it
const relativeTo = (from, to) => {
  const path = relative(dirname(from), to)
  return path.startsWith(".") ? path : `./${path}`
}

// Writes the overlay of a config and of every config it references; returns the overlay's path.
const written = new Set()
const writeOverlay = (config) => {
  const overlay = overlayOf(config)
  if (written.has(config)) return overlay
  written.add(config)
  const { options, projectReferences = [] } = parse(config)
  const references = projectReferences.map((reference) => ({
    path: relativeTo(overlay, writeOverlay(ts.resolveProjectReferencePath(reference)))
  }))
  mkdirSync(dirname(overlay), { recursive: true })
  writeFileSync(
    overlay,
    JSON.stringify(
      {
        extends: relativeTo(overlay, config),
        compilerOptions: {
          outDir: "dist",
          tsBuildInfoFile: `${basename(config, ".json")}.tsbuildinfo`,
          // a project that writes declarations writes only them, without maps: what a project that references it
          // reads; the JavaScript is TypeScript 7's
          ...(options.noEmit !== true && (options.declaration === true || options.composite === true)
            ? { emitDeclarationOnly: true, declarationMap: false, sourceMap: false }
            : {})
        },
        references
      },
      null,
      2
    )
  )
  return overlay
}

const rootOverlay = writeOverlay(join(root, "tsconfig.json"))

const tsc = join(root, "node_modules", "typescript", "bin", "tsc")
const result = spawnSync(process.execPath, [tsc, "-b", rootOverlay, ...process.argv.slice(2)], { stdio: "inherit" })
process.exit(result.status ?? 1)
