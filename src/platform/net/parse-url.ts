/** `text` as a URL (resolved against `base` when given), or null when it is not one: never a throw. */
export function parseUrl(text: string, base?: string | URL): URL | null {
  try {
    return new URL(text, base);
  } catch {
    return null;
  }
}
