#!/usr/bin/env node
/**
 * The command line entry: `efa-mock-server [--port <n>] [--dataset <folder>] [--now <instant>] [--profile <name>]
 * [--time-zone <zone>] [--host <interface>]`, with the settings `PORT`, `EFA_MOCK_DATASET`,
 * `EFA_MOCK_NOW` and `EFA_MOCK_HOST` as fallbacks. An invalid dataset stops the start with the file and
 * the path inside it, and exit code 1.
 *
 * @since 0.1.0
 */
import { Either } from "effect"
import * as path from "node:path"
import { parseArgs } from "node:util"
import { startServer } from "./server.js"

const USAGE = `Usage: efa-mock-server [options]

  --port <n>           port to listen on (default: PORT or 8080; 0 picks a free port)
  --dataset <folder>   dataset folder (default: EFA_MOCK_DATASET or the embedded dataset)
  --now <instant>      the fake's clock, ISO 8601 with zone (default: EFA_MOCK_NOW or the dataset's)
  --time-zone <zone>   the deployment's IANA time zone (default: the dataset's, Europe/Berlin)
  --host <interface>   interface to listen on (default: EFA_MOCK_HOST or every interface)
  --profile <name>     also answer on a deployment profile's paths, with its API-key check (tfnsw, ...)
  --help               show this text
`

const fail = (message: string): never => {
  console.error(`efa-mock-server: ${message}`)
  process.exit(1)
}

const main = async (): Promise<void> => {
  let values: Record<string, string | boolean | undefined>
  try {
    // `pnpm start -- --port 0` passes the `--` on; options after it are still options here.
    const args = process.argv.slice(2)
    values = parseArgs({
      args: args[0] === "--" ? args.slice(1) : args,
      options: {
        port: { type: "string" },
        dataset: { type: "string" },
        now: { type: "string" },
        "time-zone": { type: "string" },
        host: { type: "string" },
        profile: { type: "string" },
        help: { type: "boolean" }
      },
      strict: true
    }).values
  } catch (error) {
    return fail(`${(error as Error).message}\n\n${USAGE}`)
  }
  if (values.help === true) {
    process.stdout.write(USAGE)
    return
  }
  const portText = (values.port as string | undefined) ?? process.env.PORT ?? "8080"
  if (!/^\d{1,5}$/.test(portText) || Number(portText) > 65535) fail(`invalid port "${portText}"`)
  const datasetSetting = (values.dataset as string | undefined) ?? process.env.EFA_MOCK_DATASET
  // `pnpm start` runs in the package's folder; a relative folder means one relative to where it was typed.
  const datasetFolder = datasetSetting === undefined || datasetSetting === ""
    ? undefined
    : path.resolve(process.env.INIT_CWD ?? process.cwd(), datasetSetting)
  let result
  try {
    result = await startServer({
      port: Number(portText),
      datasetFolder,
      now: (values.now as string | undefined) ?? process.env.EFA_MOCK_NOW,
      timeZone: values["time-zone"] as string | undefined,
      host: (values.host as string | undefined) ?? process.env.EFA_MOCK_HOST,
      profile: values.profile as string | undefined
    })
  } catch (error) {
    return fail(error instanceof Error ? error.message : String(error))
  }
  if (Either.isLeft(result)) return fail(`cannot load the dataset: ${result.left.message}`)
  const running = result.right
  const base = running.baseUrl
  console.log(`efa-mock-server listening on ${base}`)
  const { dataset } = running
  console.log(`  dataset: ${dataset.meta.name} (${dataset.stops.length} stops, ${dataset.lines.length} lines)`)
  console.log(`  clock: ${running.state.nowIso()} (POST ${base}__admin/clock to move it)`)
  console.log(`  try:   curl '${base}XML_STOPFINDER_REQUEST?outputFormat=JSON&type_sf=any&name_sf=Hauptbahnhof'`)
  console.log(`  admin: ${base}__admin/health   openapi: ${base}openapi.json`)
  const stop = () => {
    void running.close().then(() => process.exit(0))
  }
  process.once("SIGINT", stop)
  process.once("SIGTERM", stop)
}

void main()
