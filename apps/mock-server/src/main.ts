#!/usr/bin/env node
/**
 * The command line entry: `efa-mock-server [--port <n>] [--dataset <folder> | --gtfs <feed> [--gtfs-rt <file>]] [--now <instant>]
 * [--profile <name>] [--quota <limits>] [--time-zone <zone>] [--host <interface>] [--no-admin] [--admin-token <token>] [--strict]`,
 * with the settings `PORT`, `EFA_MOCK_DATASET`, `EFA_MOCK_NOW`, `EFA_MOCK_HOST` and
 * `EFA_MOCK_ADMIN_TOKEN` as fallbacks. An invalid dataset stops the start with the file and
 * the path inside it (a GTFS feed with the file, line and field), and exit code 1.
 * `efa-mock-server dataset from-gtfs <feed> <folder> [--gtfs-rt <file>]` writes a feed as a dataset folder.
 *
 * @since 0.1.0
 */
import { Operations } from "@efa-kit/core"
import { Either } from "effect"
import * as path from "node:path"
import { parseArgs } from "node:util"
import { bannerLines } from "./banner.js"
import type { Dataset } from "./dataset/schema.js"
import { loadGtfsDataset, writeDataset } from "./gtfs.js"
import { sampleRequest } from "./http/page.js"
import { upstreamArgs, upstreamOptions } from "./http/upstream/cli.js"
import { startServer } from "./server.js"

const tripPath = Operations.all.trip.path
const USAGE = `Usage: efa-mock-server [options]

  --port <n>           port to listen on (default: PORT or 8080; 0 picks a free port)
  --dataset <folder>   dataset folder (default: EFA_MOCK_DATASET or the embedded dataset)
  --gtfs <feed>        serve a GTFS feed (a .zip or a folder) in place of the dataset
  --gtfs-rt <file>     with --gtfs: a GTFS-Realtime TripUpdates file (protobuf) for real time
  --gtfs-limit <name>=<n>  with --gtfs: raise (or lower) a bound of the feed, e.g. maxTrips=20000000
                       (repeatable; the bounds and their defaults are in the README)
  --now <instant>      the fake's clock, ISO 8601 with zone (default: EFA_MOCK_NOW or the dataset's);
                       "now": the wall clock, running, with the dataset laid on today
  --time-zone <zone>   the deployment's IANA time zone (default: the dataset's, Europe/Berlin)
  --host <interface>   interface to listen on (default: EFA_MOCK_HOST or 127.0.0.1, this machine
                       only; 0.0.0.0 for every interface)
  --no-admin           turn the admin API (/__admin/) off
  --admin-token <t>    admin requests need Authorization: Bearer <t> (default: EFA_MOCK_ADMIN_TOKEN)
  --admin-host <name>  without a token, also answer admin requests that name the fake so (repeatable;
                       loopback names, IP addresses and --host always may)
  --profile <name>     also answer on a deployment profile's paths, with its API-key check (tfnsw, ...)
  --quota <limits>     a quota per API key, as gateways enforce: 5/s, 1000/day or 5/s,1000/day (429 over
                       the rate, with Retry-After; 403 over the daily quota)
  --strict             read rapidJSON requests as strictly as contract ones: a 400 naming each parameter
                       the contract refuses (default: as real servers do, problems in systemMessages)
  --help               show this text

  efa-mock-server dataset from-gtfs <feed> <folder> [--gtfs-rt <file>] [--gtfs-limit <name>=<n>]
                       write a GTFS feed as a dataset folder that --dataset reads (all of it or,
                       on a failure, nothing)

Record and replay:
  --proxy <baseUrl | profile>    forward every operation request to a real deployment; a profile name
                                 (vvs, tfnsw, ...) or --profile adds its paths and its API key (EFA_API_KEY)
  --proxy-header "<name: value>" header sent upstream, e.g. "Authorization: apikey ..." (repeatable;
                                 also EFA_MOCK_PROXY_HEADERS, a JSON object); never recorded
  --proxy-param <name=value>     query parameter added upstream, e.g. an API key (repeatable); never recorded
  --proxy-path <op=path>         upstream path of an operation (repeatable), e.g.
                                 ${tripPath}=/mngvvs/${tripPath}
  --proxy-timeout <ms>           how long to wait for the upstream (default 30000)
  --record <folder>              write each answer (of the upstream, else of the dataset) to a file
  --replay <folder>              answer from the recordings in a folder
`

const fail = (message: string): never => {
  console.error(`efa-mock-server: ${message}`)
  process.exit(1)
}

const fromHere = (file: string) => path.resolve(process.env.INIT_CWD ?? process.cwd(), file)

// `--gtfs-limit maxTrips=20000000`, repeatable
const gtfsLimits = (given: ReadonlyArray<string> | undefined): Record<string, number> => {
  const limits: Record<string, number> = {}
  for (const text of given ?? []) {
    const match = /^(\w+)=(\d+)$/.exec(text)
    if (match === null) return fail(`--gtfs-limit takes <name>=<whole number>, got "${text}"`)
    limits[match[1]!] = Number(match[2])
  }
  return limits
}

const readGtfs = async (feed: string, realtime: string | undefined, limits: ReadonlyArray<string> | undefined) => {
  try {
    return await loadGtfsDataset(fromHere(feed), {
      realtime: realtime === undefined ? undefined : fromHere(realtime),
      limits: gtfsLimits(limits)
    })
  } catch (error) {
    return fail(`cannot load the GTFS feed: ${(error as Error).message}`)
  }
}

const fromGtfs = async (args: ReadonlyArray<string>): Promise<void> => {
  let parsed
  try {
    parsed = parseArgs({
      args: [...args],
      options: { "gtfs-rt": { type: "string" }, "gtfs-limit": { type: "string", multiple: true } },
      allowPositionals: true,
      strict: true
    })
  } catch (error) {
    return fail(`${(error as Error).message}\n\n${USAGE}`)
  }
  const [feed, folder] = parsed.positionals
  if (feed === undefined || folder === undefined || parsed.positionals.length > 2) {
    return fail(`dataset from-gtfs takes a feed and a folder\n\n${USAGE}`)
  }
  const started = Date.now()
  const { dataset, fallbacks } = await readGtfs(feed, parsed.values["gtfs-rt"], parsed.values["gtfs-limit"])
  try {
    await writeDataset(dataset, fromHere(folder))
  } catch (error) {
    return fail(`cannot write ${fromHere(folder)}: ${(error as Error).message}`)
  }
  console.log(
    `efa-mock-server: wrote ${fromHere(folder)} in ${Date.now() - started} ms: ${describe(dataset)}`
  )
  for (const line of fallbacks) console.log(`  ${line}`)
}

const describe = (dataset: Dataset) =>
  `${dataset.meta.name} (${dataset.stops.length} stops, ${dataset.lines.length} lines${
    dataset.timetable === undefined ? "" : `, ${dataset.timetable.trips.length} trips`
  })`

const main = async (): Promise<void> => {
  const rawArgs = process.argv.slice(2)
  const commandArgs = rawArgs[0] === "--" ? rawArgs.slice(1) : rawArgs
  if (commandArgs[0] === "dataset") {
    if (commandArgs[1] !== "from-gtfs") return fail(`unknown command "dataset ${commandArgs[1] ?? ""}"\n\n${USAGE}`)
    return fromGtfs(commandArgs.slice(2))
  }
  let values: Record<string, string | boolean | Array<string> | undefined>
  try {
    // `pnpm start -- --port 0` passes the `--` on; options after it are still options here.
    const args = process.argv.slice(2)
    values = parseArgs({
      args: args[0] === "--" ? args.slice(1) : args,
      options: {
        port: { type: "string" },
        dataset: { type: "string" },
        gtfs: { type: "string" },
        "gtfs-rt": { type: "string" },
        "gtfs-limit": { type: "string", multiple: true },
        now: { type: "string" },
        "time-zone": { type: "string" },
        host: { type: "string" },
        "no-admin": { type: "boolean" },
        "admin-token": { type: "string" },
        "admin-host": { type: "string", multiple: true },
        profile: { type: "string" },
        quota: { type: "string" },
        strict: { type: "boolean" },
        help: { type: "boolean" },
        ...upstreamArgs
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
  const upstream = upstreamOptions(values, process.env, process.env.INIT_CWD ?? process.cwd())
  if (Either.isLeft(upstream)) return fail(upstream.left)
  const gtfs = values.gtfs as string | undefined
  if (gtfs !== undefined && values.dataset !== undefined) fail("--gtfs and --dataset exclude each other")
  if (gtfs === undefined && values["gtfs-rt"] !== undefined) fail("--gtfs-rt needs --gtfs")
  if (gtfs === undefined && values["gtfs-limit"] !== undefined) fail("--gtfs-limit needs --gtfs")
  const fromFeed = gtfs === undefined
    ? undefined
    : await readGtfs(gtfs, values["gtfs-rt"] as string | undefined, values["gtfs-limit"] as Array<string> | undefined)
  let result
  try {
    result = await startServer({
      port: Number(portText),
      datasetFolder,
      dataset: fromFeed?.dataset,
      now: (values.now as string | undefined) ?? process.env.EFA_MOCK_NOW,
      timeZone: values["time-zone"] as string | undefined,
      host: (values.host as string | undefined) ?? (process.env.EFA_MOCK_HOST || undefined),
      admin: {
        enabled: values["no-admin"] !== true,
        token: (values["admin-token"] as string | undefined) ?? (process.env.EFA_MOCK_ADMIN_TOKEN || undefined),
        allowedHosts: (values["admin-host"] as Array<string> | undefined) ?? []
      },
      profile: values.profile as string | undefined,
      quota: values.quota as string | undefined,
      strict: values.strict === true,
      ...upstream.right
    })
  } catch (error) {
    if ((error as { code?: unknown }).code === "EADDRINUSE") {
      return fail(
        `port ${portText} is in use (EADDRINUSE): choose another with --port 9000 (or PORT=9000), ` +
          `or --port 0 for a free one (the URL is printed)`
      )
    }
    return fail(error instanceof Error ? error.message : String(error))
  }
  if (Either.isLeft(result)) return fail(`cannot load the dataset: ${result.left.message}`)
  const running = result.right
  const { dataset } = running
  const banner = bannerLines({
    baseUrl: running.baseUrl,
    dataset: {
      name: dataset.meta.name,
      stops: dataset.stops.length,
      lines: dataset.lines.length,
      trips: dataset.timetable?.trips.length
    },
    gtfs: gtfs === undefined ? undefined : { feed: gtfs, fallbacks: fromFeed?.fallbacks ?? [] },
    now: running.state.nowIso(),
    today: running.today,
    admin: values["no-admin"] === true
      ? "off"
      : (values["admin-token"] ?? process.env.EFA_MOCK_ADMIN_TOKEN)
      ? "token"
      : "open",
    profile: values.profile as string | undefined,
    quota: values.quota as string | undefined,
    strict: values.strict === true,
    upstream: upstream.right,
    tryPath: sampleRequest(dataset).slice(1)
  })
  for (const line of banner) console.log(line)
  const stop = () => {
    void running.close().then(() => process.exit(0))
  }
  process.once("SIGINT", stop)
  process.once("SIGTERM", stop)
}

void main()
