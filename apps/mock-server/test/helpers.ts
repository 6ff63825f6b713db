import { Effect } from "effect"
import { type AppOptions, loadEmbeddedDataset, makeMockServer, type MockServer } from "../src/index.js"

/** The embedded dataset, loaded once per test file. */
export const dataset = await Effect.runPromise(loadEmbeddedDataset)

/** A fresh fake over the embedded dataset; unexpected failures are collected instead of logged. */
export const fake = (options: Partial<AppOptions> = {}): MockServer & { readonly errors: Array<unknown> } => {
  const errors: Array<unknown> = []
  const server = makeMockServer({ dataset, onError: (error) => errors.push(error), ...options })
  return { ...server, errors }
}

export type Params = ReadonlyArray<readonly [string, string]> | Record<string, string>

/** A query string as a client builds it (URLSearchParams encoding). */
export const queryOf = (params: Params): string =>
  new URLSearchParams(Array.isArray(params) ? (params as Array<[string, string]>) : Object.entries(params)).toString()

export interface Answer {
  readonly status: number
  readonly headers: Headers
  readonly text: string
  readonly json: any
}

/** Sends a request to an app in process and reads the whole answer. */
export const call = async (
  server: { readonly app: MockServer["app"] },
  path: string,
  params: Params = {},
  init?: RequestInit
): Promise<Answer> => {
  const query = queryOf(params)
  const response = await server.app.request(`${path}${query === "" ? "" : "?" + query}`, init)
  const text = await response.text()
  let json: unknown
  try {
    json = text === "" ? undefined : JSON.parse(text)
  } catch {
    json = undefined
  }
  return { status: response.status, headers: response.headers, text, json }
}

/** Sends an admin request with a JSON body. */
export const admin = async (
  server: { readonly app: MockServer["app"] },
  method: string,
  path: string,
  body?: unknown
): Promise<Answer> => {
  const response = await server.app.request(`/__admin/${path}`, {
    method,
    ...(body !== undefined ? { body: JSON.stringify(body), headers: { "content-type": "application/json" } } : {})
  })
  const text = await response.text()
  return { status: response.status, headers: response.headers, text, json: text === "" ? undefined : JSON.parse(text) }
}

/** A coordinate as requests carry it. */
export const coordParam = (lat: number, lon: number): string => `${lon}:${lat}:WGS84[dd.ddddd]`
