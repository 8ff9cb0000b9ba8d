import { useCallback, useState } from 'react';
import { SURVEY } from '../../../contract/survey';

/** Quantities by item number (spec §3: "kept per itemnum"), one map per survey. */
export type Quantities = Record<string, number>;

const storageKey = (masterId: string) => `shop.survey.${masterId.toUpperCase()}`;

/** A survey quantity: a whole number from 0 (spec §5); anything else counts as 0. */
export function toSurveyQty(value: unknown): number {
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
  if (!Number.isFinite(n) || n < SURVEY.minQty) return 0;
  return Math.min(SURVEY.maxQty, Math.floor(n));
}

function read(masterId: string): Quantities {
  try {
    const raw: unknown = JSON.parse(localStorage.getItem(storageKey(masterId)) ?? '{}');
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return {};
    const out: Quantities = {};
    for (const [num, qty] of Object.entries(raw)) {
      const q = toSurveyQty(qty);
      if (q > 0) out[num] = q;
    }
    return out;
  } catch {
    return {};
  }
}

function write(masterId: string, quantities: Quantities): void {
  try {
    if (Object.keys(quantities).length === 0) localStorage.removeItem(storageKey(masterId));
    else localStorage.setItem(storageKey(masterId), JSON.stringify(quantities));
  } catch {
    // private mode: the quantities live until the tab closes
  }
}

/** The form's quantities, kept in localStorage so they survive a reload (a small UI preference, DESIGN.md §4). */
export function useSurveyQuantities(masterId: string) {
  const [quantities, setQuantities] = useState<Quantities>(() => read(masterId));
  const setQty = useCallback(
    (itemnum: string, value: unknown) =>
      setQuantities((prev) => {
        const next = { ...prev };
        const q = toSurveyQty(value);
        if (q > 0) next[itemnum] = q;
        else delete next[itemnum];
        write(masterId, next);
        return next;
      }),
    [masterId],
  );
  const clear = useCallback(() => {
    write(masterId, {});
    setQuantities({});
  }, [masterId]);
  return { quantities, setQty, clear };
}
