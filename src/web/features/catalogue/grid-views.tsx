import { Stack, VisuallyHidden } from '@mantine/core';
import { type KeyboardEvent, memo } from 'react';
import type { Grid, GridCell } from '../../../contract/grid';
import { money } from '../../components/money';
import { cellKey, cellLabel, MOVE_KEYS, nextCell, parseQty, type Quantities, type Totals } from './grid-state';
import classes from './grid.module.css';

export interface GridViewProps {
  grid: Grid;
  /** Rows drawn so far: a long grid is drawn a few rows per task, so typing starts sooner on a slow phone. */
  rowsShown: number;
  qtys: Quantities;
  setQty: (invNum: string, text: string) => void;
  rowTotals: Map<number, Totals>;
  total: Totals;
}

const inputId = (cell: GridCell) => `qty-${cellKey(cell.row, cell.column)}`;

/** Arrow keys (and Enter, down) move to the next cell that exists, its text selected for typing over. */
function onKey(grid: Grid, cell: GridCell) {
  return (e: KeyboardEvent<HTMLInputElement>) => {
    const move = MOVE_KEYS[e.key];
    if (!move || e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
    const next = nextCell(grid, cell, move);
    e.preventDefault();
    if (!next) return;
    const input = document.getElementById(inputId(next)) as HTMLInputElement | null;
    input?.focus();
    input?.select();
  };
}

const priceText = (cell: GridCell) => (cell.price !== undefined ? money(cell.price) : `SRP ${money(cell.srp)}`);
const stocked = (cell: GridCell) => cell.inStockWest || cell.inStockEast;
const unitsText = (t: Totals | undefined) => (t && t.units > 0 ? String(t.units) : '');
const amountText = (t: Totals | undefined) => (t && t.units > 0 && t.amount !== null ? money(t.amount) : '');

function QtyInput({ grid, cell, qtys, setQty }: { grid: Grid; cell: GridCell; qtys: Quantities; setQty: GridViewProps['setQty'] }) {
  const value = qtys[cell.invNum] ?? '';
  const backorder = stocked(cell) ? '' : ', out of stock: backorder';
  return (
    <input
      id={inputId(cell)}
      className={classes.qty}
      inputMode="numeric"
      autoComplete="off"
      aria-label={`${cellLabel(grid, cell)}, quantity${backorder}`}
      aria-invalid={parseQty(value) === 'bad' || undefined}
      value={value}
      onChange={(e) => setQty(cell.invNum, e.currentTarget.value)}
      onKeyDown={onKey(grid, cell)}
    />
  );
}

/** Colours down, sizes across, a total per row and for the grid (601px and wider). */
export function GridTable({ grid, rowsShown, qtys, setQty, rowTotals, total }: GridViewProps) {
  const priced = grid.cells.some((c) => c.price !== undefined);
  return (
    <div className={classes.scroll}>
      <table className={classes.table}>
        <VisuallyHidden component="caption">{`${grid.description}: quantities by colour and size`}</VisuallyHidden>
        <thead>
          <tr>
            <th scope="col">Colour</th>
            {grid.columns.map((c) => (
              <th key={c} scope="col">
                {c}
              </th>
            ))}
            <th scope="col" className={classes.total}>
              Units
            </th>
            {priced && (
              <th scope="col" className={classes.total}>
                Amount
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {grid.rows.slice(0, rowsShown).map((colour, r) => (
            <TableRow key={colour} grid={grid} r={r} cells={rowsOf(grid)[r]!} qtys={qtys} setQty={setQty} totals={rowTotals.get(r)} priced={priced} />
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={grid.columns.length + 1} className={classes.total}>
              Grid total
            </th>
            <td className={classes.total} data-testid="grid-units">
              {total.units}
            </td>
            {priced && (
              <td className={classes.total} data-testid="grid-amount">
                {money(total.amount ?? 0)}
              </td>
            )}
          </tr>
        </tfoot>
      </table>
    </div>
  );
}

/** On a phone: a list by colour with its sizes inside, each with its quantity. */
export function GridList({ grid, rowsShown, qtys, setQty, rowTotals }: GridViewProps) {
  return (
    <Stack gap="sm">
      {grid.rows.slice(0, rowsShown).map((colour, r) => (
        <ListSection key={colour} grid={grid} r={r} cells={rowsOf(grid)[r]!} qtys={qtys} setQty={setQty} totals={rowTotals.get(r)} priced />
      ))}
    </Stack>
  );
}

interface RowProps {
  grid: Grid;
  r: number;
  /** The row's cells, in column order. */
  cells: GridCell[];
  qtys: Quantities;
  setQty: GridViewProps['setQty'];
  totals: Totals | undefined;
  priced: boolean;
}

/** Each grid's cells by row, worked out once per answer. */
const byRow = new WeakMap<Grid, GridCell[][]>();
function rowsOf(grid: Grid): GridCell[][] {
  let rows = byRow.get(grid);
  if (!rows) {
    rows = grid.rows.map(() => []);
    for (const c of grid.cells) rows[c.row]!.push(c);
    byRow.set(grid, rows);
  }
  return rows;
}

/** A row draws again only when its own quantities or totals change (a grid holds some 400 inputs). */
const sameRow = (a: RowProps, b: RowProps) =>
  a.grid === b.grid && a.r === b.r && a.setQty === b.setQty && a.priced === b.priced && a.totals?.units === b.totals?.units && a.totals?.amount === b.totals?.amount && a.cells.every((c) => a.qtys[c.invNum] === b.qtys[c.invNum]);

const TableRow = memo(function TableRow({ grid, r, cells, qtys, setQty, totals, priced }: RowProps) {
  const colour = grid.rows[r]!;
  const byColumn = new Map(cells.map((c) => [c.column, c]));
  return (
    <tr data-row={colour}>
      <th scope="row">{colour}</th>
      {grid.columns.map((size, c) => {
        const cell = byColumn.get(c);
        if (!cell) {
          return (
            <td key={size} className={classes.none} aria-label={`${colour}, ${size}: not made`}>
              –
            </td>
          );
        }
        return (
          <td key={size} data-inv-num={cell.invNum}>
            <span className={classes.cell}>
              <QtyInput grid={grid} cell={cell} qtys={qtys} setQty={setQty} />
              <span className={classes.note}>{priceText(cell)}</span>
              {!stocked(cell) && <span className={classes.backorder}>Backorder</span>}
            </span>
          </td>
        );
      })}
      <td className={classes.total} data-total="units">
        {unitsText(totals)}
      </td>
      {priced && (
        <td className={classes.total} data-total="amount">
          {amountText(totals)}
        </td>
      )}
    </tr>
  );
}, sameRow);

const ListSection = memo(function ListSection({ grid, r, cells, qtys, setQty, totals }: RowProps) {
  const colour = grid.rows[r]!;
  return (
    <section className={classes.colour} aria-label={colour} data-row={colour}>
      {/* Plain elements: a phone draws some 60 of these. */}
      <h2 className={classes.colourName}>
        {colour}
        {totals && totals.units > 0 && <span className={classes.note}>{` ${totals.units} units${totals.amount !== null ? `, ${money(totals.amount)}` : ''}`}</span>}
      </h2>
      {cells.map((cell) => (
        <div key={cell.invNum} className={classes.sizeRow}>
          <label htmlFor={inputId(cell)}>
            {grid.columns[cell.column]}
            <span className={classes.note}>{` · ${priceText(cell)}`}</span>
            {!stocked(cell) && <span className={classes.backorder}> · Backorder</span>}
          </label>
          <QtyInput grid={grid} cell={cell} qtys={qtys} setQty={setQty} />
        </div>
      ))}
    </section>
  );
}, sameRow);
