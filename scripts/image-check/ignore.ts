/**
 * A `.dockerignore` pattern against a path of the build context: `*` and `?` within one segment, `**` across
 * segments, and a pattern that names a folder excludes everything in it, as Docker reads the file.
 */
export function matchesIgnorePattern(rel: string, pattern: string): boolean {
  const clean = pattern.replace(/^\/+/, '').replace(/\/+$/, '');
  const source = clean
    .split('**')
    .map((part) =>
      part
        .replace(/[.+^${}()|[\]\\]/g, '\\$&')
        .replace(/\*/g, '[^/]*')
        .replace(/\?/g, '[^/]'),
    )
    .join('.*');
  return new RegExp(`^${source}(/.*)?$`).test(rel);
}
