import type { ModuleRoutes } from '../platform/http/module-routes';
import { catalogRegenerateRoutes } from './catalogs/catalog-routes';
import { catalogRoutes } from './catalogs/routes';
import { categoryRoutes } from './category-editor/category-routes';
import type { CatalogueContext } from './context';
import { inventoryLookupRoutes } from './inventory-lookup/routes';
import { itemRoutes } from './item-editor/item-routes';
import { itemImportRoutes } from './item-import/item-import-routes';
import { photoImageRoutes } from './photos/image-routes';
import { photoRoutes } from './photos/photo-routes';
import { pictureRoutes } from './picture-routes';
import { erpRoutes } from './pricing/erp-routes';
import { pricingRoutes } from './pricing/pricing-routes';
import { catalogueRoutes } from './routes';
import { searchSynonymRoutes } from './search-synonym-routes';

export const catalogueModule: ModuleRoutes<CatalogueContext> = {
  name: 'catalogue',
  api: [catalogueRoutes, inventoryLookupRoutes],
  admin: [itemRoutes, photoRoutes, categoryRoutes, itemImportRoutes, catalogRegenerateRoutes, pricingRoutes, erpRoutes, searchSynonymRoutes],
  site: [pictureRoutes, photoImageRoutes, catalogRoutes],
};
