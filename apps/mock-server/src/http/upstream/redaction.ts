/**
 * Taking the upstream's secrets (API keys sent as parameters or headers) out of what is recorded.
 *
 * Secrets are removed by their place, in every form an answer can carry them:
 *
 * - a secret parameter (by name: `key`, `apiKey`, ..., and the names given with `--proxy-param`) is left
 *   out of a recording's request, and its value is replaced wherever the answer names it: `key=...` in
 *   a URL or query (also percent-encoded, `key%3D...`), a JSON member `"key": "..."`, a JSON pair
 *   `{ "name": "key", "value": "..." }`; so is the value of a configured secret header wherever the
 *   answer names it (`"X-Api-Key": "..."`), whatever its length;
 * - the value of a configured header or parameter long enough to be unmistakable (at least
 *   {@link MIN_SECRET_LENGTH} characters) is also replaced wherever it occurs, as written,
 *   percent-encoded (either case, `+` or `%20` for a space), JSON-escaped and XML-escaped.
 *
 * A shorter value (`key=08111`) is removed by its place only: replacing it as text would corrupt the
 * answers it also occurs in (stop ids such as `de:08111:6118`).
 *
 * @since 0.1.0
 */
import { MAX_JSON_DEPTH, nestsDeeperThan } from "../testing/jsonDepth.js"

/**
 * What replaces a secret.
 *
 * @since 0.1.0
 * @category constants
 */
const REDACTED = "[redacted]"

/**
 * The shortest secret value replaced wherever it occurs; shorter ones only by their place.
 *
 * @since 0.1.0
 * @category constants
 */
const MIN_SECRET_LENGTH = 12

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")

const xmlEscape = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", "\"": "&quot;", "'": "&apos;" })[c]!)

// Every spelling of a value that an answer (JSON, XML, a URL in either) may hold.
const spellingsOf = (value: string): Array<string> => {
  const percent = encodeURIComponent(value)
  const forms = [
    value,
    percent,
    percent.replace(/%20/g, "+"),
    percent.replace(/%[0-9A-F]{2}/g, (escape) => escape.toLowerCase()),
    // what `URL` writes into a query: fewer characters escaped
    new URLSearchParams([["k", value]]).toString().slice(2),
    JSON.stringify(value).slice(1, -1),
    // XML as serialisers write it: text (`&`, `<`), attributes (and `"`), everything
    value.replace(/&/g, "&amp;").replace(/</g, "&lt;"),
    value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/"/g, "&quot;"),
    xmlEscape(value),
    xmlEscape(JSON.stringify(value).slice(1, -1))
  ]
  return [...new Set(forms)].sort((a, b) => b.length - a.length)
}

/**
 * Removes secrets from texts and answers; built once per recorder.
 *
 * @since 0.1.0
 * @category models
 */
export class Redactor {
  readonly #names: ReadonlySet<string>
  readonly #byPlace: RegExp | undefined
  readonly #spellings: ReadonlyArray<string>

  /**
   * `names`: the secret parameter names, lower case; `values`: the configured secret values (header
   * values and their credential part, parameter values).
   */
  constructor(names: ReadonlySet<string>, values: ReadonlyArray<string>) {
    this.#names = names
    const alternatives = [...names].map(escapeRegExp).join("|")
    // `name=value` or `name%3Dvalue` after a delimiter, the value up to the next delimiter.
    this.#byPlace = names.size === 0 ? undefined : new RegExp(
      `(^|[?&;,\\s"'<>(\\[{]|%26|%3F)(${alternatives})(=|%3D)((?:(?!%26)[^&#\\s"'<>])*)`,
      "gi"
    )
    this.#spellings = [
      ...new Set(values.filter((value) => value.length >= MIN_SECRET_LENGTH).flatMap(spellingsOf))
    ].sort((a, b) => b.length - a.length)
  }

  /** A text with every secret replaced by its place and, if long enough, wherever it occurs. */
  text(text: string): string {
    let out = this.#byPlace === undefined
      ? text
      : text.replace(
        this.#byPlace,
        (_match, before: string, name: string, equals: string, value: string) =>
          value === "" || value === REDACTED
            ? `${before}${name}${equals}${value}`
            : `${before}${name}${equals}${REDACTED}`
      )
    for (const spelling of this.#spellings) if (out.includes(spelling)) out = out.split(spelling).join(REDACTED)
    return out
  }

  /**
   * An answer body without secrets. A JSON body is walked (its strings as text, members and
   * name/value pairs named like a secret parameter by their place) and written back compactly, but only
   * when something was removed: an answer without secrets is kept byte for byte. Any other body, and
   * JSON nested too deep to walk, is treated as text.
   */
  body(body: string): string {
    const first = body.trimStart()[0]
    if (first === "{" || first === "[") {
      let parsed: unknown
      try {
        parsed = JSON.parse(body)
      } catch {
        return this.text(body)
      }
      if (!nestsDeeperThan(parsed, MAX_JSON_DEPTH)) {
        const state = { changed: false }
        const cleaned = this.#json(parsed, state)
        return state.changed ? JSON.stringify(cleaned) : body
      }
    }
    return this.text(body)
  }

  #isSecretName(name: unknown): boolean {
    return typeof name === "string" && this.#names.has(name.toLowerCase())
  }

  #json(value: unknown, state: { changed: boolean }): unknown {
    if (typeof value === "string") {
      const cleaned = this.text(value)
      if (cleaned !== value) state.changed = true
      return cleaned
    }
    if (Array.isArray(value)) return value.map((item) => this.#json(item, state))
    if (typeof value !== "object" || value === null) return value
    const record = value as Record<string, unknown>
    const pairIsSecret = this.#isSecretName(record.name) && "value" in record
    const out: Record<string, unknown> = {}
    for (const [key, item] of Object.entries(record)) {
      const secretHere = this.#isSecretName(key) || (pairIsSecret && key === "value")
      if (secretHere && (typeof item === "string" || typeof item === "number") && item !== REDACTED) {
        state.changed = true
        out[key] = REDACTED
      } else {
        out[key] = this.#json(item, state)
      }
    }
    return out
  }
}
