// Runs the example: the fake EFA server on its embedded dataset (port 8080, or EFA_PORT) and the page
// (port 5173, or PORT). Open the printed address; the page calls the fake across origins.
import { startServer } from "@efa-kit/mock-server"
import { servePage } from "./servePage.mjs"

const fake = await startServer({ port: Number(process.env.EFA_PORT ?? 8080) })
if (fake._tag === "Left") {
  console.error(fake.left.message)
  process.exit(1)
}
const page = await servePage(Number(process.env.PORT ?? 5173))
console.log(`fake EFA server: ${fake.right.baseUrl}`)
console.log(`open ${page.url}?efa=${encodeURIComponent(fake.right.baseUrl)}`)
