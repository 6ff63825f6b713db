// `pnpm release`: checks the packed packages, then publishes every package whose version is not on the
// registry yet (`changeset publish`, which also tags the release). `pnpm release --dry-run` runs the same
// checks and a dry-run publish of every package, and needs no login: CI runs it.
import { execFileSync } from "node:child_process"
import { readdirSync } from "node:fs"
import { join, resolve } from "node:path"

const root = resolve(import.meta.dirname, "..")
const dryRun = process.argv.includes("--dry-run")
const run = (command, args) => execFileSync(command, args, { cwd: root, stdio: "inherit" })

const pending = readdirSync(join(root, ".changeset")).filter((f) => f.endsWith(".md") && f !== "README.md")
if (pending.length > 0 && !dryRun) {
  console.error(
    `${pending.length} changeset(s) not yet applied (${pending.join(", ")}): run \`pnpm version-packages\`, ` +
      "review and commit the new versions and CHANGELOGs, then release."
  )
  process.exit(1)
}

run("pnpm", ["run", "check:packages"])
if (dryRun) {
  run("pnpm", ["publish", "--recursive", "--dry-run", "--no-git-checks", "--access", "public"])
  console.log(`release dry run: packages checked and packed; ${pending.length} changeset(s) pending`)
} else {
  run("pnpm", ["exec", "changeset", "publish"])
}
