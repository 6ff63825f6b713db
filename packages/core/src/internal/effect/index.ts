// Layer `effect/`: every place where the client leans on how Effect 3 works inside, for speed, behind a short
// surface. A move to another major version of Effect rewrites this folder and its agreement tests
// (`test/effectInternals.test.ts`, `test/fastDecode.test.ts`), not the executor:
// - `fastDecode.ts`: the fast decoder compiled from a Schema's AST, mirroring Effect 3.22's parser
//   (`FastPredicateId`, `FastDecodeId`, `NoMatch`, `fastDecoder`, `makeDecoder`, `makeJsonDecoder`);
// - `callSpan.ts`: a call's span made as `Effect.useSpan` makes it, from the fiber's refs read in one step
//   (`callSpanOptions`, `withCallSpan`);
// - `requestRefs.ts`: a request run with services added and the platform's HTTP span off, set in the fiber's
//   refs in one step (`withRequestRefs`);
// - `schedule.ts`: a user's `Schedule` stepped by hand between attempts (`scheduleStepper`);
// - `fiberLocal.ts`: a value local to a fiber (`makeFiberLocal`);
// - `clock.ts`: the live clock told from a test clock, and the longest timer (`isLiveClock`, `MAX_TIMER_MILLIS`);
// - `utc.ts`: UTC instants from epoch milliseconds without a `Date` (`utcFromMillis`).
// May import: `effect/` only (and Effect's packages); every other layer may import it
// (`test/ImportCycles.test.ts` holds it).
export {}
