import { DateTime, FastCheck, Schema } from "effect"
const load = async (root: string) => ({
  index: await import(`${root}/packages/core/src/index.ts`),
  arb: await import(`${root}/packages/core/src/Arbitraries.ts`)
})
const old = await load("/tmp/params-base")
const now = await load("/work/wt/params")
const context = { timeZone: DateTime.zoneUnsafeMakeNamed("Europe/Berlin") }
const ROUNDS = 40
const order = ["trip", "coordInfo", "vehicleDetail", "stopFinder", "servingLines", "addInfo", "opArea", "geoObject"]
type Fn = () => void
const cases: Array<{ key: string; fn: Fn }> = []
for (const name of order) {
  const requests = FastCheck.sample(old.arb.make(old.index.EfaClient.operations[name].request), { numRuns: 200, seed: 42 })
  for (const [label, tree] of [["before", old], ["after", now]] as const) {
    const query = tree.index.EfaClient.operations[name].query(context)
    const encode = Schema.encodeSync(query)
    const decode = Schema.decodeSync(query)
    const strings = requests.map((r) => tree.index.Operation.toQueryString(encode(r)))
    cases.push({ key: `${name} encode ${label}`, fn: () => { for (const r of requests) tree.index.Operation.toQueryString(encode(r)) } })
    cases.push({ key: `${name} decode ${label}`, fn: () => { for (const s of strings) decode(tree.index.Operation.fromQueryString(s)) } })
  }
}
const t = new Map<string, Array<number>>()
for (const c of cases) c.fn()
for (let round = 0; round < ROUNDS; round++) {
  for (let i = 0; i < cases.length; i++) {
    const c = cases[(i + round) % cases.length]!
    const start = performance.now(); c.fn(); const ms = performance.now() - start
    t.set(c.key, [...(t.get(c.key) ?? []), ms])
  }
}
const mean = (v: Array<number>) => { const s = [...v].sort((a, b) => a - b).slice(0, Math.floor(v.length * 0.9)); return s.reduce((a, b) => a + b, 0) / s.length }
const us = (k: string) => (mean(t.get(k)!) * 1000) / 200
console.log("µs per request, before / after / ratio (same run, rounds interleaved)")
let eb = 0, ea = 0, db = 0, da = 0
for (const name of order) {
  const [e0, e1, d0, d1] = [us(`${name} encode before`), us(`${name} encode after`), us(`${name} decode before`), us(`${name} decode after`)]
  eb += e0; ea += e1; db += d0; da += d1
  console.log(`${name.padEnd(14)} encode ${e0.toFixed(1).padStart(7)} ${e1.toFixed(1).padStart(7)} ${(e1 / e0).toFixed(2)}   decode ${d0.toFixed(1).padStart(7)} ${d1.toFixed(1).padStart(7)} ${(d1 / d0).toFixed(2)}`)
}
console.log(`${"all".padEnd(14)} encode ${eb.toFixed(1).padStart(7)} ${ea.toFixed(1).padStart(7)} ${(ea / eb).toFixed(2)}   decode ${db.toFixed(1).padStart(7)} ${da.toFixed(1).padStart(7)} ${(da / db).toFixed(2)}`)
