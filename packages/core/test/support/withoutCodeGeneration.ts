/**
 * Run by `fastDecode.test.ts` in a Node process started with `--disallow-code-generation-from-strings`,
 * as under a Content Security Policy without `unsafe-eval`: the decoders must fall back to Effect's
 * decode and give its results. Prints a JSON summary on stdout.
 */
import { Either, FastCheck as fc, ParseResult, Schema } from "effect"
import { isDeepStrictEqual } from "node:util"
import * as Arbitraries from "../../src/Arbitraries.js"
import {
  AddInfo,
  CoordInfo,
  GeoObject,
  OpArea,
  ServingLines,
  StopFinder,
  Trip,
  VehicleDetail
} from "../../src/index.js"
import { canGenerate, fastDecoder, makeDecoder, makeJsonDecoder } from "../../src/internal/effect/fastDecode.js"

const modules = [AddInfo, CoordInfo, GeoObject, OpArea, ServingLines, StopFinder, Trip, VehicleDetail]
const operations = modules.map((module) => module.operation)

const format = (result: Either.Either<unknown, ParseResult.ParseError>) =>
  Either.mapLeft(result, (error) => ParseResult.TreeFormatter.formatErrorSync(error))

let valid = 0
let invalid = 0
const mismatches: Array<string> = []
for (const operation of operations) {
  const schema = operation.response as Schema.Schema<unknown, unknown>
  const documents = fc.sample(Arbitraries.make(schema), { numRuns: 20, seed: 1 }).map((value) =>
    JSON.stringify(Schema.encodeSync(schema)(value))
  )
  documents.push("{}", "[]", `{"systemMessages":7}`)
  const copying = makeDecoder(schema)
  const json = makeJsonDecoder(schema)
  for (const document of documents) {
    const expected = format(Schema.decodeUnknownEither(schema, { errors: "first" })(JSON.parse(document)))
    if (Either.isRight(expected)) valid++
    else invalid++
    for (const actual of [copying(JSON.parse(document)), json(JSON.parse(document), document)]) {
      if (!isDeepStrictEqual(format(actual), expected)) mismatches.push(`${operation.name}: ${document}`)
    }
  }
}

console.log(JSON.stringify({
  canGenerate,
  fastDecoder: fastDecoder(Trip.TripResponse, { inPlace: true }) !== undefined,
  valid,
  invalid,
  mismatches
}))
