import * as responses from "./responses.js"
for (const [n, d] of [["trip", responses.trip()], ["rtrip", responses.rapidJsonTrip()], ["dep", responses.board()], ["rdep", responses.rapidJsonBoard()]] as const) {
  const all: Array<string> = []
  JSON.stringify(d, (k, v) => { if (typeof v === "string" && /^\d{4}-\d\d-\d\dT/.test(v)) all.push(v); return v })
  console.log(n, all.length, new Set(all).size)
}
