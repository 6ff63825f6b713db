// The notices' de-duplication (`AddInfo.dedupe`), apart from the operation module so that the rapidJSON codec
// of notices uses it without loading the operation. Generic in the notice, so that it imports nothing.

/**
 * See `AddInfo.dedupe`.
 *
 * @internal
 */
export const dedupe = <Notice extends { readonly id: string; readonly lines: ReadonlyArray<string> }>(
  notices: ReadonlyArray<Notice>
): ReadonlyArray<Notice> => {
  const positions = new Map<string, number>()
  let out: Array<Notice> | undefined
  let merged: Map<number, Set<string>> | undefined
  for (let i = 0; i < notices.length; i++) {
    const notice = notices[i]!
    const at = positions.get(notice.id)
    if (at === undefined) {
      positions.set(notice.id, out === undefined ? i : out.length)
      out?.push(notice)
      continue
    }
    if (out === undefined) out = notices.slice(0, i)
    merged ??= new Map()
    let lines = merged.get(at)
    if (lines === undefined) {
      lines = new Set(out[at]!.lines)
      merged.set(at, lines)
    }
    for (const line of notice.lines) lines.add(line)
  }
  if (out === undefined) return notices
  if (merged !== undefined) {
    for (const [at, set] of merged) {
      const first = out[at]!
      const lines = Array.from(set)
      if (lines.length !== first.lines.length || lines.some((line, i) => first.lines[i] !== line)) {
        out[at] = { ...first, lines }
      }
    }
  }
  return out
}
