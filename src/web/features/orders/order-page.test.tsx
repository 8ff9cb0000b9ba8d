import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Order } from '../../../contract/cart';
import { TOKEN_KEY } from '../../lib/api-client';
import OrderPage from './order-page';

/** The buyer's order page against the API's answers (fetch is the only thing replaced: the network). */

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const address = { code: '', orgName: 'Demo Party Supply', contact: 'Dana Reyes', addressLine1: '410 Market St', city: 'Sacramento', state: 'CA', zip: '95814', country: 'US', dayPhone: '916-555-0142' };
const line = { lineNo: 1, invNum: '10001', web_Title: '11" Red Latex', ordQty: 10, price: 4.5, extended: 45, allocation: { west: 4, east: 0, backordered: 0 }, shipped: 6, backordered: 0, cancelled: 0 };

function order(over: Partial<Order>): Order {
  return {
    orderNum: 100234, status: 'Received', statusCode: 'received', createdAt: '2026-11-20T15:04:05.000Z', lines: [line], subtotal: 45, discount: 0, shipping: 0, total: 45, originalTotal: 45, cancelledTotal: 0,
    shipTo: address, shippingOption: { code: 'ground', name: 'Ground', amount: 0 }, poNumber: 'PO-7781', comments: '', couponsApplied: [], terms: 'Net 30',
    shipments: [], invoices: [], events: [], cancellable: false, enteredByOrderDesk: false, tax: 0, taxRate: null, taxBasis: 'no_nexus', taxShipping: false, ...over,
  };
}

type Route_ = (url: string, init?: RequestInit) => Response | undefined;
function stubApi(route: Route_) {
  const calls: { url: string; init?: RequestInit }[] = [];
  vi.stubGlobal('fetch', vi.fn(async (url: string, init?: RequestInit) => {
    calls.push({ url, init });
    return route(url, init) ?? new Response(JSON.stringify({ detail: 'not found' }), { status: 404 });
  }));
  return calls;
}
const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

function renderOrder() {
  localStorage.setItem(TOKEN_KEY, 'tok-1');
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <MantineProvider>
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={['/orders/100234']}>
          <Routes>
            <Route path="/orders/:orderNum" element={<OrderPage />} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

describe('order page', () => {
  const shipped = order({
    statusCode: 'partially_shipped',
    shipments: [{ shipmentNum: 7, warehouse: 'west', carrier: 'ups', trackingNumber: '1Z999AA10123456784', trackingUrl: 'https://www.ups.com/track?tracknum=1Z999AA10123456784', shippedAt: '2026-11-25T10:00:00.000Z', lines: [{ lineNo: 1, invNum: '10001', title: '11" Red Latex', qty: 6 }], invoiceNum: 500001 }],
    invoices: [{ invoiceNum: 500001, shipmentNum: 7, date: '2026-11-25', dueDate: '2026-12-25', total: 27, status: 'open' }],
    events: [{ at: '2026-11-20T15:04:05.000Z', actor: 'Customer', kind: 'placed', detail: 'Order placed' }, { at: '2026-11-25T10:00:00.000Z', actor: 'Warehouse', kind: 'shipped', detail: 'Shipped 6 units from West by UPS' }],
  });

  it('shows the status, the shipment with a tracking link opening the carrier in a new tab, the lines’ quantities and the history', async () => {
    stubApi((url) => (url === '/beapi/Shop/GetOrder/100234' ? json(shipped) : undefined));
    renderOrder();
    expect(await screen.findByText('Partially shipped')).toBeTruthy();
    const link = screen.getByRole('link', { name: /Track shipment 7/ });
    expect(link.getAttribute('href')).toBe('https://www.ups.com/track?tracknum=1Z999AA10123456784');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    const row = within(screen.getByTestId('order-line-10001'));
    expect(row.getAllByRole('cell').find((c) => c.getAttribute('data-label') === 'Shipped')?.textContent).toBe('6');
    expect(screen.getByText('Shipped 6 units from West by UPS')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cancel order' })).toBeNull();
  });

  it('shows the total that remains, with the original total and what was cancelled, only when something was', async () => {
    const cancelled = order({ subtotal: 300, discount: 30, shipping: 12.5, total: 282.5, originalTotal: 383.75, cancelledTotal: 101.25, couponsApplied: [{ code: 'WELCOME10', name: '10% off', discount: 41.25 }] });
    stubApi((url) => (url === '/beapi/Shop/GetOrder/100234' ? json(cancelled) : undefined));
    renderOrder();
    const totals = await screen.findByRole('region', { name: 'Order totals' });
    const text = totals.textContent ?? '';
    expect(text).toContain('Total$282.50');
    expect(text).toContain('Original total$383.75');
    expect(text).toContain('Cancelled−$101.25');
    expect(text).toContain('Coupon WELCOME10−$30.00');
    cleanup();
    stubApi((url) => (url === '/beapi/Shop/GetOrder/100234' ? json(order({})) : undefined));
    renderOrder();
    expect((await screen.findByRole('region', { name: 'Order totals' })).textContent).not.toContain('Original total');
  });

  it('downloads an invoice with the token in a header and saves it as a PDF', async () => {
    const calls = stubApi((url) => {
      if (url === '/beapi/Shop/GetOrder/100234') return json(shipped);
      if (url === '/beapi/Shop/GetInvoice/500001') return new Response(new Blob(['%PDF-1.3'], { type: 'application/pdf' }), { status: 200 });
      return undefined;
    });
    const saved: string[] = [];
    // jsdom has no object URLs.
    URL.createObjectURL = () => 'blob:invoice';
    URL.revokeObjectURL = () => {};
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    renderOrder();
    fireEvent.click(await screen.findByRole('button', { name: 'Download invoice 500001 (PDF)' }));
    await waitFor(() => expect(saved).toEqual(['invoice-500001.pdf']));
    const call = calls.find((c) => c.url === '/beapi/Shop/GetInvoice/500001');
    expect((call?.init?.headers as Record<string, string>)['user-token']).toBe('tok-1');
    click.mockRestore();
  });

  it('cancels a received order after asking, then shows it cancelled', async () => {
    const calls = stubApi((url, init) => {
      if (url === '/beapi/Shop/GetOrder/100234') return json(order({ cancellable: true }));
      if (url === '/beapi/Shop/CancelOrder/100234' && init?.method === 'POST') return json(order({ statusCode: 'cancelled', status: 'Cancelled', cancellable: false }));
      return undefined;
    });
    renderOrder();
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel order' }));
    expect(calls.some((c) => c.url.includes('CancelOrder'))).toBe(false);
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel the order' }));
    expect(await screen.findByText('Cancelled')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Cancel order' })).toBeNull());
  });
});
