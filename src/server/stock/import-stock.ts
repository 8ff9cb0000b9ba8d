import type { Actor } from '../platform/audit/audit';

/**
 * Who `npm run import` acts as, in the audit log. The catalogue import writes no stock (its
 * stock columns are read-only, docs/decisions/0025): counts come in through stock only.
 */
export const IMPORT_ACTOR: Actor = { label: 'import', display: 'Shop', ip: '' };
