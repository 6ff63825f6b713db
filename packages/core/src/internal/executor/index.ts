// Layer `executor/`: the client's executor, one module per step of a call (CONTRIBUTING, "The client's
// executor"): building the request (`request.ts`, `deployment.ts`), sending
// it (`send.ts`, `timeout.ts`, `redirect.ts`, `body.ts`, `networkCause.ts`), interpreting the answer
// (`interpret.ts`, `dialect.ts`), around the attempts (`client.ts`, `retry.ts`, `limiter.ts`)
// and around the executor (`sharing.ts`, `responseCache.ts`, `coalesce.ts`, `sharedLimiter.ts`).
// Effect's internals it leans on (a call's span, the request's fiber refs, schedule stepping) are in `effect/`.
// May import: `schema/`, `decode/`, `effect/` and `executor/`; never `rapidjson/`, whose codecs load through the
// operations' descriptors (`test/ImportCycles.test.ts` holds it).
export {}
