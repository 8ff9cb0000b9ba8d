import type { StockContext } from '../stock';
import type { CatalogsService } from './catalogs/service';
import type { CategoryEditorService } from './category-editor/service';
import type { ItemEditorService } from './item-editor/service';
import type { ItemImportService } from './item-import/service';
import type { PriceBook } from './pricing/price-book';
import type { PricingAdminService } from './pricing/service';
import type { CatalogueService } from './service';

/** The services of catalogue/ on top of stock's. */
export interface CatalogueContext extends StockContext {
  catalogue: CatalogueService;
  /** The price levels this process has loaded: every buyer-side price goes through it (pricing/). */
  priceBook: PriceBook;
  /** The back office's item editor. */
  items: ItemEditorService;
  /** The back office's categories and NV collections. */
  categories: CategoryEditorService;
  /** The catalogue PDFs of the landing page, redrawn in the background after catalogue changes. */
  catalogs: CatalogsService;
  /** The back office's catalogue CSV: export, dry run and the apply's jobs. */
  itemImports: ItemImportService;
  /** The back office's price levels and quantity breaks. */
  pricing: PricingAdminService;
}
