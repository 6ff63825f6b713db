// Zip archives written by hand, so that a test can make the ones no zip tool writes: two entries of one name,
// an entry outside the feed's folder, a file that unpacks to a gigabyte from a megabyte.
import * as zlib from "node:zlib"

/** An entry: its bytes (deflated here), or a deflate stream made elsewhere with the size it unpacks to. */
export type ZipEntry =
  | { readonly name: string; readonly data: string | Buffer }
  | { readonly name: string; readonly deflated: Buffer; readonly size: number }

const u16 = (value: number) => {
  const buffer = Buffer.alloc(2)
  buffer.writeUInt16LE(value)
  return buffer
}
const u32 = (value: number) => {
  const buffer = Buffer.alloc(4)
  buffer.writeUInt32LE(value >>> 0)
  return buffer
}

/** The bytes of a zip archive of the entries, in order (the reader does not check CRCs of large entries). */
export const makeZip = (entries: ReadonlyArray<ZipEntry>): Buffer => {
  const locals: Array<Buffer> = []
  const centrals: Array<Buffer> = []
  let offset = 0
  for (const entry of entries) {
    const name = Buffer.from(entry.name, "utf8")
    const data = "data" in entry ? Buffer.from(entry.data) : undefined
    const compressed = data === undefined ? (entry as { deflated: Buffer }).deflated : zlib.deflateRawSync(data)
    const size = data === undefined ? (entry as { size: number }).size : data.length
    const crc = data === undefined ? 0 : zlib.crc32(data)
    const common = [u16(20), u16(0x0800), u16(8), u16(0), u16(0x21), u32(crc), u32(compressed.length), u32(size)]
    const local = Buffer.concat([u32(0x04034b50), ...common, u16(name.length), u16(0), name])
    centrals.push(
      Buffer.concat([
        u32(0x02014b50),
        u16(20),
        ...common,
        u16(name.length),
        u16(0),
        u16(0),
        u16(0),
        u16(0),
        u32(0),
        u32(offset),
        name
      ])
    )
    locals.push(local, compressed)
    offset += local.length + compressed.length
  }
  const central = Buffer.concat(centrals)
  const end = Buffer.concat([
    u32(0x06054b50),
    u16(0),
    u16(0),
    u16(entries.length),
    u16(entries.length),
    u32(central.length),
    u32(offset),
    u16(0)
  ])
  return Buffer.concat([...locals, central, end])
}

/**
 * A deflate stream of `head` and then `bytes` times the character `fill`, made without holding the whole:
 * one mebibyte deflated with a full flush (a block no other refers to) and repeated, then an empty last block.
 */
export const deflatedRun = (head: string, fill: string, mebibytes: number): { deflated: Buffer; size: number } => {
  const flush = { finishFlush: zlib.constants.Z_FULL_FLUSH }
  const chunk = zlib.deflateRawSync(Buffer.alloc(1024 * 1024, fill), flush)
  const start = zlib.deflateRawSync(Buffer.from(head), flush)
  const parts = [start, ...Array.from({ length: mebibytes }, () => chunk), Buffer.from([0x03, 0x00])]
  return { deflated: Buffer.concat(parts), size: Buffer.byteLength(head) + mebibytes * 1024 * 1024 }
}
