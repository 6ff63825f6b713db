/**
 * Fault injection: what a request may be told to suffer, per request through the `x-efa-fault` header
 * or as a scripted sequence set through `POST /__admin/faults`.
 *
 * Header syntax: directives separated by `;` (or `,` before a directive's name, as repeated headers are
 * joined), each `name` or `name=value`:
 *
 * | directive | effect |
 * |---|---|
 * | `latency=<ms>` | wait before answering; combines with every other directive |
 * | `status=<code>` | answer with this status (200..599) and a small JSON error body |
 * | `retry-after=<seconds or HTTP date>` | add a `Retry-After` header |
 * | `html` | an HTML error page (status 200 unless `status` is given) |
 * | `empty` | an empty body with a JSON content type (status 200 unless given) |
 * | `invalid-json` | a body that is not JSON, with a JSON content type |
 * | `truncated` | the real answer cut in half (a consistent `Content-Length`) |
 * | `drop` | the connection is destroyed without an answer |
 * | `system-error[=<code>]` | status 200, an empty result and an EFA `systemMessages` error |
 * | `none` | no fault (useful as a step of a sequence) |
 *
 * Examples: `status=503;retry-after=1`, `latency=200`, `status=502;html`, `system-error=-4001`.
 *
 * Each kind of broken answer is one entry of {@link faultKinds}: how its directive's value is read
 * (`parse`) and what the fake sends (`respond`). Each modifier, a directive that combines with every kind
 * (`latency`, `status`, `retry-after`), is one entry of {@link fieldModifiers}: the fault's field it sets,
 * how its value is read from the header (`parse`) and from a script object (`object`), a rule on the value
 * (`check`) and the headers it adds (`headers`).
 *
 * @since 0.1.0
 */
export * from "./faults/directives.js"
export * from "./faults/drop.js"
export * from "./faults/kinds.js"
export * from "./faults/modifiers.js"
export * from "./faults/pages.js"
export * from "./faults/respond.js"
