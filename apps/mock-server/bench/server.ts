/**
 * A server process for the throughput benchmark and the load test, started with `fork`, so that the
 * server and autocannon each have a core of their own.
 *
 * `tsx bench/server.ts fake [maxCachedAnswers]` serves the fake on the embedded dataset (the answer cache
 * at its default size, or the given one: `0` answers every request afresh; `-` for the default), and
 * `tsx bench/server.ts fake <maxCachedAnswers> <folder>` records every answer into a folder as well; `tsx bench/server.ts bare <path>`
 * serves a bare Hono app that answers every request with the constant body the fake gives for `<path>`
 * (same `@hono/node-server`, same body, none of the fake's work). The process sends
 * `{ type: "ready", port }` when listening and answers `{ type: "memory" }` (after a full GC with
 * `gc: true`, when run with `--expose-gc`) with its memory and the CPU time it has used.
 */
import { serve } from "@hono/node-server"
import { Effect, Either } from "effect"
import { Hono } from "hono"
import type { AddressInfo } from "node:net"
import { loadEmbeddedDataset, makeApp, startServer } from "../src/index.js"

/** A message from the parent. */
export type Command = { readonly type: "memory"; readonly gc?: boolean } | { readonly type: "close" }

/** A message to the parent. */
export type Report =
  | { readonly type: "ready"; readonly port: number }
  | { readonly type: "memory"; readonly rss: number; readonly heapUsed: number; readonly cpuMicros: number }

const send = (report: Report) => process.send?.(report)

const bare = async (path: string): Promise<number> => {
  // The body the fake would send, computed once.
  const dataset = await Effect.runPromise(loadEmbeddedDataset)
  const response = await makeApp({ dataset }).request(path)
  const body = await response.text()
  const contentType = response.headers.get("content-type") ?? "application/json"
  const app = new Hono().get("*", (c) => c.body(body, 200, { "content-type": contentType }))
  return new Promise((resolve) => {
    serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }, (info: AddressInfo) => resolve(info.port))
  })
}

const fake = async (maxCachedAnswers: string | undefined, record: string | undefined): Promise<number> => {
  const limits = maxCachedAnswers === undefined || maxCachedAnswers === "-"
    ? {}
    : { maxCachedAnswers: Number(maxCachedAnswers) }
  const running = await startServer({ port: 0, host: "127.0.0.1", limits, ...(record !== undefined ? { record } : {}) })
  if (Either.isLeft(running)) throw new Error(running.left.message)
  return running.right.port
}

const [mode, argument, record] = process.argv.slice(2)
const port = mode === "bare" ? await bare(argument ?? "/") : await fake(argument, record)
process.on("message", (command: Command) => {
  if (command.type === "close") process.exit(0)
  if (command.gc === true) globalThis.gc?.()
  const { heapUsed, rss } = process.memoryUsage()
  const { system, user } = process.cpuUsage()
  send({ type: "memory", rss, heapUsed, cpuMicros: user + system })
})
process.on("disconnect", () => process.exit(0))
send({ type: "ready", port })
