import { z } from 'zod';

/** `POST /beapi/Admin/Catalogs/Regenerate`: the landing page's catalogue PDFs, drawn from the catalogue as it is now. */
export const catalogsRegeneratedSchema = z.object({
  catalogs: z.array(z.object({ file: z.string(), name: z.string(), url: z.string(), version: z.string() })),
});
export type CatalogsRegenerated = z.infer<typeof catalogsRegeneratedSchema>;
