// Headless Chromium for the page checks: Debian's `chromium` (CHROMIUM_PATH names another binary), started
// with the flags that keep it off the network this machine does not have.
import * as fs from "node:fs"

/** The Chromium binary the checks start. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium"

/** Whether it is installed; the checks are skipped, saying so, where it is not. */
export const hasChromium = fs.existsSync(CHROMIUM)

/** The command-line flags of a headless run without background traffic. */
export const CHROMIUM_FLAGS: ReadonlyArray<string> = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync"
]
