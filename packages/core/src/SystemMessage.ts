/**
 * The `systemMessages` EFA adds to any response: errors, warnings and plain messages from its modules.
 * EFA answers HTTP 200 even for logical failures, so an `error` message is a failure only when the
 * response carries no result; otherwise it is kept for the caller with the result.
 *
 * @since 0.1.0
 */
import * as Schema from "effect/Schema"

/**
 * One message. `type` is `error`, `warning` or `message` on the deployments seen; other values are kept.
 *
 * @since 0.1.0
 * @category schemas
 */
export const SystemMessage = Schema.Struct({
  type: Schema.String,
  module: Schema.optionalWith(Schema.String, { exact: true }),
  code: Schema.optionalWith(Schema.Union(Schema.Finite, Schema.String), { exact: true }),
  text: Schema.optionalWith(Schema.String, { exact: true }),
  subType: Schema.optionalWith(Schema.String, { exact: true })
}).annotations({ identifier: "SystemMessage" })

/**
 * @since 0.1.0
 * @category models
 */
export interface SystemMessage extends Schema.Schema.Type<typeof SystemMessage> {}

/**
 * The optional `systemMessages` field, for response schemas.
 *
 * @since 0.1.0
 * @category schemas
 */
export const systemMessagesField = {
  systemMessages: Schema.optionalWith(Schema.Array(SystemMessage), { exact: true })
}

/**
 * The messages of type `error`.
 *
 * @since 0.1.0
 * @category utils
 */
export const errors = (messages: ReadonlyArray<SystemMessage> | undefined): Array<SystemMessage> =>
  messages === undefined ? [] : messages.filter((m) => m.type.toLowerCase() === "error")

/**
 * One line describing a message: `error -4000 (routing): no connection`.
 *
 * @example
 * ```ts
 * import { SystemMessage } from "@efa-kit/core"
 *
 * const message = { type: "error", module: "stopfinder", code: -8012, text: "no matching location found" }
 * assert.deepStrictEqual(SystemMessage.errors([message, { type: "message", text: "hello" }]), [message])
 * assert.strictEqual(SystemMessage.describe(message), "error -8012 (stopfinder): no matching location found")
 * ```
 *
 * @since 0.1.0
 * @category utils
 */
export const describe = (message: SystemMessage): string =>
  [
    message.type,
    message.code !== undefined ? String(message.code) : undefined,
    message.module !== undefined ? `(${message.module})` : undefined
  ].filter((part) => part !== undefined).join(" ") + (message.text ? `: ${message.text}` : "")
