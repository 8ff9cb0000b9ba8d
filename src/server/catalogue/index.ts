/** The module's public face: all another module may import of it (DESIGN.md §6). */
export { parseCsv } from './csv';
export { type BuiltItem } from './demo/item-builder';
export { SeededRandom } from './demo/random';
export { buildDemoCatalogue } from './demo/seed';
export { InventoryLookupService } from './inventory-lookup/service';
export { productInfoPolicy } from './item-detail';
export { type ImageMessages, uprightJpeg } from './photos/processing';
export { type ImageUploadRules, readImageUpload } from './photos/upload';
export { LIST_PRICES, type PriceBook, type PriceView } from './pricing/price-book';
export { roundUpToMultiple, unitPriceCents } from './pricing/unit-price';
export { type CatalogueService } from './service';
export { inTransaction } from './writes';
export type { CatalogueContext } from './context';
export { catalogueModule } from './manifest';
