import type { Kysely } from 'kysely';
import { GRID_MESSAGES as M, type Grid, type GridQuery } from '../../../contract/grid';
import { NotFound } from '../../platform/errors';
import type { DB } from '../../platform/db/schema';
import type { CatalogueIndex } from '../catalogue-index';
import type { PriceView } from '../pricing/price-book';
import type { IndexedItem } from '../read-index/item';
import type { CatalogueService } from '../service';
import { packagingByNum } from './queries';

/** A category's grid without prices and stock: which item sits in which cell. */
interface GridShape {
  description: string;
  rows: string[];
  /** Each row's colour family. */
  families: string[];
  columns: string[];
  cells: { row: number; column: number; item: IndexedItem }[];
}

/** Shapes kept per index version; a few categories are asked for, so a small bound is enough. */
const MAX_SHAPES = 64;

const cents = (c: number) => Math.round(c) / 100;
/** Item numbers in number order (shorter first, as they are digits of varying length). */
const byNum = (a: string, b: string) => a.length - b.length || (a < b ? -1 : a > b ? 1 : 0);
/** Sizes smallest first: `5"` < `11"` < `260`; sizes that are not numbers after, by name. */
const sizeOrder = (a: string, b: string) => (parseFloat(a) || Infinity) - (parseFloat(b) || Infinity) || a.localeCompare(b);
/** Packs biggest first: `100 ct bag` before `50 ct bag`. */
const packOrder = (a: string, b: string) => (parseFloat(b) || 0) - (parseFloat(a) || 0) || a.localeCompare(b);

/**
 * The colour × size order grid (docs/decisions/0043-grid-ordering.md), built from the read index:
 * items with exactly one colour and one size, by colour group; each main group is a column (its
 * size, and its pack where a size comes in several). A category whose columns or cells cannot be
 * told apart by colour, size and pack (foil shapes), or with fewer than two colours, has none.
 */
export class GridService {
  private shapes = new Map<string, GridShape | null>();
  private shapesVersion = '';

  constructor(
    private readonly db: Kysely<DB>,
    private readonly catalogue: CatalogueService,
  ) {}

  async grid(query: GridQuery, prices: PriceView | null): Promise<Grid> {
    const index = this.catalogue.current();
    const category = index.categories.get(query.categoryNum);
    if (!category || category.kind !== 'tree') throw new NotFound(`Category ${query.categoryNum} not found`);
    const shape = await this.shapeOf(index, query.categoryNum);
    if (!shape) throw new NotFound(M.notAGrid(category.description));
    const group = query.group?.toLowerCase() ?? '';
    const keep = shape.families.map((f) => group === '' || f.toLowerCase() === group);
    if (!keep.includes(true)) throw new NotFound(M.noSuchGroup(query.group ?? ''));
    // Rows renumbered after the group's filter.
    const rowAt: number[] = [];
    const rows: string[] = [];
    shape.rows.forEach((name, r) => {
      rowAt.push(keep[r] ? rows.length : -1);
      if (keep[r]) rows.push(name);
    });
    const cells: Grid['cells'] = [];
    for (const { row, column, item } of shape.cells) {
      const at = rowAt[row]!;
      if (at < 0) continue;
      cells.push({
        row: at,
        column,
        invNum: item.num,
        ...(prices ? { price: cents(prices.unitCents(item)) } : {}),
        srp: cents(item.srpCents),
        inStockWest: item.inWest,
        inStockEast: item.inEast,
        orderMultiple: item.orderMultiple,
      });
    }
    return { categoryNum: category.num, description: category.description, rows, columns: shape.columns, groups: [...new Set(shape.families)], cells };
  }

  private async shapeOf(index: CatalogueIndex, categoryNum: number): Promise<GridShape | null> {
    if (this.shapesVersion !== index.version) {
      this.shapes = new Map();
      this.shapesVersion = index.version;
    }
    const key = String(categoryNum);
    if (this.shapes.has(key)) return this.shapes.get(key)!;
    const shape = await buildShape(this.db, index, categoryNum);
    // The index may have moved on while the packs were read: keep only a shape of the current one.
    if (this.shapesVersion === index.version && this.shapes.size < MAX_SHAPES) this.shapes.set(key, shape);
    return shape;
  }
}

interface Placed {
  item: IndexedItem;
  colour: string;
  size: string;
}

/** Items by colour group (the same product in other colours); an item without one is a group alone. */
function colourGroups(index: CatalogueIndex, categoryNum: number): Map<string, Placed[]> {
  const colourNames = index.facetNames.get('color')!;
  const sizeNames = index.facetNames.get('size')!;
  const groups = new Map<string, Placed[]>();
  for (const pos of index.categoryMembers(categoryNum, 'num')) {
    const item = index.items[pos]!;
    const links = item.facets;
    if (links.color.length !== 1 || links.size.length !== 1) continue;
    const placed = { item, colour: colourNames.get(links.color[0]!) ?? links.color[0]!, size: sizeNames.get(links.size[0]!) ?? links.size[0]! };
    const key = item.colorGroup ? `g${item.colorGroup}` : `i${item.num}`;
    const group = groups.get(key);
    if (group) group.push(placed);
    else groups.set(key, [placed]);
  }
  return groups;
}

/**
 * The grid's columns: per size, the colour groups with at least half as many colours as that
 * size's biggest (the main line; another series in a few colours is left to the listing), each
 * group all of one size. Null when a group mixes sizes.
 */
function mainGroups(groups: Map<string, Placed[]>): Placed[][] | null {
  const bySize = new Map<string, Placed[][]>();
  for (const members of groups.values()) {
    const size = members[0]!.size;
    if (members.some((m) => m.size !== size)) return null;
    bySize.set(size, [...(bySize.get(size) ?? []), members]);
  }
  return [...bySize.values()].flatMap((sized) => {
    const most = Math.max(...sized.map((g) => g.length));
    return sized.filter((g) => g.length * 2 >= most);
  });
}

async function buildShape(db: Kysely<DB>, index: CatalogueIndex, categoryNum: number): Promise<GridShape | null> {
  const main = mainGroups(colourGroups(index, categoryNum));
  if (!main) return null;
  // A size with several main groups has a column per pack, labelled with its packaging.
  const perSize = new Map<string, number>();
  for (const g of main) perSize.set(g[0]!.size, (perSize.get(g[0]!.size) ?? 0) + 1);
  const firstNums = main.filter((g) => perSize.get(g[0]!.size)! > 1).map((g) => g[0]!.item.num);
  const packs = await packagingByNum(db, firstNums);
  const columnsOf = main.map((g) => ({ members: g, size: g[0]!.size, pack: perSize.get(g[0]!.size)! > 1 ? (packs.get(g[0]!.item.num) ?? '') : '' }));
  columnsOf.sort((a, b) => sizeOrder(a.size, b.size) || packOrder(a.pack, b.pack));
  const columns = columnsOf.map((c) => `${c.size} ${c.pack}`.trim());
  // Two columns of one size and pack vary by something else (foil shapes): not a grid.
  if (new Set(columns).size !== columns.length) return null;

  const placed = columnsOf.flatMap((c, column) => c.members.map((p) => ({ ...p, column })));
  placed.sort((a, b) => byNum(a.item.num, b.item.num));
  const rows: string[] = [];
  const families: string[] = [];
  const rowIndex = new Map<string, number>();
  const cells: GridShape['cells'] = [];
  const taken = new Set<string>();
  for (const p of placed) {
    if (!rowIndex.has(p.colour)) {
      rowIndex.set(p.colour, rows.length);
      rows.push(p.colour);
      families.push(p.item.colorFamily || p.colour);
    }
    const cell = { row: rowIndex.get(p.colour)!, column: p.column, item: p.item };
    const key = `${cell.row}.${cell.column}`;
    // One product in the same colour twice: the facets do not tell the items apart.
    if (taken.has(key)) return null;
    taken.add(key);
    cells.push(cell);
  }
  if (rows.length < 2) return null;
  cells.sort((a, b) => a.row - b.row || a.column - b.column);
  return { description: index.categories.get(categoryNum)!.description, rows, families, columns, cells };
}
