import { z } from 'zod';

/**
 * GET /System/GetCatalogs (spec §3 Catalogue link, §7; DESIGN.md §3): the PDFs the server
 * generates from the live catalogue, each with the folder the landing page groups it under.
 */
export const catalogLinkSchema = z.object({
  folder: z.string(),
  name: z.string(),
  url: z.string(),
  imageUrl: z.string(),
});
export type CatalogLink = z.infer<typeof catalogLinkSchema>;

export const catalogListSchema = z.array(catalogLinkSchema);

/** File names of the generated PDFs, served at /catalogs/<name>.pdf. */
export const CATALOG_FILES = {
  premiumLatex: 'premium-latex',
  foil: 'foil',
  bubbles: 'bubbles',
  latexPalette: 'premium-latex-palette',
} as const;
