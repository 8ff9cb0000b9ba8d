/** A returnTo of this site only (a path), never an absolute URL planted in a link. */
export function safeReturnTo(value: string | null): string | null {
  return value && value.startsWith('/') && !value.startsWith('//') ? value : null;
}
