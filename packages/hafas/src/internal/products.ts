// hafas-client's products over EFA's transport modes (MOT-IDs): one table, and a deployment's products are the
// rows whose modes it has (a profile's own product classes name the modes it reads; without them, every mode).
import type { Mode } from "../Fptf.js"

/** One product: hafas-client's `id`, `mode`, `name`, `short`, and the MOT-IDs it stands for. */
export interface ProductRow {
  readonly id: string
  readonly mode: Mode
  readonly name: string
  readonly short: string
  readonly mots: ReadonlyArray<number>
}

export const productRows: ReadonlyArray<ProductRow> = [
  { id: "national-express", mode: "train", name: "High-speed train", short: "ICE", mots: [16] },
  { id: "national", mode: "train", name: "InterCity & EuroCity", short: "IC/EC", mots: [14, 15] },
  { id: "regional", mode: "train", name: "Regional train", short: "RE/RB", mots: [13, 18] },
  { id: "train", mode: "train", name: "Train", short: "Train", mots: [0] },
  { id: "suburban", mode: "train", name: "S-Bahn", short: "S", mots: [1] },
  { id: "subway", mode: "train", name: "U-Bahn & metro", short: "U", mots: [2] },
  { id: "tram", mode: "train", name: "Stadtbahn & tram", short: "Tram", mots: [3, 4] },
  { id: "bus", mode: "bus", name: "Bus", short: "Bus", mots: [5, 6, 7, 11, 17, 19] },
  { id: "coach", mode: "bus", name: "Long-distance coach", short: "Coach", mots: [21] },
  { id: "cable-car", mode: "gondola", name: "Cable car & rack railway", short: "Cable car", mots: [8] },
  { id: "ferry", mode: "watercraft", name: "Ferry", short: "Ferry", mots: [9] },
  { id: "on-demand", mode: "taxi", name: "On-demand service", short: "On demand", mots: [10, 20] },
  { id: "aircraft", mode: "aircraft", name: "Aeroplane", short: "Plane", mots: [12] }
]

/** A product as a deployment has it: the rows' modes it reads, as hafas-client's `bitmasks` (bit n: MOT-ID n). */
export interface DeploymentProduct {
  readonly id: string
  readonly mode: Mode
  readonly name: string
  readonly short: string
  readonly default: boolean
  readonly bitmasks: ReadonlyArray<number>
  readonly mots: ReadonlyArray<number>
}

/** The products of a deployment whose product classes read as these MOT-IDs (`undefined`: every mode). */
export const productsOf = (modes: ReadonlySet<number> | undefined): ReadonlyArray<DeploymentProduct> =>
  productRows.flatMap((row) => {
    const mots = modes === undefined ? row.mots : row.mots.filter((mot) => modes.has(mot))
    return mots.length === 0
      ? []
      : [{
        id: row.id,
        mode: row.mode,
        name: row.name,
        short: row.short,
        default: true,
        mots,
        bitmasks: mots.map((mot) => 2 ** mot)
      }]
  })

const WALKS = new Set([97, 98, 99, 100, 105])

/**
 * The product of a MOT-ID: among a deployment's products, else the table's row of it (a mode the deployment's
 * classes do not name, as a fake or a neighbouring network may send); a walk or an unknown mode has none.
 */
export const productOfMot = (
  products: ReadonlyArray<DeploymentProduct>,
  mot: number
): Pick<DeploymentProduct, "id" | "mode" | "short"> | undefined =>
  products.find((product) => product.mots.includes(mot)) ?? productRows.find((row) => row.mots.includes(mot))

/** Whether a leg of this MOT-ID is a walk (walking, changing within a stop, staying seated). */
export const isWalk = (mot: number): boolean => WALKS.has(mot)

/** The MOT-IDs the products switched off in a hafas-client `products` option stand for. */
export const excludedMots = (
  products: ReadonlyArray<DeploymentProduct>,
  option: Readonly<Record<string, boolean>> | undefined
): Array<number> => {
  if (option === undefined || option === null) return []
  for (const id of Object.keys(option)) {
    if (!products.some((product) => product.id === id)) {
      throw new TypeError(`opt.products: unknown product "${id}"; known: ${products.map((p) => p.id).join(", ")}`)
    }
  }
  return products.filter((product) => option[product.id] === false).flatMap((product) => product.mots).sort((a, b) =>
    a - b
  )
}
