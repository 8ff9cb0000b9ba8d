/**
 * UPC-A: 12 digits, the last a check digit over the first 11. Import rejects codes whose check
 * digit is wrong, because a mistyped UPC would make the item impossible to find by scanning.
 */

/** The check digit for the first 11 digits of a UPC-A (odd positions weigh 3, even 1). */
export function upcCheckDigit(first11: string): number {
  if (!/^\d{11}$/.test(first11)) throw new Error(`UPC body must be 11 digits, got "${first11}"`);
  let sum = 0;
  for (let i = 0; i < 11; i++) sum += Number(first11[i]) * (i % 2 === 0 ? 3 : 1);
  return (10 - (sum % 10)) % 10;
}

/** True for 12 digits whose last digit is the right check digit. */
export function isValidUpc(upc: string): boolean {
  return /^\d{12}$/.test(upc) && upcCheckDigit(upc.slice(0, 11)) === Number(upc[11]);
}

/** A full UPC-A from 11 digits, appending the check digit. */
export function withCheckDigit(first11: string): string {
  return `${first11}${upcCheckDigit(first11)}`;
}
