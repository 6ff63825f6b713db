/**
 * A reader of the few GTFS-Realtime messages the fake applies (`FeedMessage`, `FeedEntity`, `TripUpdate`,
 * `TripDescriptor`, `StopTimeUpdate`, `StopTimeEvent`), written against the protobuf wire format: varints,
 * 64-bit and 32-bit fields and length-delimited fields, unknown fields skipped. The fake reads trip updates
 * only, so it carries no protobuf runtime (the official bindings bring a protobuf compiler and a documentation
 * generator to every install).
 *
 * Field numbers from `gtfs-realtime.proto` (GTFS Realtime v2.0).
 *
 * @since 0.3.0
 */

/**
 * A `TripUpdate.StopTimeEvent`: what is absent is undefined (protobuf's defaults are not taken for values).
 *
 * @since 0.3.0
 * @category models
 */
export interface StopTimeEvent {
  readonly delay: number | undefined
  /** Epoch seconds. */
  readonly time: number | undefined
}

/**
 * @since 0.3.0
 * @category models
 */
interface StopTimeUpdate {
  readonly stopSequence: number | undefined
  readonly stopId: string | undefined
  readonly arrival: StopTimeEvent | undefined
  readonly departure: StopTimeEvent | undefined
  /** 0 scheduled, 1 skipped, 2 no data, 3 unscheduled. */
  readonly scheduleRelationship: number
}

/**
 * @since 0.3.0
 * @category models
 */
interface TripUpdateMessage {
  readonly tripId: string | undefined
  readonly startTime: string | undefined
  readonly startDate: string | undefined
  /** The trip's: 0 scheduled, 1 added, 2 unscheduled, 3 canceled, 5 replacement, 6 duplicated, 7 deleted. */
  readonly scheduleRelationship: number
  readonly stopTimeUpdates: ReadonlyArray<StopTimeUpdate>
  readonly delay: number | undefined
}

/**
 * The trip updates of a `FeedMessage`, with the index of their entity.
 *
 * @since 0.3.0
 * @category models
 */
interface TripUpdates {
  readonly entities: number
  readonly tripUpdates: ReadonlyArray<{ readonly entity: number; readonly update: TripUpdateMessage }>
}

class Reader {
  pos: number
  constructor(readonly bytes: Uint8Array, start: number, readonly end: number) {
    this.pos = start
  }
  varint(): bigint {
    let result = 0n
    let shift = 0n
    for (;;) {
      if (this.pos >= this.end) throw new Error("truncated varint")
      const byte = this.bytes[this.pos++]!
      result |= BigInt(byte & 0x7f) << shift
      if ((byte & 0x80) === 0) return result
      shift += 7n
      if (shift > 63n) throw new Error("varint too long")
    }
  }
  // a varint read as an int32/int64: two's complement in 64 bits
  signed(): number {
    return Number(BigInt.asIntN(64, this.varint()))
  }
  unsigned(): number {
    return Number(BigInt.asUintN(64, this.varint()))
  }
  // the bounds of a length-delimited field
  length(): readonly [number, number] {
    const length = this.unsigned()
    const start = this.pos
    if (length > this.end - start) throw new Error("truncated field")
    this.pos = start + length
    return [start, start + length]
  }
  string(): string {
    const [start, end] = this.length()
    return new TextDecoder("utf-8", { fatal: true }).decode(this.bytes.subarray(start, end))
  }
  skip(wireType: number): void {
    if (wireType === 0) this.varint()
    else if (wireType === 1) this.pos += 8
    else if (wireType === 2) this.length()
    else if (wireType === 5) this.pos += 4
    else throw new Error(`unsupported wire type ${wireType}`)
    if (this.pos > this.end) throw new Error("truncated field")
  }
  // calls `field` for every field of the message, which reads it or returns false to skip it
  fields(field: (number: number, wireType: number) => boolean): void {
    while (this.pos < this.end) {
      const tag = this.unsigned()
      const number = Math.floor(tag / 8)
      const wireType = tag % 8
      if (number === 0) throw new Error("field number 0")
      if (!field(number, wireType)) this.skip(wireType)
    }
  }
  sub(): Reader {
    const [start, end] = this.length()
    return new Reader(this.bytes, start, end)
  }
}

const stopTimeEvent = (reader: Reader): StopTimeEvent => {
  let delay: number | undefined
  let time: number | undefined
  reader.fields((number, wireType) => {
    if (wireType !== 0) return false
    if (number === 1) delay = Number(BigInt.asIntN(32, reader.varint()))
    else if (number === 2) time = reader.signed()
    else return false
    return true
  })
  return { delay, time }
}

const stopTimeUpdate = (reader: Reader): StopTimeUpdate => {
  let stopSequence: number | undefined
  let stopId: string | undefined
  let arrival: StopTimeEvent | undefined
  let departure: StopTimeEvent | undefined
  let scheduleRelationship = 0
  reader.fields((number, wireType) => {
    if (number === 1 && wireType === 0) stopSequence = reader.unsigned()
    else if (number === 4 && wireType === 2) stopId = reader.string()
    else if (number === 2 && wireType === 2) arrival = stopTimeEvent(reader.sub())
    else if (number === 3 && wireType === 2) departure = stopTimeEvent(reader.sub())
    else if (number === 5 && wireType === 0) scheduleRelationship = reader.signed()
    else return false
    return true
  })
  return { stopSequence, stopId, arrival, departure, scheduleRelationship }
}

const tripDescriptor = (reader: Reader) => {
  let tripId: string | undefined
  let startTime: string | undefined
  let startDate: string | undefined
  let scheduleRelationship = 0
  reader.fields((number, wireType) => {
    if (number === 1 && wireType === 2) tripId = reader.string()
    else if (number === 2 && wireType === 2) startTime = reader.string()
    else if (number === 3 && wireType === 2) startDate = reader.string()
    else if (number === 4 && wireType === 0) scheduleRelationship = reader.signed()
    else return false
    return true
  })
  return { tripId, startTime, startDate, scheduleRelationship }
}

const readTripUpdate = (reader: Reader): TripUpdateMessage => {
  let descriptor: ReturnType<typeof tripDescriptor> = {
    tripId: undefined,
    startTime: undefined,
    startDate: undefined,
    scheduleRelationship: 0
  }
  let delay: number | undefined
  const stopTimeUpdates: Array<StopTimeUpdate> = []
  reader.fields((number, wireType) => {
    if (number === 1 && wireType === 2) descriptor = tripDescriptor(reader.sub())
    else if (number === 2 && wireType === 2) stopTimeUpdates.push(stopTimeUpdate(reader.sub()))
    else if (number === 5 && wireType === 0) delay = Number(BigInt.asIntN(32, reader.varint()))
    else return false
    return true
  })
  return { ...descriptor, stopTimeUpdates, delay }
}

/**
 * The trip updates of a GTFS-Realtime `FeedMessage`; throws an `Error` naming what is broken when the bytes are
 * not one.
 *
 * @since 0.3.0
 * @category decoding
 */
export const decodeTripUpdates = (bytes: Uint8Array): TripUpdates => {
  const tripUpdates: Array<{ entity: number; update: TripUpdateMessage }> = []
  let entities = 0
  let header = false
  const message = new Reader(bytes, 0, bytes.length)
  message.fields((number, wireType) => {
    if (number === 1 && wireType === 2) {
      header = true
      return false
    }
    if (number !== 2 || wireType !== 2) return false
    // a FeedEntity: its trip update, if any
    const entity = entities++
    const reader = message.sub()
    reader.fields((field, type) => {
      if (field !== 3 || type !== 2) return false
      tripUpdates.push({ entity, update: readTripUpdate(reader.sub()) })
      return true
    })
    return true
  })
  if (!header) throw new Error("no FeedHeader")
  return { entities, tripUpdates }
}
