// A throwaway Redis for the tests and the many-instances benchmark: Debian's `redis-server` (REDIS_SERVER
// names another binary), started on a free loopback port without persistence, stopped after.
import { type ChildProcess, spawn } from "node:child_process"
import * as fs from "node:fs"
import * as net from "node:net"

/** The redis-server binary. */
export const REDIS_SERVER = process.env.REDIS_SERVER ?? "/usr/bin/redis-server"

/** Whether it is installed; the tests that need it are skipped, saying so, where it is not. */
export const hasRedis = fs.existsSync(REDIS_SERVER)

/** A running Redis. */
export interface RunningRedis {
  readonly host: string
  readonly port: number
  readonly url: string
  readonly process: ChildProcess
  readonly stop: () => Promise<void>
}

// A port the system just handed out (port 0), free again once the probe closes.
const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const server = net.createServer()
    server.once("error", reject)
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo
      server.close(() => resolve(port))
    })
  })

const answersPing = (port: number): Promise<boolean> =>
  new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1")
    let reply = ""
    socket.setTimeout(500)
    socket.on("connect", () => socket.write("PING\r\n"))
    socket.on("data", (data) => {
      reply += data.toString()
      if (reply.includes("\r\n")) {
        socket.destroy()
        resolve(reply.startsWith("+PONG"))
      }
    })
    socket.on("error", () => resolve(false))
    socket.on("timeout", () => {
      socket.destroy()
      resolve(false)
    })
  })

/** Starts redis-server on a free loopback port and waits until it answers PING. */
export const startRedis = async (): Promise<RunningRedis> => {
  for (let attempt = 0; attempt < 3; attempt++) {
    const port = await freePort()
    const child = spawn(REDIS_SERVER, [
      "--port",
      String(port),
      "--bind",
      "127.0.0.1",
      "--save",
      "",
      "--appendonly",
      "no",
      "--protected-mode",
      "yes",
      "--loglevel",
      "warning"
    ], { stdio: ["ignore", "ignore", "pipe"] })
    let exited = false
    child.once("exit", () => {
      exited = true
    })
    for (let i = 0; i < 100 && !exited; i++) {
      if (await answersPing(port)) {
        const stop = () =>
          new Promise<void>((resolve) => {
            if (exited) return resolve()
            child.once("exit", () => resolve())
            child.kill("SIGTERM")
          })
        return { host: "127.0.0.1", port, url: `redis://127.0.0.1:${port}`, process: child, stop }
      }
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
    if (!exited) child.kill("SIGKILL")
  }
  throw new Error(`${REDIS_SERVER} did not start`)
}
