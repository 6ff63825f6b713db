// Layer `schema/`: the request side's building blocks. Wire parameter schemas (`params.ts`, `wireValues.ts`,
// `segments.ts`, `latLonPairs.ts`), the parameter table and its row kinds (`paramTable.ts`, `families.ts`,
// `dateTimeParam.ts`), the query codec and `defineQuery` (`query.ts`, `perTimeZone.ts`), hand-written checks
// turned into the parser's issues (`parsed.ts`), test-data hints (`arbitraryHint.ts`), the operations'
// names (`operationNames.ts`), table-only operations (`tableOperation.ts`) and a deployment's product classes
// both ways (`productClasses.ts`) and its own parameter names (`renames.ts`): `Profile` and `Operation` read
// them, and the executor builds on those two, so they sit below it.
// May import: other modules of `schema/` and core's public modules below the operations (`Point`,
// `LocalDateTime`, ...); never `decode/`, `executor/` or `rapidjson/` (`test/ImportCycles.test.ts` holds it).
export {}
