import { useEffect } from 'react';
import './phone-tables.css';
import { usePhone } from './use-phone';

/** A table stays a table on a phone when it has three columns or fewer and fits. */
const MAX_PHONE_COLUMNS = 3;

/** Each body cell's column heading (as the reader sees it), or '' for a heading-less column. */
function headings(table: HTMLTableElement): string[] {
  const row = table.tHead?.rows[0];
  if (!row) return [];
  const labels: string[] = [];
  for (const th of Array.from(row.cells)) {
    // A visually hidden heading (a column of buttons) is read, not drawn.
    const text = th.querySelector('.mantine-VisuallyHidden-root') ? '' : (th.textContent ?? '').trim();
    for (let i = 0; i < th.colSpan; i++) labels.push(text);
  }
  return labels;
}

/** Marks a wide table as stacked (phone-tables.css) and names each cell by its heading; keeps the table's roles. */
function stack(table: HTMLTableElement): void {
  if (table.dataset.tableOnPhone !== undefined || table.closest('.mantine-datatable')) return;
  const labels = headings(table);
  if (!table.hasAttribute('data-phone-stacked')) {
    const wide = labels.length > MAX_PHONE_COLUMNS || table.scrollWidth > (table.parentElement?.clientWidth ?? window.innerWidth) + 1 || table.offsetWidth > window.innerWidth;
    if (!wide) return;
    table.setAttribute('data-phone-stacked', '');
  }
  // Shown as blocks, a table loses its roles in the accessibility tree: they are given back.
  table.setAttribute('role', 'table');
  for (const section of [table.tHead, ...Array.from(table.tBodies), table.tFoot]) section?.setAttribute('role', 'rowgroup');
  for (const row of Array.from(table.rows)) {
    row.setAttribute('role', 'row');
    let column = 0;
    for (const cell of Array.from(row.cells)) {
      const inHead = row.parentElement === table.tHead;
      cell.setAttribute('role', inHead ? 'columnheader' : cell.tagName === 'TH' ? 'rowheader' : 'cell');
      if (!inHead) {
        const label = labels[column] ?? '';
        if (cell.dataset.label !== label) cell.dataset.label = label;
      }
      column += cell.colSpan;
    }
  }
}

function unstack(): void {
  for (const table of Array.from(document.querySelectorAll<HTMLTableElement>('table[data-phone-stacked]'))) table.removeAttribute('data-phone-stacked');
}

/**
 * On a phone, every wide table in the back office (pages and dialogs alike) is shown as a list of
 * cards, one per row: the tables of low stock, shipments, stock search and history, the ship
 * dialog's quantities, staff, reports… A table that must stay one says `data-table-on-phone`.
 * The lists with their own cards (orders, items, customers) render those instead (CardList).
 */
export function usePhoneTables(): void {
  const phone = usePhone();
  useEffect(() => {
    if (!phone) {
      unstack();
      return;
    }
    let queued = false;
    const run = () => {
      queued = false;
      for (const table of Array.from(document.querySelectorAll('table'))) stack(table);
    };
    run();
    const observer = new MutationObserver(() => {
      if (queued) return;
      queued = true;
      requestAnimationFrame(run);
    });
    observer.observe(document.body, { childList: true, subtree: true, characterData: true });
    return () => observer.disconnect();
  }, [phone]);
}
