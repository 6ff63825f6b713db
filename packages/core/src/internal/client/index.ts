// Layer `client/`: what both clients build their methods from. Each operation of the list (`../../Operations.ts`)
// loaded on first use (`load.ts`), the list of derived calls (`derived.ts`: pages, the refresh of a trip, the
// watches, each module loaded with its first call), and the modules the index names the modules loaded on demand
// through (`lazy/`).
// May import: `schema/`, `watch/` (the watches the derived calls run) and `client/`; the public modules it lists and
// loads.
export {}
