// Runs the example: the fake EFA server on its embedded dataset (port 8080, or EFA_PORT) and the page
// (port 5173, or PORT). A port that is taken gives way to a free one. Open the printed address; the page
// calls the fake across origins.
import { startServer } from "@efa-kit/mock-server"
import { servePage } from "./servePage.mjs"

const inUse = (error) => error?.code === "EADDRINUSE"

// A port in use (another fake, another dev server) is no reason to stop: take a free one and say so.
const onPort = async (what, port, start) => {
  try {
    return await start(port)
  } catch (error) {
    if (!inUse(error)) throw error
    console.log(`port ${port} is in use: the ${what} takes a free one`)
    return start(0)
  }
}

const fake = await onPort("fake EFA server", Number(process.env.EFA_PORT ?? 8080), (port) => startServer({ port }))
if (fake._tag === "Left") {
  console.error(fake.left.message)
  process.exit(1)
}
const page = await onPort("page", Number(process.env.PORT ?? 5173), servePage)
console.log(`fake EFA server: ${fake.right.baseUrl}`)
console.log(`open ${page.url}?efa=${encodeURIComponent(fake.right.baseUrl)}`)
