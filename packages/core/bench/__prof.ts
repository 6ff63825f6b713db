import { DateTime, FastCheck, Schema } from "effect"
const root = process.argv[2]!
const op = process.argv[3]!
const dir = process.argv[4]!
const index = await import(`${root}/packages/core/src/index.ts`)
const arb = await import(`/tmp/params-base/packages/core/src/Arbitraries.ts`)
const old = await import(`/tmp/params-base/packages/core/src/index.ts`)
const context = { timeZone: DateTime.zoneUnsafeMakeNamed("Europe/Berlin") }
const requests = FastCheck.sample(arb.make(old.EfaClient.operations[op].request), { numRuns: 200, seed: 42 })
const query = index.EfaClient.operations[op].query(context)
const encode = Schema.encodeSync(query), decode = Schema.decodeSync(query)
const strings = requests.map((r: any) => index.Operation.toQueryString(encode(r)))
const start = performance.now()
for (let i = 0; i < 150; i++) {
  if (dir === "decode") for (const s of strings) decode(index.Operation.fromQueryString(s))
  else for (const r of requests) index.Operation.toQueryString(encode(r))
}
console.log(root, op, dir, ((performance.now() - start) / 150 / 200 * 1000).toFixed(1), "µs")
