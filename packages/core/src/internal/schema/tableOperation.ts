// A table-only operation, built from its parameter table and its response model: an operation whose every wire
// parameter is a row of its table (no choice between request forms, no hand-written mapping). Its request model,
// wire struct, query codec and descriptor are the same for every such operation, so they are built here once;
// the operation's module keeps its table, its response model and what its descriptor says of it.
import * as Schema from "effect/Schema"
import type { OperationError } from "../../EfaError.js"
import type { Operation } from "../../Operation.js"
import { contractPaths, type OperationName } from "./operationNames.js"
import type { ModelFields, ParamFields, Rows, Table } from "./paramTable.js"
import { defineQuery, type QueryPairs } from "./query.js"

/**
 * What a table-only operation's module says of it: its table and response model, and the parts of its
 * descriptor that are its own (`summary`, `hasResult`, `resultKeys`, `nothing`, `timeToLive`, `rapidJson`, and
 * `errors` where it adds some).
 *
 * @internal
 */
export type TableOperationSpec<
  Name extends OperationName,
  T extends Rows,
  Response,
  ResponseEncoded,
  Errors extends { readonly [Tag in OperationError["_tag"]]?: true }
> =
  & Omit<
    Operation<Name, Schema.Schema.Type<Schema.Struct<ModelFields<T>>>, Response, ResponseEncoded>,
    "name" | "path" | "params" | "request" | "query" | "response" | "errors"
  >
  & {
    readonly table: Table<T>
    readonly response: Schema.Schema<Response, ResponseEncoded>
    readonly errors?: Errors
  }

/**
 * A table-only operation's parts: the request model (`<Name>Request`), the wire struct (`<Name>Params`), the
 * query codec (`<Name>Query`) and the descriptor.
 *
 * @internal
 */
export interface TableOperation<
  Name extends OperationName,
  T extends Rows,
  Response,
  ResponseEncoded,
  Errors
> {
  readonly request: Schema.Struct<ModelFields<T>>
  readonly params: Schema.Struct<ParamFields<T>>
  readonly query: Schema.Schema<Schema.Schema.Type<Schema.Struct<ModelFields<T>>>, QueryPairs>
  readonly operation:
    & Omit<
      Operation<
        Name,
        Schema.Schema.Type<Schema.Struct<ModelFields<T>>>,
        Response,
        ResponseEncoded,
        Schema.Schema.Encoded<Schema.Struct<ModelFields<T>>>
      >,
      "errors"
    >
    & { readonly errors: Errors }
}

/**
 * Builds a table-only operation: its request model and wire struct from the table's rows (identifiers
 * `<Name>Request`, `<Name>Params`, `<Name>Query` with the name capitalised), its query codec mapping the rows
 * both ways, and its descriptor with the contract's path of `name`.
 *
 * @internal
 */
export const tableOperation = <
  const Name extends OperationName,
  T extends Rows,
  Response,
  ResponseEncoded,
  const Errors extends { readonly [Tag in OperationError["_tag"]]?: true } = {}
>(
  name: Name,
  spec: TableOperationSpec<Name, T, Response, ResponseEncoded, Errors>
): TableOperation<Name, T, Response, ResponseEncoded, Errors> => {
  const { errors, table, ...own } = spec
  const prefix = name[0]!.toUpperCase() + name.slice(1)
  // The rows' schemas have no context, which the compiler cannot see through a generic table: the parts are
  // built on the table's untyped view and typed once, as the rows map them (`TableOperation`).
  const rows = table as unknown as Table<Rows>
  const request = Schema.Struct(rows.fields).annotations({ identifier: `${prefix}Request` }) as Schema.Schema.Any
  const params = Schema.Struct(rows.params).annotations({ identifier: `${prefix}Params` }) as Schema.Schema.Any
  const query = defineQuery(`${prefix}Query`, params as Schema.Schema<any, any>, request as Schema.Schema<any>, {
    decode: (p, issues) => rows.decode(p, issues, {}),
    encode: (model) => rows.encode(model, {})
  })
  const parts = {
    request,
    params,
    query,
    operation: {
      ...own,
      name,
      errors: errors ?? {},
      path: contractPaths[name],
      params,
      request,
      query: () => query
    }
  }
  return parts as unknown as TableOperation<Name, T, Response, ResponseEncoded, Errors>
}
