import { describe, expect, it } from 'vitest';
import type { Grid } from '../../../contract/grid';
import { linesToAdd, nameRefusedLines, nextCell, totalsOf } from './grid-state';

const cell = (row: number, column: number, invNum: string, price?: number) => ({ row, column, invNum, srp: 2, inStockWest: true, inStockEast: true, orderMultiple: 1, ...(price === undefined ? {} : { price }) });
// Red in 5" and 11"; Blue in 11" only (no 5"); Pink in 5" and 11".
const grid: Grid = {
  categoryNum: 1,
  description: 'Latex',
  rows: ['Red', 'Blue', 'Pink'],
  columns: ['5"', '11"'],
  groups: ['Red', 'Blue', 'Pink'],
  cells: [cell(0, 0, 'r5', 1.5), cell(0, 1, 'r11', 3), cell(1, 1, 'b11', 3), cell(2, 0, 'p5', 1.5), cell(2, 1, 'p11', 3)],
};

describe('grid cells and keys', () => {
  it('moves down over a hole, right along the row and on to the next row, and stops at the edges', () => {
    expect(nextCell(grid, { row: 0, column: 0 }, 'down')?.invNum).toBe('p5');
    expect(nextCell(grid, { row: 0, column: 0 }, 'right')?.invNum).toBe('r11');
    expect(nextCell(grid, { row: 0, column: 1 }, 'right')?.invNum).toBe('b11');
    expect(nextCell(grid, { row: 1, column: 1 }, 'left')?.invNum).toBe('r11');
    expect(nextCell(grid, { row: 0, column: 0 }, 'up')).toBeNull();
    expect(nextCell(grid, { row: 2, column: 1 }, 'right')).toBeNull();
  });

  it('totals units and money per row and for the grid, and names a cell that is not a quantity', () => {
    const qtys = { r5: '2', r11: '1', p11: '10', b11: '', p5: 'x' };
    const totals = totalsOf(grid, qtys);
    expect(totals.rows.get(0)).toEqual({ units: 3, amount: 6 });
    expect(totals.rows.get(2)).toEqual({ units: 10, amount: 30 });
    expect(totals.grid).toEqual({ units: 13, amount: 36 });
    const { lines, bad } = linesToAdd(grid, qtys);
    expect(lines).toEqual([{ invNum: 'r5', qty: 2 }, { invNum: 'r11', qty: 1 }, { invNum: 'p11', qty: 10 }]);
    expect(bad).toEqual(['Pink, 5": enter a whole number from 1 to 9999']);
  });

  it('names a line the server refused by its colour and size', () => {
    const { cells } = linesToAdd(grid, { r5: '2', b11: '1' });
    expect(nameRefusedLines(grid, cells, ['Line 2 (b11): Item b11 not found', 'other'])).toEqual(['Blue, 11" (item b11): Item b11 not found', 'other']);
  });
});
