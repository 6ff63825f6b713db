/**
 * `GET /openapi.json`: the OpenAPI 3.1 document of the seven operations (and the vehicle-detail mode),
 * generated from the core's Schemas, with the fake's 400 answer added.
 *
 * @since 0.1.0
 */
import { OpenApi } from "@efa-kit/core"
import { Hono } from "hono"
import { operationsOf } from "../../registry.js"
import type { AppEnv } from "../context.js"
import { OPENAPI_PATH } from "../paths.js"
import { JSON_TYPE, methodNotAllowed } from "../send.js"
import type { RouteDeps } from "./operations.js"

const InvalidParameters = {
  type: "object",
  required: ["error", "operation", "path", "issues"],
  properties: {
    error: { type: "string", enum: ["invalid-parameters"] },
    operation: { type: "string" },
    path: { type: "string" },
    message: { type: "string" },
    issues: {
      type: "array",
      items: {
        type: "object",
        required: ["parameter", "message"],
        properties: { parameter: { type: "string" }, message: { type: "string" } }
      }
    }
  }
}

/**
 * The document the fake serves.
 *
 * @since 0.1.0
 * @category constructors
 */
export const openApiDocument = (deps: RouteDeps): OpenApi.Document =>
  OpenApi.make(operationsOf(deps.answers), {
    title: "EFA journey planning API (efa-kit mock server)",
    version: "0.1.0",
    description: "The seven EFA operations as served by @efa-kit/mock-server. Every request may add " +
      "outputFormat=JSON (the contract's format) or outputFormat=rapidJSON (the format of real deployments, " +
      "with coordOutputFormat in WGS84 degrees); other output formats are refused.",
    rapidJson: { timeZone: deps.options.timeZone },
    extraResponses: {
      "400": {
        description: "Invalid or missing parameters, each named with the reason (this fake's answer)",
        content: { "application/json": { schema: InvalidParameters } }
      }
    }
  })

/**
 * The router that serves `/openapi.json`.
 *
 * @since 0.1.0
 * @category routes
 */
export const openApiRoutes = (deps: RouteDeps): Hono<AppEnv> => {
  let cached: string | undefined
  return new Hono<AppEnv>()
    .get(OPENAPI_PATH, (c) => {
      cached ??= JSON.stringify(openApiDocument(deps))
      return c.body(cached, 200, { "content-type": JSON_TYPE })
    })
    .all(OPENAPI_PATH, methodNotAllowed(["GET", "HEAD"]))
}
