// The files a package.json's `exports` and `bin` name, checked against the files of its tarball: a target
// that is not in the tarball is a subpath that fails for every user (`dist/` left out of a pack that did
// not build first, a renamed module).

/** Every target path of an `exports` value: the strings under any nesting of conditions (`null` has none). */
const targetsOf = (value) =>
  typeof value === "string"
    ? [value]
    : value !== null && typeof value === "object"
    ? Object.values(value).flatMap(targetsOf)
    : []

/** The `exports` entries as subpath and target; an `exports` of conditions only is the `.` entry. */
const exportEntries = (exportsField) => {
  const bySubpath = exportsField !== null && typeof exportsField === "object" && !Array.isArray(exportsField) &&
    Object.keys(exportsField).some((key) => key.startsWith("."))
  return bySubpath
    ? Object.entries(exportsField).flatMap(([subpath, value]) => targetsOf(value).map((target) => ({ subpath, target })))
    : targetsOf(exportsField).map((target) => ({ subpath: ".", target }))
}

/**
 * What `exports` and `bin` name that `files` (the tarball's paths, without `package/`) lack: a plain target
 * must be one of the files, a pattern (`./dist/*.js`) must match at least one.
 */
export const missingTargets = (manifest, files) => {
  const bins = typeof manifest.bin === "string"
    ? [{ subpath: "bin", target: manifest.bin }]
    : Object.entries(manifest.bin ?? {}).map(([name, target]) => ({ subpath: `bin ${name}`, target }))
  const present = new Set(files)
  const matches = (target) => {
    const path = target.replace(/^\.\//, "")
    if (!path.includes("*")) return present.has(path)
    const [before, after] = path.split("*")
    return files.some((file) => file.length >= before.length + after.length && file.startsWith(before) &&
      file.endsWith(after))
  }
  return [...exportEntries(manifest.exports), ...bins].filter(({ target }) => !matches(target))
    .map(({ subpath, target }) => `${subpath} names ${target}, which is not in the tarball`)
}
