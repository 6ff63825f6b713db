/**
 * The system information (`XML_SYSTEMINFO_REQUEST`) from the dataset: the timetable's validity (the dataset's
 * `validFrom` / `validTo`) and the kernel, whose data build is the first day of the timetable (midnight UTC).
 * The request has no parameters. The interface version and the server (`version`, `serverInfo`) come with
 * every rapidJSON answer (`rapidJson/enrich.ts`), where the kernel's `appVersion` is the same version;
 * the contract's format names the kernel's `appVersion` as the fake's own.
 *
 * @since 0.1.0
 */
import type { SystemInfo } from "@efa-kit/core"
import { DateTime } from "effect"
import type { Answer } from "./types.js"

/**
 * The data format the fake's kernel names (the Mentz schema's example).
 *
 * @since 0.1.0
 * @category constants
 */
const DATA_FORMAT = "EFA10_02_00"

/**
 * Answers a system-information request from the dataset.
 *
 * @since 0.1.0
 * @category answers
 */
export const answerSystemInfo: Answer<SystemInfo.SystemInfoRequest, SystemInfo.SystemInfoResponse> = (
  _request,
  { dataset }
) => ({
  kernel: {
    appVersion: "efa-mock-server",
    dataFormat: DATA_FORMAT,
    dataBuild: DateTime.unsafeMake(`${dataset.meta.validFrom}T00:00:00Z`)
  },
  validity: { from: dataset.meta.validFrom, to: dataset.meta.validTo }
})
