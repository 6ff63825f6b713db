import * as AST from "effect/SchemaAST"
import * as Trip from "../src/Trip.js"
import * as GeoObject from "../src/GeoObject.js"
import * as StopFinder from "../src/StopFinder.js"
import * as CoordInfo from "../src/CoordInfo.js"
import * as AddInfo from "../src/AddInfo.js"
import * as OpArea from "../src/OpArea.js"
import * as ServingLines from "../src/ServingLines.js"
import * as VehicleDetail from "../src/VehicleDetail.js"

const show = (ast: AST.AST, depth: number, seen: Set<AST.AST>): string => {
  const pad = "  ".repeat(depth)
  const id = AST.getIdentifierAnnotation(ast)
  const label = `${pad}${ast._tag}${id._tag === "Some" ? ` (${id.value})` : ""}`
  if (depth > 12) return label + " ..."
  switch (ast._tag) {
    case "TypeLiteral":
      return [label, ...ast.propertySignatures.map((ps) => `${pad}  .${String(ps.name)}${ps.isOptional ? "?" : ""}:\n${show(ps.type, depth + 2, seen)}`),
        ...ast.indexSignatures.map((is) => `${pad}  [${is.parameter._tag}]:\n${show(is.type, depth + 2, seen)}`)].join("\n")
    case "TupleType":
      return [label + ` elements=${ast.elements.length} rest=${ast.rest.length}`, ...ast.elements.map((e) => show(e.type, depth + 1, seen)), ...ast.rest.map((e) => show(e.type, depth + 1, seen))].join("\n")
    case "Union":
      return [label, ...ast.types.map((t) => show(t, depth + 1, seen))].join("\n")
    case "Refinement":
      return [label, show(ast.from, depth + 1, seen)].join("\n")
    case "Transformation":
      return [label + ` kind=${ast.transformation._tag}` + (ast.transformation._tag === "TypeLiteralTransformation" ? " " + ast.transformation.propertySignatureTransformations.map((p) => `${String(p.from)}->${String(p.to)}`).join(",") : ""), `${pad} from:`, show(ast.from, depth + 1, seen), `${pad} to:`, show(ast.to, depth + 1, seen)].join("\n")
    case "Literal":
      return label + " " + JSON.stringify(ast.literal)
    default:
      return label
  }
}
for (const [name, m] of Object.entries({ Trip, GeoObject, StopFinder, CoordInfo, AddInfo, OpArea, ServingLines, VehicleDetail })) {
  console.log("=====", name)
  console.log(show((m as any).operation.response.ast, 0, new Set()))
}
