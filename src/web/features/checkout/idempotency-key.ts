/**
 * One key per checkout attempt: the same key on a double click or a retry makes the server answer
 * the first order instead of placing a second. A new attempt (anything in the order changed) gets
 * a new key.
 */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return `checkout-${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

export interface Attempt {
  signature: string;
  key: string;
}

/** The attempt for this order: the current one while nothing changed, else a new one. */
export function attemptFor(previous: Attempt | null, signature: string): Attempt {
  return previous && previous.signature === signature ? previous : { signature, key: newIdempotencyKey() };
}
