import { describe, expect, it } from "@effect/vitest"
import { execFileSync } from "node:child_process"
import { readFileSync } from "node:fs"
import { dirname, join } from "node:path"
import { fileURLToPath } from "node:url"
import { missingTargets } from "../../../scripts/export-targets.mjs"

// `pnpm check:packages` refuses a tarball that lacks a file its `exports` or `bin` name. Here, the rule on
// the published packages' manifests and the files npm would pack from the built workspace, and on the same
// files without `dist/`: what a pack made before a build would hold.
const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "..")

const packedFiles = (dir: string): Array<string> => {
  const listing = execFileSync("npm", ["pack", "--dry-run", "--json", "--ignore-scripts"], {
    cwd: dir,
    encoding: "utf8",
    stdio: ["ignore", "pipe", "ignore"]
  })
  return JSON.parse(listing)[0].files.map((file: { path: string }) => file.path)
}

describe.each(["packages/core", "apps/mock-server"])("%s's exports", (pkg) => {
  const manifest = JSON.parse(readFileSync(join(root, pkg, "package.json"), "utf8"))
  const files = packedFiles(join(root, pkg))

  it("name only files of the tarball", () => {
    expect(missingTargets(manifest, files)).toEqual([])
  })

  it("are refused in a tarball without dist/, each subpath named", () => {
    const missing = missingTargets(manifest, files.filter((file) => !file.startsWith("dist/")))
    const distTargets = Object.entries(manifest.exports as Record<string, unknown>).filter(([, value]) =>
      JSON.stringify(value).includes("./dist/")
    )
    expect(distTargets.length).toBeGreaterThan(0)
    for (const [subpath] of distTargets) expect(missing.join("\n")).toContain(`${subpath} names ./dist/`)
  })

  it("build before they are packed", () => {
    expect(manifest.scripts.prepack).toBe("pnpm run build")
  })
})

describe("missingTargets", () => {
  it("reads conditions, patterns, null subpaths and bins", () => {
    const manifest = {
      exports: {
        ".": { types: "./dist/index.d.ts", default: "./dist/index.js" },
        "./*": { default: "./dist/*.js" },
        "./internal/*": null
      },
      bin: { tool: "./bin/tool.mjs" }
    }
    expect(missingTargets(manifest, ["dist/index.d.ts", "dist/index.js", "bin/tool.mjs"])).toEqual([])
    expect(missingTargets(manifest, ["dist/index.d.ts"])).toEqual([
      ". names ./dist/index.js, which is not in the tarball",
      "./* names ./dist/*.js, which is not in the tarball",
      "bin tool names ./bin/tool.mjs, which is not in the tarball"
    ])
    expect(missingTargets(manifest, ["dist/index.d.ts", "dist/index.js"])).toEqual([
      "bin tool names ./bin/tool.mjs, which is not in the tarball"
    ])
    expect(missingTargets({ exports: "./main.js" }, [])).toEqual([". names ./main.js, which is not in the tarball"])
  })
})
