/** The module's public face: all another module may import of it (DESIGN.md §6). */
export { allocateStock, type Allocation, firstWarehouse, nearestWarehouse, type Warehouse } from './allocation';
export { itemsWithBackorders, type Waiting, type WaitingLine, waitingLines, waitingQueue } from './backorder-queries';
export { readStockCounts, type SeededStock, seedStock, type StockCounts } from './counts';
export { byBin, type Bins, readBins, type ShelfFacts, shelfFacts } from './bins';
export { hasAvailableStock, stockChangedSince, withStockLevels } from './levels';
export { type LowStockItem, LowStockTable, type StockedItem } from './low-stock';
export { type CheckoutStock, checkoutStockCtes, type Move, type MovementReason, recordCheckoutStock, recordMovements, recordShipMovements, type StockUnits } from './movements';
export { recordOpeningBalances } from './opening-balances';
export { availableOf, type Db, decrementStock, lockItems, markStockChanged, movementsCte, releaseToShelf, type StockRow } from './queries';
export { type StockLevels } from './tables';
export type { BackorderFill, Filled, FilledLine, ItemFinder } from './ports';
export type { StockContext } from './context';
export { stockModule } from './manifest';
