// Layer `watch/`: the one poll loop of the board, notice and trip watches (`poll.ts`): the floor between polls,
// which failures end a watch and which are reported and survived.
// May import: `watch/` only; the watches' public modules bring what they poll.
export {}
