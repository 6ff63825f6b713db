/** What `exports` and `bin` name that `files` (the tarball's paths, without `package/`) lack. */
export declare const missingTargets: (
  manifest: { readonly exports?: unknown; readonly bin?: string | Record<string, string> },
  files: ReadonlyArray<string>
) => Array<string>
