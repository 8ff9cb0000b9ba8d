import type { Grid, GridCell } from '../../../contract/grid';

/** What the grid page works out from the answer and the typed quantities (pure, tested beside). */

export type Quantities = Record<string, string>;
export type Move = 'up' | 'down' | 'left' | 'right';

/** The keys that move between cells; Enter moves down, as in a spreadsheet. */
export const MOVE_KEYS: Record<string, Move> = { ArrowUp: 'up', ArrowDown: 'down', ArrowLeft: 'left', ArrowRight: 'right', Enter: 'down' };

/** Cells by `row.column`. */
export const cellKey = (row: number, column: number) => `${row}.${column}`;

/**
 * The next cell in a direction, skipping holes (a colour not made in a size); at the edge it
 * wraps to the next row (right) or the previous one (left), and stays put up and down.
 */
export function nextCell(grid: Grid, at: { row: number; column: number }, move: Move): GridCell | null {
  const byKey = new Map(grid.cells.map((c) => [cellKey(c.row, c.column), c]));
  if (move === 'up' || move === 'down') {
    const step = move === 'down' ? 1 : -1;
    for (let r = at.row + step; r >= 0 && r < grid.rows.length; r += step) {
      const c = byKey.get(cellKey(r, at.column));
      if (c) return c;
    }
    return null;
  }
  // Left and right walk the cells in reading order.
  const i = grid.cells.findIndex((c) => c.row === at.row && c.column === at.column);
  return grid.cells[move === 'right' ? i + 1 : i - 1] ?? null;
}

/** A typed quantity: empty (no line), a whole number 1–9999, or not a quantity. */
export function parseQty(text: string | undefined): number | null | 'bad' {
  const t = (text ?? '').trim();
  if (t === '' || t === '0') return null;
  if (!/^\d{1,4}$/.test(t)) return 'bad';
  return Number(t);
}

export const cellLabel = (grid: Grid, cell: GridCell) => `${grid.rows[cell.row]}, ${grid.columns[cell.column]}`;

export interface Totals {
  units: number;
  /** Dollars at the caller's prices; null when prices are not shown (signed out). */
  amount: number | null;
}

const addTo = (t: Totals, qty: number, cell: GridCell) => {
  t.units += qty;
  if (t.amount !== null) t.amount = cell.price === undefined ? null : Math.round((t.amount + qty * cell.price) * 100) / 100;
};

/** Units and money per row (by row index) and for the grid; rows without units are absent. */
export function totalsOf(grid: Grid, qtys: Quantities): { rows: Map<number, Totals>; grid: Totals } {
  const rows = new Map<number, Totals>();
  const all: Totals = { units: 0, amount: 0 };
  for (const cell of grid.cells) {
    const qty = parseQty(qtys[cell.invNum]);
    if (typeof qty !== 'number') continue;
    const row = rows.get(cell.row) ?? { units: 0, amount: 0 };
    addTo(row, qty, cell);
    addTo(all, qty, cell);
    rows.set(cell.row, row);
  }
  return { rows, grid: all };
}

/** The lines to add, in grid order, or the cells whose text is not a quantity (named by colour and size). */
export function linesToAdd(grid: Grid, qtys: Quantities): { lines: { invNum: string; qty: number }[]; bad: string[]; cells: GridCell[] } {
  const lines: { invNum: string; qty: number }[] = [];
  const cells: GridCell[] = [];
  const bad: string[] = [];
  for (const cell of grid.cells) {
    const qty = parseQty(qtys[cell.invNum]);
    if (qty === 'bad') bad.push(`${cellLabel(grid, cell)}: enter a whole number from 1 to 9999`);
    else if (qty !== null) {
      lines.push({ invNum: cell.invNum, qty });
      cells.push(cell);
    }
  }
  return { lines, bad, cells };
}

/** The server names a refused line "Line 3 (11001): …": name it by colour and size instead. */
export function nameRefusedLines(grid: Grid, cells: GridCell[], errors: string[]): string[] {
  return errors.map((e) => {
    const m = /^Line (\d+)(?: \([^)]*\))?: (.*)$/.exec(e);
    const cell = m ? cells[Number(m[1]) - 1] : undefined;
    return cell ? `${cellLabel(grid, cell)} (item ${cell.invNum}): ${m![2]}` : e;
  });
}
