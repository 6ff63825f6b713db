/**
 * The bounds a GTFS feed is read within, apart from the readers so that naming them loads no zip or CSV code.
 *
 * @since 0.1.0
 */

/**
 * The bounds a feed is read within: a feed is a file anyone may have downloaded from anywhere, and each bound
 * stops one that would take the machine's memory or time, with a {@link GtfsError} naming the bound. The
 * defaults take a whole country's feed (Germany's is of the order of 2 million trips, 40 million stop times
 * and a `stop_times.txt` of 2 GB); each one can be raised (or lowered) with `gtfsLimits` or `--gtfs-limit <name>=<value>`.
 *
 * @since 0.1.0
 * @category models
 */
export interface GtfsLimits {
  /** Bytes of one file of the feed, unpacked (default 4 GiB). */
  readonly maxFileBytes: number
  /** Bytes of all the feed's files together, unpacked (default 16 GiB). */
  readonly maxFeedBytes: number
  /**
   * How many times larger than in the zip a file of more than 1 MiB may be unpacked (default 100; text
   * compresses 5 to 20 times, a zip bomb 1000 times).
   */
  readonly maxCompressionRatio: number
  /** Characters of one line (a record, its quoted line breaks included; default 65,536). */
  readonly maxLineLength: number
  /** Characters of one field (default 4,096): a name as long as a book would be in every answer naming it. */
  readonly maxFieldLength: number
  /** Trips one `frequencies.txt` row may make (default 10,000: a run every 10 seconds for a day and more). */
  readonly maxFrequencyRuns: number
  /** Trips of the whole feed, those `frequencies.txt` makes included (default 10,000,000). */
  readonly maxTrips: number
  /** Stop times of the whole feed, those of the trips `frequencies.txt` makes included (default 200,000,000). */
  readonly maxStopTimes: number
  /**
   * Days of the dataset's window, from the feed's first service day (default 1,100: three years): the days a
   * calendar names after it are left out (and the banner says so), so that a calendar to the year 9999 is
   * read as far as the window goes.
   */
  readonly maxCalendarDays: number
}

/**
 * The default {@link GtfsLimits}.
 *
 * @since 0.1.0
 * @category constants
 */
export const DEFAULT_GTFS_LIMITS: GtfsLimits = {
  maxFileBytes: 4 * 1024 ** 3,
  maxFeedBytes: 16 * 1024 ** 3,
  maxCompressionRatio: 100,
  maxLineLength: 65_536,
  maxFieldLength: 4_096,
  maxFrequencyRuns: 10_000,
  maxTrips: 10_000_000,
  maxStopTimes: 200_000_000,
  maxCalendarDays: 1_100
}
