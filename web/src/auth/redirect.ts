const ORIGIN = 'https://console.invalid';

/**
 * `?redirect=` keeps where a signed-out visitor was going; only a path of this origin is followed. Browsers
 * read `\` as `/` and drop tabs and newlines in URLs, so `/\evil.example` would leave the site: anything with
 * a backslash (plain or encoded) or a control character is refused, and what remains must resolve to this
 * origin.
 */
export function safeRedirect(value: unknown): string {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//')) return '/';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
  if (/[\\\u0000-\u001f\u007f]|%5c/i.test(value)) return '/';
  try {
    const url = new URL(value, ORIGIN);
    return url.origin === ORIGIN ? `${url.pathname}${url.search}${url.hash}` : '/';
  } catch {
    return '/';
  }
}
