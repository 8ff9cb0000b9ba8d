import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { OrderLines, type OrderLinesRow } from './order-lines';

afterEach(cleanup);

const row = (over: Partial<OrderLinesRow>): OrderLinesRow => ({
  invNum: '10001',
  title: '11" Red Latex',
  qty: 10,
  price: 4.5,
  extended: 45,
  openWest: 10,
  openEast: 0,
  backordered: 0,
  shipped: 0,
  cancelled: 0,
  ...over,
});

const headers = () => screen.getAllByRole('columnheader').map((h) => h.textContent);

describe('OrderLines', () => {
  it('shows each line with its quantities and hides Shipped and Cancelled while no line has any', () => {
    render(<MantineProvider><OrderLines rows={[row({}), row({ invNum: '10002', openWest: 4, backordered: 6 })]} caption="Lines" /></MantineProvider>);
    expect(headers()).toEqual(['Item #', 'Description', 'Qty', 'Price', 'Extended', 'West', 'East', 'Backordered']);
    const second = within(screen.getByTestId('order-line-10002'));
    expect(second.getByText('6')).toBeTruthy();
    expect(second.getByText('$45.00')).toBeTruthy();
  });

  it('shows Shipped and Cancelled once a line has some, and the staff page’s extra columns after them', () => {
    const rows = [row({ lineNo: 1, openWest: 3, shipped: 5, cancelled: 2 })];
    render(
      <MantineProvider>
        <OrderLines rows={rows} caption="Lines" extraColumns={[{ key: 'act', header: 'Line', label: 'Line', cell: (r) => `#${r.lineNo}` }]} />
      </MantineProvider>,
    );
    expect(headers()).toEqual(['Item #', 'Description', 'Qty', 'Price', 'Extended', 'West', 'East', 'Backordered', 'Shipped', 'Cancelled', 'Line']);
    const cells = within(screen.getByTestId('order-line-10001')).getAllByRole('cell');
    expect(cells.map((c) => c.getAttribute('data-label'))).toContain('Shipped');
    expect(cells.at(-1)?.textContent).toBe('#1');
  });
});
