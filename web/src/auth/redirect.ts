/** `?redirect=` keeps where a signed-out visitor was going; only same-site paths are followed. */
export function safeRedirect(value: unknown): string {
  return typeof value === 'string' && value.startsWith('/') && !value.startsWith('//') ? value : '/';
}
