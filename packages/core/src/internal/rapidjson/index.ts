// Layer `rapidjson/`: per operation, the lenient wire schema of its rapidJSON answer and the mapping to its
// response model (`<Operation>.ts`, each loaded on demand by its descriptor's `rapidJson`), and their shared
// building blocks (`wire.ts`).
// May import: `schema/`, `decode/`, `effect/` and `rapidjson/`, and the operation modules as types only; never
// `executor/` (`test/ImportCycles.test.ts` holds it).
export {}
