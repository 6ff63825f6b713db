/**
 * An OpenAPI 3.1 document generated from the operation descriptions, so that the document, the client
 * and the fake server share one copy of every shape.
 *
 * - Each operation's fixed parameters come from its `params` struct: one query parameter per field,
 *   with the JSON Schema of the field's encoded (wire) side. Repeatable parameters are arrays with
 *   `style: form, explode: true` (the name repeated once per value).
 * - Parameter families named by an index or an ID (`type_<i>`, `exclMOT_<ID>`, `vehPId<i>`) are index
 *   signatures of the parameter struct. OpenAPI has no pattern-named parameters, so each family is one
 *   object parameter with `style: form, explode: true` whose `patternProperties` give the names: each
 *   property of the object is sent as a parameter of its own.
 * - Operations that share a path (the coordinate search and its vehicle-detail mode) become one `GET`
 *   whose parameters are the union of the modes (each marked with the modes it belongs to), whose
 *   response is `oneOf` the modes' responses, and whose `x-efa-modes` lists the modes.
 * - Responses are the JSON Schema of each response schema (encoded side), with extra properties allowed,
 *   as responses are read tolerantly. Named schemas are shared under `components.schemas`; two different
 *   schemas with the same name are told apart by the operation name.
 *
 * @since 0.1.0
 */
import * as DateTime from "effect/DateTime"
import * as JSONSchema from "effect/JSONSchema"
import * as AST from "effect/SchemaAST"
import type * as Operation from "./Operation.js"
import * as Operations from "./Operations.js"
import * as RapidJson from "./RapidJson.js"

/**
 * A JSON value of the document.
 *
 * @since 0.1.0
 * @category models
 */
export type Json = null | boolean | number | string | ReadonlyArray<Json> | { readonly [key: string]: Json }

/**
 * An OpenAPI 3.1 document (the parts this generator writes).
 *
 * @since 0.1.0
 * @category models
 */
export interface Document {
  readonly openapi: "3.1.0"
  readonly info: { readonly title: string; readonly version: string; readonly description?: string }
  readonly servers?: ReadonlyArray<{ readonly url: string; readonly description?: string }>
  readonly paths: Record<string, { readonly get: Record<string, unknown> }>
  readonly components: { readonly schemas: Record<string, unknown> }
}

/**
 * Settings of the document.
 *
 * @since 0.1.0
 * @category models
 */
export interface Options {
  readonly title?: string | undefined
  readonly version?: string | undefined
  readonly description?: string | undefined
  readonly servers?: ReadonlyArray<{ readonly url: string; readonly description?: string }> | undefined
  /**
   * Document the rapidJSON dialect too: each operation takes `outputFormat` (`JSON` or `rapidJSON`) and
   * `coordOutputFormat`, and its `200` answer is `oneOf` the contract's response and the rapidJSON one.
   */
  readonly rapidJson?: RapidJson.Context | undefined
  /** Responses added to every operation besides `200`, by status (for example a server's `400` body). */
  readonly extraResponses?: Record<string, unknown> | undefined
}

const DEFINITION_PATH = "#/components/schemas/"

type Defs = Record<string, JSONSchema.JsonSchema7>

interface Parameter {
  readonly name: string
  readonly required: boolean
  readonly schema: unknown
  readonly description?: string
  readonly family: boolean
}

const toJsonSchema = (ast: AST.AST, defs: Defs): Record<string, unknown> =>
  withoutKeywordIds(
    JSONSchema.fromAST(ast, {
      definitions: defs,
      definitionPath: DEFINITION_PATH,
      target: "openApi3.1",
      additionalPropertiesStrategy: "allow"
    })
  ) as Record<string, unknown>

// Effect marks `unknown`, `any` and `object` with `$id: "/schemas/<keyword>"`; the same `$id` appearing in
// several places makes the document invalid, and the keyword needs no identity.
const withoutKeywordIds = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(withoutKeywordIds)
  if (value === null || typeof value !== "object") return value
  const out: Record<string, unknown> = {}
  for (const [key, item] of Object.entries(value)) {
    if (key === "$id" && typeof item === "string" && item.startsWith("/schemas/")) continue
    out[key] = withoutKeywordIds(item)
  }
  return out
}

const isStringSchema = (schema: Record<string, unknown>): boolean =>
  schema.type === "string" ||
  (Array.isArray(schema.enum) && schema.enum.every((value) => typeof value === "string")) ||
  (Array.isArray(schema.anyOf) && schema.anyOf.every((member) => isStringSchema(member as Record<string, unknown>)))

// Follows a reference to a definition collected so far.
const resolve = (schema: Record<string, unknown>, defs: Defs): Record<string, unknown> => {
  const ref = schema.$ref
  if (typeof ref !== "string" || !ref.startsWith(DEFINITION_PATH)) return schema
  const target = defs[decodeURIComponent(ref.slice(DEFINITION_PATH.length))]
  return target === undefined ? schema : resolve(target as unknown as Record<string, unknown>, defs)
}

const isArraySchema = (schema: Record<string, unknown>): boolean =>
  Array.isArray(schema.anyOf) && schema.anyOf.some((member) => (member as Record<string, unknown>)?.type === "array")

/**
 * The JSON Schema of a parameter as sent. A transformation is documented by its `jsonSchema` annotation
 * when it has one; a transformation from text to text (a literal or a checked string) by its decoded
 * side, which is what travels; a repeatable parameter (`string | string[]` decoded to a list) as an
 * array of its item; anything else by its encoded side.
 */
const wireSchema = (
  ast: AST.AST,
  defs: Defs
): { readonly schema: Record<string, unknown>; readonly repeatable: boolean } => {
  const plain = toJsonSchema(ast, defs)
  if (ast._tag !== "Transformation" || AST.getJSONSchemaAnnotation(ast)._tag === "Some") {
    return { schema: plain, repeatable: false }
  }
  const to = ast.to
  if (isArraySchema(plain) && to._tag === "TupleType" && to.rest.length === 1) {
    return { schema: { type: "array", items: wireSchema(to.rest[0]!.type, defs).schema }, repeatable: true }
  }
  if (isArraySchema(plain)) {
    const array = (plain.anyOf as Array<Record<string, unknown>>).find((member) => member?.type === "array")!
    return { schema: array, repeatable: true }
  }
  if (isStringSchema(resolve(plain, defs))) {
    const decoded = toJsonSchema(AST.typeAST(to), defs)
    if (isStringSchema(resolve(decoded, defs))) return { schema: decoded, repeatable: false }
  }
  return { schema: plain, repeatable: false }
}

const familyName = (literal: AST.TemplateLiteral): string => {
  let name = literal.head
  for (const span of literal.spans) {
    name += AST.isNumberKeyword(span.type) ? "<n>" : "<text>"
    name += span.literal
  }
  return name
}

// The index signatures with template-literal keys anywhere in a schema (parameter families).
const collectFamilies = (ast: AST.AST, out: Map<string, AST.IndexSignature>, depth = 0): void => {
  if (depth > 12) return
  switch (ast._tag) {
    case "TypeLiteral":
      for (const signature of ast.indexSignatures) {
        if (AST.isTemplateLiteral(signature.parameter)) {
          const name = familyName(signature.parameter)
          if (!out.has(name)) out.set(name, signature)
        }
      }
      return
    case "Transformation":
      collectFamilies(ast.from, out, depth + 1)
      collectFamilies(ast.to, out, depth + 1)
      return
    case "Refinement":
      collectFamilies(ast.from, out, depth + 1)
      return
    case "Union":
      for (const member of ast.types) collectFamilies(member, out, depth + 1)
      return
    default:
      return
  }
}

const descriptionOf = (ast: AST.AST): string | undefined => {
  const found = AST.getDescriptionAnnotation(ast)
  return found._tag === "Some" ? found.value : undefined
}

const queryContext: Operation.QueryContext = { timeZone: DateTime.zoneMakeOffset(0) }

const parametersOf = (operation: Operation.Any, defs: Defs): Array<Parameter> => {
  const out: Array<Parameter> = []
  const structAst = AST.isTypeLiteral(operation.params.ast) ? operation.params.ast : undefined
  for (const signature of structAst?.propertySignatures ?? []) {
    const { repeatable, schema } = wireSchema(signature.type, defs)
    const description = descriptionOf(signature.type)
    out.push({
      name: String(signature.name),
      required: !signature.isOptional,
      schema,
      ...(repeatable ? { description: "Repeatable: the parameter is sent once per value." } : {}),
      ...(!repeatable && description !== undefined ? { description } : {}),
      family: false
    })
  }
  const families = new Map<string, AST.IndexSignature>()
  collectFamilies(operation.params.ast, families)
  collectFamilies(operation.query(queryContext).ast, families)
  for (const [name, signature] of families) {
    const pattern = AST.getTemplateLiteralRegExp(signature.parameter as AST.TemplateLiteral).source
    const value = wireSchema(signature.type, defs).schema
    out.push({
      name,
      required: false,
      schema: { type: "object", patternProperties: { [pattern]: value }, additionalProperties: false },
      description: `Parameter family ${name}: any number of parameters whose names match ${pattern}` +
        (name.includes("<n>") ? ` (for example ${name.replace(/<n>/g, "0")})` : "") +
        ", each sent as its own query parameter.",
      family: true
    })
  }
  return out
}

const sameJson = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b)

// Rewrites `$ref`s to renamed definitions.
const rename = (value: unknown, renames: ReadonlyMap<string, string>): unknown => {
  if (Array.isArray(value)) return value.map((item) => rename(item, renames))
  if (value === null || typeof value !== "object") return value
  const out: Record<string, unknown> = {}
  for (const [key, item] of Object.entries(value)) {
    if (key === "$ref" && typeof item === "string" && item.startsWith(DEFINITION_PATH)) {
      const name = decodeURIComponent(item.slice(DEFINITION_PATH.length))
      const renamed = renames.get(name)
      out[key] = renamed !== undefined ? DEFINITION_PATH + encodeURIComponent(renamed) : item
    } else {
      out[key] = rename(item, renames)
    }
  }
  return out
}

interface Generated {
  readonly operation: Operation.Any
  readonly parameters: Array<Parameter>
  readonly response: unknown
}

// Generates one operation against its own definitions, then merges them into the shared ones, renaming
// a definition whose name is taken by a different schema.
const DIALECT_PARAMETERS: ReadonlyArray<Parameter> = [
  {
    name: "outputFormat",
    required: false,
    schema: { type: "string", enum: ["JSON", "rapidJSON"] },
    description: "JSON: the contract's format; rapidJSON: the format of real EFA deployments.",
    family: false
  },
  {
    name: "coordOutputFormat",
    required: false,
    schema: { type: "string", examples: ["WGS84[dd.ddddd]", "EPSG:4326"] },
    description: "Coordinate system of rapidJSON answers; WGS84 degrees.",
    family: false
  }
]

const generate = (
  operation: Operation.Any,
  schemas: Record<string, unknown>,
  rapidJson: Readonly<Record<string, { readonly ast: AST.AST } | undefined>> | undefined
): Generated => {
  const defs: Defs = {}
  const rapid = rapidJson?.[operation.name]
  const parameters = rapid === undefined
    ? parametersOf(operation, defs)
    : [...parametersOf(operation, defs), ...DIALECT_PARAMETERS]
  const contract = toJsonSchema(operation.response.ast, defs)
  const response = rapid === undefined ? contract : {
    oneOf: [
      { ...contract, description: "outputFormat=JSON: the contract's format" },
      { ...toJsonSchema(rapid.ast, defs), description: "outputFormat=rapidJSON" }
    ]
  }
  const renames = new Map<string, string>()
  for (const [name, schema] of Object.entries(defs)) {
    if (name in schemas && !sameJson(schemas[name], schema)) renames.set(name, `${operation.name}.${name}`)
  }
  for (const [name, schema] of Object.entries(defs)) {
    schemas[renames.get(name) ?? name] = renames.size > 0 ? rename(schema, renames) : schema
  }
  return renames.size === 0 ? { operation, parameters, response } : {
    operation,
    parameters: parameters.map((p) => ({ ...p, schema: rename(p.schema, renames) })),
    response: rename(response, renames)
  }
}

const toParameterObject = (parameter: Parameter, modes: ReadonlyArray<string> | undefined) => {
  const description = [parameter.description, modes !== undefined ? `Mode: ${modes.join(", ")}.` : undefined]
    .filter((part) => part !== undefined)
    .join(" ")
  return {
    name: parameter.name,
    in: "query",
    required: parameter.required,
    ...(description.length > 0 ? { description } : {}),
    ...(parameter.family || (parameter.schema as Record<string, unknown>)?.type === "array"
      ? { style: "form", explode: true }
      : {}),
    schema: parameter.schema
  }
}

/**
 * Builds the OpenAPI 3.1 document of some operations; by default of every operation of the client
 * (`Operations.all`), in its order.
 *
 * @example
 * ```ts
 * import { OpenApi, Operations, StopFinder } from "@efa-kit/core"
 *
 * const document = OpenApi.make(undefined, { title: "EFA", servers: [{ url: "https://efa.example/mngvvs" }] })
 * assert.strictEqual(document.openapi, "3.1.0")
 * assert.ok(`/${Operations.all.trip.path}` in document.paths)
 *
 * // a document of some operations only
 * const stopFinder = OpenApi.make([StopFinder.operation])
 * assert.deepStrictEqual(Object.keys(stopFinder.paths), [`/${StopFinder.operation.path}`])
 * ```
 *
 * @since 0.1.0
 * @category constructors
 */
export const make = (
  operations: ReadonlyArray<Operation.Any> = Object.values(Operations.all),
  options: Options = {}
): Document => {
  const schemas: Record<string, unknown> = {}
  const byPath = new Map<string, Array<Generated>>()
  const rapidJson = options.rapidJson === undefined ? undefined : RapidJson.responses(options.rapidJson)
  for (const operation of operations) {
    const generated = generate(operation, schemas, rapidJson)
    const list = byPath.get(operation.path) ?? []
    list.push(generated)
    byPath.set(operation.path, list)
  }
  const paths: Record<string, { readonly get: Record<string, unknown> }> = {}
  for (const [path, modes] of byPath) {
    const [first] = modes as [Generated, ...Array<Generated>]
    const shared = modes.length > 1
    const parameters: Array<Record<string, unknown>> = []
    const seen = new Set<string>()
    for (const mode of modes) {
      for (const parameter of mode.parameters) {
        if (seen.has(parameter.name)) continue
        seen.add(parameter.name)
        const usedBy = modes.filter((m) => m.parameters.some((p) => p.name === parameter.name))
        const everywhere = usedBy.length === modes.length
        parameters.push(toParameterObject(
          { ...parameter, required: parameter.required && everywhere },
          shared && !everywhere ? usedBy.map((m) => m.operation.name) : undefined
        ))
      }
    }
    const schema = shared ? { oneOf: modes.map((mode) => mode.response) } : first.response
    paths[`/${path}`] = {
      get: {
        operationId: first.operation.name,
        summary: shared ? modes.map((mode) => mode.operation.summary).join("; ") : first.operation.summary,
        ...(shared
          ? {
            description: `This path serves ${modes.length} modes: ` +
              modes.map((mode) => `${mode.operation.name} (${mode.operation.summary})`).join("; ") + ".",
            "x-efa-modes": modes.map((mode) => ({
              name: mode.operation.name,
              summary: mode.operation.summary,
              parameters: mode.parameters.map((p) => p.name)
            }))
          }
          : {}),
        parameters,
        responses: {
          "200": { description: "The response document", content: { "application/json": { schema } } },
          ...options.extraResponses
        }
      }
    }
  }
  return {
    openapi: "3.1.0",
    info: {
      title: options.title ?? "EFA journey planning API",
      version: options.version ?? "0.1.0",
      ...(options.description !== undefined ? { description: options.description } : {})
    },
    ...(options.servers !== undefined ? { servers: options.servers } : {}),
    paths,
    components: { schemas: withoutKeywordIds(schemas) as Record<string, unknown> }
  }
}
