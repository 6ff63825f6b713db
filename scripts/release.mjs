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
  // npm lists every file of every tarball; check:packages has checked them, so print only what would be published
  const output = execFileSync(
    "pnpm",
    ["publish", "--recursive", "--dry-run", "--no-git-checks", "--access", "public"],
    { cwd: root, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] }
  )
  for (const line of output.split("\n").filter((l) => l.startsWith("+ "))) console.log(`would publish ${line.slice(2)}`)
  console.log(`release dry run: packages checked and packed; ${pending.length} changeset(s) pending`)
} else {
  run("pnpm", ["exec", "changeset", "publish"])
}
