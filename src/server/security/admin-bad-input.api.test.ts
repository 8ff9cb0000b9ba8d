import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, newCustomer, withToken } from '../customers/testing';
import { adminCall, type StaffSessionForTest, staffWith } from '../test-support/admin';
import { loadFixtureCatalogue } from '../catalogue/test-fixture';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { adminSnapshot } from './admin-support';
import { routeCollector } from './route-table';

/**
 * The bad inputs, one by one, as the owner (every permission): wrong types, unknown order
 * numbers, negative or zero quantities, a warehouse that is not west/east, a 10,000-line ship
 * request, more than is open. Each is a clear 4xx problem and changes nothing. A case whose route
 * is not registered (yet) is skipped, so cases light up as the routes land.
 */

const { routes, collect } = routeCollector();
let t: TestApp;
let owner: StaffSessionForTest;
let order: number;
let accepted = false;

beforeAll(async () => {
  t = await createTestApp((ctx) => loadFixtureCatalogue(ctx.database.db), { onRoute: collect });
  owner = await staffWith(t, ['owner']);
  const buyer = await newCustomer(t);
  for (const url of ['/Shop/AddItem?InvNum=12001&qty=3', '/Shop/AddItem?InvNum=11002&qty=2']) await call(t, { method: 'POST', url, headers: withToken(buyer.token) });
  const placed = await call(t, { method: 'POST', url: '/Shop/Checkout', headers: withToken(buyer.token), payload: { shipToCode: '', shippingOption: 'ground' } });
  expect(placed.status).toBe(201);
  order = placed.body.orderNum;
  accepted = (await adminCall(t, owner, { method: 'POST', url: `/Orders/${order}/Accept` })).status === 200;
}, 60_000);
afterAll(() => t?.close());

interface Case {
  name: string;
  method: 'GET' | 'POST' | 'PUT';
  /** The route it needs, by its registered URL (after /beapi/Admin). */
  route: RegExp;
  /** The concrete URL after /beapi/Admin, given the test order's number. */
  url: (o: number) => string;
  payload?: unknown;
  status: number[];
  /** Needs the order accepted (the lifecycle's Accept exists and worked). */
  accepted?: boolean;
  detail?: RegExp;
}

const SHIP = /^\/Orders\/:\w+\/Ship$/;
const CANCEL = /^\/Orders\/:\w+\/Cancel$/;
const ADJUST = /^\/Stock\/Adjust$/;
const ship = (o: number) => `/Orders/${o}/Ship`;
const cancel = (o: number) => `/Orders/${o}/Cancel`;
const okShip = { warehouse: 'west', carrier: 'ups', trackingNumber: '1Z999AA10123456784' };
const lines = (n: number) => Array.from({ length: n }, (_, i) => ({ lineNo: (i % 2) + 1, qty: 1 }));
const UNKNOWN = 987654321;

const CASES: Case[] = [
  // Wrong types.
  { name: 'Ship with a numeric warehouse', method: 'POST', route: SHIP, url: ship, payload: { ...okShip, warehouse: 1 }, status: [400] },
  { name: 'Ship with lines as a string', method: 'POST', route: SHIP, url: ship, payload: { ...okShip, lines: 'all' }, status: [400] },
  { name: 'Ship with quantities as strings', method: 'POST', route: SHIP, url: ship, payload: { ...okShip, lines: [{ lineNo: '1', qty: '1' }] }, status: [400] },
  { name: 'Ship with an array body', method: 'POST', route: SHIP, url: ship, payload: [okShip], status: [400] },
  { name: 'Ship with an unknown carrier', method: 'POST', route: SHIP, url: ship, payload: { ...okShip, carrier: 'pigeon' }, status: [400] },
  { name: 'Cancel with a numeric reason', method: 'POST', route: CANCEL, url: cancel, payload: { reason: 5 }, status: [400] },
  { name: 'Hold with a list as reason', method: 'POST', route: /^\/Orders\/:\w+\/Hold$/, url: (o) => `/Orders/${o}/Hold`, payload: { reason: ['x'] }, status: [400] },
  { name: 'Adjust with delta as a string', method: 'POST', route: ADJUST, url: () => '/Stock/Adjust', payload: { invNum: '12001', warehouse: 'west', delta: '5', reason: 'count' }, status: [400] },
  { name: 'Adjust with an unknown reason', method: 'POST', route: ADJUST, url: () => '/Stock/Adjust', payload: { invNum: '12001', warehouse: 'west', delta: 5, reason: 'gift' }, status: [400] },
  { name: 'Orders list with a page that is not a number', method: 'GET', route: /^\/Orders$/, url: () => '/Orders?page=abc', status: [400] },
  { name: 'Orders list with an unknown status', method: 'GET', route: /^\/Orders$/, url: () => '/Orders?status=lost', status: [400] },
  { name: 'an order number that is not a number', method: 'GET', route: /^\/Orders\/:\w+$/, url: () => '/Orders/abc', status: [400] },
  { name: 'a negative order number', method: 'POST', route: /^\/Orders\/:\w+\/Accept$/, url: () => '/Orders/-1/Accept', status: [400] },
  { name: 'a fractional order number', method: 'POST', route: /^\/Orders\/:\w+\/Accept$/, url: () => '/Orders/1.5/Accept', status: [400] },
  // Unknown numbers.
  { name: 'GET an unknown order', method: 'GET', route: /^\/Orders\/:\w+$/, url: () => `/Orders/${UNKNOWN}`, status: [404] },
  { name: 'Accept an unknown order', method: 'POST', route: /^\/Orders\/:\w+\/Accept$/, url: () => `/Orders/${UNKNOWN}/Accept`, status: [404] },
  { name: 'Hold an unknown order', method: 'POST', route: /^\/Orders\/:\w+\/Hold$/, url: () => `/Orders/${UNKNOWN}/Hold`, payload: { reason: 'x' }, status: [404] },
  { name: 'Release an unknown order', method: 'POST', route: /^\/Orders\/:\w+\/Release$/, url: () => `/Orders/${UNKNOWN}/Release`, status: [404] },
  { name: 'Cancel an unknown order', method: 'POST', route: CANCEL, url: () => cancel(UNKNOWN), payload: { reason: 'x' }, status: [404] },
  { name: 'Ship an unknown order', method: 'POST', route: SHIP, url: () => ship(UNKNOWN), payload: okShip, status: [404] },
  { name: 'an unknown shipment’s packing slip', method: 'GET', route: /^\/Shipments\/:\w+\/PackingSlip\.pdf$/, url: () => `/Shipments/${UNKNOWN}/PackingSlip.pdf`, status: [404] },
  { name: 'an unknown invoice', method: 'GET', route: /^\/Invoices\/:\w+(\.pdf)?$/, url: () => `/Invoices/${UNKNOWN}.pdf`, status: [404] },
  { name: 'stock of an unknown item', method: 'GET', route: /^\/Stock\/:\w+$/, url: () => '/Stock/NOSUCH1', status: [404] },
  { name: 'adjusting an unknown item', method: 'POST', route: ADJUST, url: () => '/Stock/Adjust', payload: { invNum: 'NOSUCH1', warehouse: 'west', delta: 5, reason: 'count' }, status: [404] },
  // Negative or zero quantities.
  ...[0, -1, 1.5, -(2 ** 60)].map((qty): Case => ({ name: `Ship a quantity of ${qty}`, method: 'POST', route: SHIP, url: ship, payload: { ...okShip, lines: [{ lineNo: 1, qty }] }, status: [400] })),
  { name: 'Ship line number 0', method: 'POST', route: SHIP, url: ship, payload: { ...okShip, lines: [{ lineNo: 0, qty: 1 }] }, status: [400] },
  { name: 'Ship an empty list of lines', method: 'POST', route: SHIP, url: ship, payload: { ...okShip, lines: [] }, status: [400] },
  ...[0, -1].map((qty): Case => ({ name: `Cancel a quantity of ${qty}`, method: 'POST', route: CANCEL, url: cancel, payload: { reason: 'x', lines: [{ lineNo: 1, qty }] }, status: [400] })),
  { name: 'Adjust by 0', method: 'POST', route: ADJUST, url: () => '/Stock/Adjust', payload: { invNum: '12001', warehouse: 'west', delta: 0, reason: 'count' }, status: [400] },
  { name: 'Set on-hand to -1', method: 'POST', route: ADJUST, url: () => '/Stock/Adjust', payload: { invNum: '12001', warehouse: 'west', setTo: -1, reason: 'count' }, status: [400] },
  { name: 'Adjust by 1.5', method: 'POST', route: ADJUST, url: () => '/Stock/Adjust', payload: { invNum: '12001', warehouse: 'west', delta: 1.5, reason: 'count' }, status: [400] },
  // A warehouse that is not west/east.
  ...['north', 'West', '', 'west '].map((warehouse): Case => ({ name: `Ship from warehouse "${warehouse}"`, method: 'POST', route: SHIP, url: ship, payload: { ...okShip, warehouse }, status: [400] })),
  { name: 'Ship from a null warehouse', method: 'POST', route: SHIP, url: ship, payload: { ...okShip, warehouse: null }, status: [400] },
  { name: 'Adjust in warehouse north', method: 'POST', route: ADJUST, url: () => '/Stock/Adjust', payload: { invNum: '12001', warehouse: 'north', delta: 5, reason: 'count' }, status: [400] },
  { name: 'a pick list for warehouse north', method: 'GET', route: /^\/PickList\.pdf$/, url: () => '/PickList.pdf?warehouse=north', status: [400] },
  { name: 'a pick list without a warehouse', method: 'GET', route: /^\/PickList\.pdf$/, url: () => '/PickList.pdf', status: [400] },
  { name: 'Orders list for warehouse north', method: 'GET', route: /^\/Orders$/, url: () => '/Orders?warehouse=north', status: [400] },
  // Too many lines.
  { name: 'a 10,000-line ship request', method: 'POST', route: SHIP, url: ship, payload: { ...okShip, lines: lines(10_000) }, status: [400] },
  { name: 'a 10,000-line cancel request', method: 'POST', route: CANCEL, url: cancel, payload: { reason: 'x', lines: lines(10_000) }, status: [400] },
  // More than is open (on the accepted order, so the status is not what refuses it).
  { name: 'Ship more than is open', method: 'POST', route: SHIP, url: ship, payload: { ...okShip, lines: [{ lineNo: 1, qty: 9999 }] }, status: [409], accepted: true, detail: /open/ },
  { name: 'Ship a line the order does not have', method: 'POST', route: SHIP, url: ship, payload: { ...okShip, lines: [{ lineNo: 99, qty: 1 }] }, status: [400, 404, 409], accepted: true },
  { name: 'Ship one line listed twice', method: 'POST', route: SHIP, url: ship, payload: { ...okShip, lines: [{ lineNo: 1, qty: 1 }, { lineNo: 1, qty: 1 }] }, status: [400, 409], accepted: true },
  { name: 'Cancel more than can be cancelled', method: 'POST', route: CANCEL, url: cancel, payload: { reason: 'x', lines: [{ lineNo: 1, qty: 9999 }] }, status: [409], accepted: true },
  // Money (decision 0022).
  { name: 'a payment of 1e308', method: 'POST', route: /^\/Payments$/, url: () => '/Payments', payload: { customerId: 1, amount: 1e308, method: 'cheque' }, status: [400] },
  { name: 'a negative payment', method: 'POST', route: /^\/Payments$/, url: () => '/Payments', payload: { customerId: 1, amount: -10, method: 'cheque' }, status: [400] },
  { name: 'a payment of fractional cents', method: 'POST', route: /^\/Payments$/, url: () => '/Payments', payload: { customerId: 1, amount: 10.005, method: 'cheque' }, status: [400] },
  { name: 'a payment for an unknown customer', method: 'POST', route: /^\/Payments$/, url: () => '/Payments', payload: { customerId: UNKNOWN, amount: 10, method: 'cheque' }, status: [404] },
  { name: 'an application to an unknown invoice', method: 'POST', route: /^\/Payments$/, url: () => '/Payments', payload: { customerId: UNKNOWN, amount: 10, method: 'cheque', applications: [{ invoiceNum: UNKNOWN, amount: 10 }] }, status: [400, 404] },
  { name: 'returning an unknown payment', method: 'POST', route: /^\/Payments\/:\w+\/Return$/, url: () => `/Payments/${UNKNOWN}/Return`, status: [404] },
  { name: 'a credit limit of 1e308', method: 'PUT', route: /^\/Customers\/:\w+$/, url: () => '/Customers/1', payload: { creditLimit: 1e308 }, status: [400] },
  { name: 'a negative credit limit', method: 'PUT', route: /^\/Customers\/:\w+$/, url: () => '/Customers/1', payload: { creditLimit: -1 }, status: [400] },
  { name: 'net terms of 400 days', method: 'PUT', route: /^\/Customers\/:\w+$/, url: () => '/Customers/1', payload: { terms: { kind: 'net', days: 400 } }, status: [400] },
  { name: 'an unknown customer\u2019s statement', method: 'GET', route: /^\/Customers\/:\w+\/Statement\.pdf$/, url: () => `/Customers/${UNKNOWN}/Statement.pdf`, status: [404] },
  { name: 'Adjust below zero', method: 'POST', route: ADJUST, url: () => '/Stock/Adjust', payload: { invNum: '12001', warehouse: 'west', delta: -1_000_000, reason: 'damaged' }, status: [409] },
];

describe('the issue’s bad inputs on the admin routes', () => {
  it.for(CASES)('$name: a clear 4xx, nothing changed', async (c, ctx) => {
    const registered = routes.some((r) => r.method === c.method && c.route.test(r.url.slice('/beapi/Admin'.length)));
    if (!registered || (c.accepted && !accepted)) ctx.skip();
    const before = await adminSnapshot(t);
    const res = await adminCall(t, owner, { method: c.method, url: c.url(order), ...(c.payload === undefined ? {} : { payload: c.payload as object }) });
    expect(c.status, JSON.stringify(res.body)?.slice(0, 300)).toContain(res.status);
    expect(String(res.headers['content-type'])).toMatch(/^application\/problem\+json/);
    expect(res.body.status).toBe(res.status);
    expect(typeof res.body.detail).toBe('string');
    if (c.detail) expect(res.body.detail).toMatch(c.detail);
    expect(await adminSnapshot(t)).toBe(before);
  });
});
