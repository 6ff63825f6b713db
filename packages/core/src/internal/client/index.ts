// Layer `client/`: what `EfaClient` builds its methods from. Each operation of the list (`../../Operations.ts`),
// `Pages` and `TripRefresh` loaded on first use (`load.ts`), and the modules the index names the modules loaded
// on demand through (`lazy/`).
// May import: `schema/` and `client/`; the public modules it lists and loads.
export {}
