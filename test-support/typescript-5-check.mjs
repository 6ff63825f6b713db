// Type-checks a project with TypeScript 5.9's API as `tsc -p <tsconfig> --noEmit` with `skipLibCheck` off does,
// but only in the project's own files and efa-kit's declarations (any file outside a `node_modules` folder):
// Effect's and Node's declarations are read, not checked. TypeScript 7 checks those in full with the same
// settings in `pnpm test`; in 5.9 they take four fifths of the time. Prints the diagnostics as `--pretty false`
// does and exits with 2 when there is one.
//
//   node test-support/typescript-5-check.mjs <tsconfig.json>
import ts from "typescript"

const host = {
  getCanonicalFileName: (name) => name,
  getCurrentDirectory: ts.sys.getCurrentDirectory,
  getNewLine: () => ts.sys.newLine
}
const report = (diagnostics) => {
  if (diagnostics.length === 0) return
  process.stdout.write(ts.formatDiagnostics(diagnostics, host))
  process.exit(2)
}

const parsed = ts.getParsedCommandLineOfConfigFile(process.argv[2], undefined, {
  ...ts.sys,
  onUnRecoverableConfigFileDiagnostic: (diagnostic) => report([diagnostic])
})
report(parsed.errors)
const program = ts.createProgram({
  rootNames: parsed.fileNames,
  options: parsed.options,
  projectReferences: parsed.projectReferences
})
// file names are real paths: a linked workspace package's files are outside every node_modules folder
const checked = program.getSourceFiles().filter((file) => !file.fileName.includes("/node_modules/"))
report([
  ...program.getOptionsDiagnostics(),
  ...program.getGlobalDiagnostics(),
  ...checked.flatMap((file) => [...program.getSyntacticDiagnostics(file), ...program.getSemanticDiagnostics(file)])
])
