// Layer `decode/`: reading answers (the fast decoder compiled from response schemas is in `effect/`). Instants
// (`instant.ts`), describing a parse failure without throwing (`describe.ts`), the notices' de-duplication
// (`dedupe.ts`) and answers as plain values for the Promise client (`plain.ts`).
// May import: `schema/`, `effect/` and `decode/`; never `executor/` or `rapidjson/` (`test/ImportCycles.test.ts`
// holds it).
export {}
