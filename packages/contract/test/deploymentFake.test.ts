import { startServer } from "@efa-kit/mock-server"
import { Either } from "effect"
import { afterAll } from "vitest"
import { deploymentChecks } from "./support/deployment.js"
import { dataset } from "./support/fake.js"

// The deployment checks against the fake acting as a deployment, over HTTP, in the three configurations a
// user meets: the contract's dialect, rapidJSON, and the fake started with `--profile tfnsw` for a client
// configured with `EFA_PROFILE=tfnsw` (its paths, its API key, its product classes, its time zone).
const start = async (options: { readonly profile?: string }) => {
  const started = await startServer({ port: 0, host: "127.0.0.1", dataset, onError: () => {}, ...options })
  if (Either.isLeft(started)) throw started.left
  afterAll(() => started.right.close())
  return `http://127.0.0.1:${started.right.port}/`
}

const plain = await start({})
// a line and a sharing vehicle of the fake's dataset, for the checks that need one named
const named = { EFA_CONTRACT_LINE: "vvs:10001: :H", EFA_CONTRACT_VEHICLE: "RR-1001:regiorad:rr-stuttgart" }
const tfnsw = await start({ profile: "tfnsw" })

deploymentChecks({
  name: "the fake (contract dialect)",
  env: { ...named, EFA_BASE_URL: plain, EFA_DIALECT: "contract" }
})
deploymentChecks({
  name: "the fake (rapidJSON dialect)",
  env: { ...named, EFA_BASE_URL: plain, EFA_DIALECT: "rapidJSON" }
})
deploymentChecks({
  name: "the fake started with --profile tfnsw (EFA_PROFILE=tfnsw)",
  env: { ...named, EFA_PROFILE: "tfnsw", EFA_BASE_URL: tfnsw, EFA_API_KEY: "local-key" }
})
