// `Operations` as the index names it: the list imports every operation's module, named through this one so that
// a bundle of a program that does not name the list leaves them out (see `../load.ts`).
export * from "../../../Operations.js"
