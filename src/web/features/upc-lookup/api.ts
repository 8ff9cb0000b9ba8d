import { z } from 'zod';
import { LOOKUP, type UpcMatch, upcMatchSchema } from '../../../contract/inventory-lookup';
import { apiGet, queryString } from '../../lib/api-client';

export const UPC_TEXTS = { lookupFailed: 'Failed to look up UPCs' } as const;

/** Splits pasted or typed text into codes: one per line, or separated by spaces, commas or semicolons. */
export function splitCodes(text: string): string[] {
  return text
    .split(/[\s,;]+/)
    .map((c) => c.trim())
    .filter((c) => c !== '');
}

/** GET /Inventory/LookupUpc, in calls of at most LOOKUP.maxUpcs codes; answers in the order given. */
export async function lookupUpcs(codes: string[]): Promise<UpcMatch[]> {
  const answers: UpcMatch[] = [];
  for (let i = 0; i < codes.length; i += LOOKUP.maxUpcs) {
    const chunk = codes.slice(i, i + LOOKUP.maxUpcs);
    answers.push(...(await apiGet(`/Inventory/LookupUpc${queryString({ upc: chunk })}`, z.array(upcMatchSchema), UPC_TEXTS.lookupFailed)));
  }
  return answers;
}
