import { z } from 'zod';

/**
 * The largest number an id, an order, shipment or invoice number, or a cursor can be: the
 * databases store them as 32-bit integers (PostgreSQL's `integer`), so a larger number can name
 * nothing, and PostgreSQL would refuse it with an error instead of finding no row. Every number
 * a client sends to name a row is checked against it (400), never passed on to the database.
 */
export const DB_INT_MAX = 2_147_483_647;

/**
 * A row's number in a path, a query or a body (`field`: its key there): a whole number from 1 to
 * DB_INT_MAX. Its messages are the plain words' (contract/plain-words.ts), which name the field by
 * its label; this module stays free of the labels, as the storefront's first page imports it.
 */
export const rowNumber = (_field: string) => z.coerce.number().int().min(1).max(DB_INT_MAX);

/** True for a string of digits that names a possible row (no more than DB_INT_MAX). */
export const isRowNumberText = (text: string): boolean => /^\d{1,10}$/.test(text) && Number(text) >= 1 && Number(text) <= DB_INT_MAX;
