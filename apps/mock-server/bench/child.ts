/**
 * Starting and talking to a `bench/server.ts` process.
 */
import { fork } from "node:child_process"
import { fileURLToPath } from "node:url"
import type { Command, Report } from "./server.js"

/** What a server process reports about itself. */
export interface Usage {
  readonly rss: number
  readonly heapUsed: number
  readonly cpuMicros: number
}

/** A running server process. */
export interface ServerProcess {
  readonly port: number
  readonly url: string
  /** Memory in bytes and CPU time used so far in microseconds. */
  readonly memory: (options?: { readonly gc?: boolean }) => Promise<Usage>
  readonly close: () => Promise<void>
}

const script = fileURLToPath(new URL("./server.ts", import.meta.url))

/** Forks `bench/server.ts` with the given arguments and waits until it listens. */
export const startServerProcess = (args: ReadonlyArray<string>): Promise<ServerProcess> =>
  new Promise((resolve, reject) => {
    const child = fork(script, [...args], {
      execArgv: ["--import", "tsx", "--expose-gc"],
      stdio: ["ignore", "inherit", "inherit", "ipc"]
    })
    const exited = new Promise<void>((done) => child.once("exit", () => done()))
    child.once("error", reject)
    child.once("exit", (code) => reject(new Error(`the server process exited with ${code}`)))
    const waiting: Array<(report: Report & { type: "memory" }) => void> = []
    child.on("message", (report: Report) => {
      if (report.type === "memory") waiting.shift()?.(report)
      if (report.type !== "ready") return
      resolve({
        port: report.port,
        url: `http://127.0.0.1:${report.port}`,
        memory: (options) =>
          new Promise((answer) => {
            waiting.push(({ cpuMicros, heapUsed, rss }) => answer({ rss, heapUsed, cpuMicros }))
            child.send({ type: "memory", gc: options?.gc === true } satisfies Command)
          }),
        close: () => {
          child.send({ type: "close" } satisfies Command)
          return exited
        }
      })
    })
  })
