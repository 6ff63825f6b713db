// `SystemInfo` as the index names it: a module the client may load on demand (`import()`), named through this one so
// that a bundle of a program that does not use it leaves it out (see `../load.ts`).
export * from "../../../SystemInfo.js"
