import { describe, it } from "@effect/vitest"
import { deploymentChecks, settingsOf } from "./support/deployment.js"

// The deployment checks against a real deployment, configured from the environment (EFA_PROFILE or
// EFA_BASE_URL, and the others `support/deployment.ts` lists), at most two requests a second. Without a
// deployment, or without a network to it, they are skipped and the name says so. `deploymentFake.test.ts`
// runs the same checks against the fake acting as a deployment.
const settings = settingsOf(process.env)

// Whether the deployment's host answers at all (any HTTP status).
const reachable = settings.baseUrl === "" ? false : await fetch(settings.baseUrl, {
  signal: AbortSignal.timeout(10_000)
}).then(() => true, () => false)

const name = settings.profile?.name ?? settings.baseUrl

if (reachable) {
  deploymentChecks({ name: `${name} (${settings.dialect})`, env: process.env, requestsPerSecond: 2 })
} else {
  describe("deployment checks against a real deployment", () => {
    it.skip(
      settings.baseUrl === ""
        ? "skipped: set EFA_PROFILE or EFA_BASE_URL to run against a deployment"
        : `skipped: no network to ${new URL(settings.baseUrl).host} (${name})`,
      () => {}
    )
  })
}
