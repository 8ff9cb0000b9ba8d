import type { CatalogueContext } from '../catalogue';

/** content/ adds no services of its own: its routes use the database and the catalogue's. */
export type ContentContext = CatalogueContext;
