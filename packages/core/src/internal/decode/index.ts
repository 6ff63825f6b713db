// Layer `decode/`: reading answers. The fast decoder compiled from response schemas (`fastDecode.ts`), instants
// (`instant.ts`), describing a parse failure without throwing (`describe.ts`), the notices' de-duplication
// (`dedupe.ts`) and answers as plain values for the Promise client (`plain.ts`).
// May import: `schema/` and `decode/`; never `executor/` or `rapidjson/` (`test/ImportCycles.test.ts` holds it).
export {}
