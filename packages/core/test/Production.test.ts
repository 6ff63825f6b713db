import { describe, expect, it } from "@effect/vitest"
import * as Fs from "node:fs"
import * as Path from "node:path"
import { fileURLToPath } from "node:url"

const src = Path.join(Path.dirname(fileURLToPath(import.meta.url)), "../src")
const sources = (Fs.readdirSync(src, { recursive: true }) as Array<string>)
  .filter((file) => file.endsWith(".ts"))
  .map((file) => ({ file, text: Fs.readFileSync(Path.join(src, file), "utf8") }))

// Only the generators' own module may hold them: everything else ends up in applications' bundles.
const production = sources.filter(({ file }) => file !== "Arbitraries.ts")

describe("production modules", () => {
  it("hold no test generator and do not load fast-check", () => {
    expect(production.length).toBeGreaterThan(20)
    for (const { file, text } of production) {
      expect(text, file).not.toMatch(
        /from "effect\/(Arbitrary|FastCheck)"|\b(Arbitrary|FastCheck)\b[^\n]*from "effect"/
      )
      expect(text, file).not.toMatch(/\barbitrary:\s*\(/)
      expect(text, file).not.toMatch(/from "\.\.?\/Arbitraries\.js"/)
    }
  })
})
