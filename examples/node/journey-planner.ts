// A terminal journey planner with "earlier" and "later", on the Promise client: it shows a page of trips,
// then reads a key: `e` earlier, `l` later, `q` quit. Without a terminal (piped input, the test) it shows the
// first page, two later pages and one earlier, and ends.
//   pnpm example examples/node/journey-planner.ts [from] [to]   (with the fake running: pnpm start)
import { Point } from "@efa-kit/core"
import { createClient } from "@efa-kit/core/promise"
import * as readline from "node:readline"

const efa = createClient({ baseUrl: process.env.EFA_BASE_URL ?? "http://localhost:8080" })
const [from = "Stuttgart Hbf", to = "Böblingen"] = process.argv.slice(2)

const time = (date: Date) =>
  date.toLocaleTimeString("de-DE", { hour: "2-digit", minute: "2-digit", timeZone: "Europe/Berlin" })

type Page = Awaited<ReturnType<typeof efa.trip>>

const show = (title: string, page: Page) => {
  console.log(`-- ${title}`)
  for (const trip of page.trips) {
    const first = trip.legs[0]
    const last = trip.legs.at(-1)
    if (first === undefined || last === undefined) continue
    const rides = trip.legs.filter((leg) => leg.mode.mot !== 99 && leg.mode.mot !== 100)
    console.log(
      `${time(first.origin.departureTimePlanned)} → ${time(last.destination.arrivalTimePlanned)}  ` +
        `${Math.round(trip.duration / 60)} min  ${rides.map((leg) => leg.mode.name).join(", ")}`
    )
  }
}

const keys = async function*(): AsyncGenerator<string> {
  if (!process.stdin.isTTY) {
    yield* ["l", "l", "e"]
    return
  }
  readline.emitKeypressEvents(process.stdin)
  process.stdin.setRawMode(true)
  console.log("e: earlier, l: later, q: quit")
  try {
    for (;;) {
      const key = await new Promise<string>((resolve) =>
        process.stdin.once("keypress", (text: string | undefined) => resolve(text ?? ""))
      )
      if (key === "q" || key === "\u0003") return
      yield key
    }
  } finally {
    process.stdin.setRawMode(false)
    process.stdin.pause()
  }
}

try {
  let page = await efa.trip({ origin: Point.any(from), destination: Point.any(to) })
  show(`${from} → ${to}`, page)
  // the references are strings: they could as well be stored and used later
  let earlier = page.earlier
  let later = page.later
  for await (const key of keys()) {
    if (key !== "e" && key !== "l") continue
    page = await efa.trip({ page: key === "e" ? earlier : later })
    show(key === "e" ? "earlier" : "later", page)
    if (key === "e") earlier = page.earlier
    else later = page.later
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error)
  process.exitCode = 1
} finally {
  await efa.close()
}
