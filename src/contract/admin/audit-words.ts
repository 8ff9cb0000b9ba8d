import { ORDER_STATUS_LABELS, type OrderStatus } from '../order-lifecycle';

/**
 * The audit log in plain words (issue 29): "Anna Owner accepted order 1042", a link to what was
 * changed, and the before → after summary as short lines, from the rows as they are stored (an
 * action code, a target "order:1042", the summary as JSON).
 */

/** What an action did, as a verb phrase before its target ("accepted" order 1042), or around it where `{t}` stands. */
const VERBS: Record<string, string> = {
  'order.accept': 'accepted',
  'order.hold': 'put {t} on hold',
  'order.release': 'released',
  'order.cancel': 'cancelled',
  'order.ship': 'shipped',
  'order.close': 'closed',
  'order.reopen': 'reopened',
  'order.edit': 'edited',
  'item.update': 'changed',
  'item.photo.add': 'added a photo to',
  'item.photo.delete': 'removed a photo from',
  'item.photo.alt': 'changed a photo description of',
  'item.photo.order': 'reordered the photos of',
  'item.breaks': 'changed the quantity breaks of',
  'item.import': 'imported items into',
  'item.bulk-status': 'changed the status of items in',
  'catalogue.prices': 'changed prices in',
  'catalogs.regenerate': 'redrew',
  'stock.adjust': 'adjusted the stock of',
  'stock.bulk': 'updated the counts of',
  'stock.bin': 'set the bin of',
  'staff.update': 'changed',
  'staff.password': 'changed the password of',
  'staff.password.set': 'set the password of',
  'staff.totp.start': 'set up an authenticator for',
  'staff.totp.confirm': 'confirmed the authenticator of',
  'staff.totp.disable': 'turned off the authenticator of',
  'staff.reset_sign_in': 'reset the sign-in of',
  'customer.note': 'added a note to',
  'customer.sign-out': 'signed out',
  'customer.password-reset': 'sent a password-reset mail to',
  'customer.price-level': 'changed the price level of',
  'customer.terms': 'changed the terms of',
  'customer.approve': 'approved',
  'customer.suspend': 'suspended',
  'customer.reactivate': 'reactivated',
  'customer.impersonate': 'made a link to view the shop as',
  'customer.act-as': 'opened the shop as',
  'customer.act-as.request': 'made a change in the shop as',
  'collection.items': 'changed the items of',
  'category.reorder': 'reordered the subcategories of',
  'payment.record': 'recorded a payment from',
  'payment.return': 'recorded a returned payment from',
  'outbox.retry': 'retried',
  'webhook.redeliver': 'redelivered an event of',
  'webhook.disable': 'turned off',
  'apikey.revoke': 'revoked',
  'return.request': 'asked for',
  'return.approve': 'approved',
  'return.reject': 'rejected',
  'return.receive': 'received',
  'tax-certificate.upload': 'uploaded',
  'tax-certificate.accept': 'accepted',
  'tax-certificate.reject': 'rejected',
};

/** The last word of an action code, when no phrase above names it. */
const LAST_WORDS: Record<string, string> = { create: 'created', update: 'changed', delete: 'deleted', import: 'imported', add: 'added', remove: 'removed' };

const TARGET_NOUNS: Record<string, string> = {
  order: 'order',
  item: 'item',
  customer: 'customer',
  staff: 'staff member',
  category: 'category',
  coupon: 'coupon',
  distributor: 'distributor',
  page: 'page',
  'order-form': 'order form',
  'price-level': 'price level',
  webhook: 'webhook',
  apikey: 'API key',
  outbox: 'message',
  invoice: 'invoice',
  payment: 'payment',
  return: 'return',
  'tax-certificate': 'tax certificate',
};

/** Admin screens a target links to. */
const TARGET_PATHS: Record<string, (id: string) => string> = {
  order: (id) => `/orders/${id}`,
  item: (id) => `/items/${id}`,
  customer: (id) => `/customers/${id}`,
  staff: () => '/staff',
  coupon: () => '/coupons',
  category: () => '/categories',
  distributor: () => '/distributors',
  'order-form': (id) => `/order-forms/${id}`,
  page: (id) => `/pages/${id}`,
  webhook: (id) => `/webhooks/${id}`,
  apikey: () => '/api-keys',
  outbox: () => '/messages',
  return: (id) => `/returns/${id}`,
  'tax-certificate': () => '/tax-certificates',
};

function splitTarget(target: string): { kind: string; id: string } {
  const at = target.indexOf(':');
  return at < 0 ? { kind: target, id: '' } : { kind: target.slice(0, at), id: target.slice(at + 1) };
}

/** "order 1042", "staff member 4", "the catalogue". */
export function targetWords(target: string): string {
  const { kind, id } = splitTarget(target);
  if (!id) return `the ${kind.replace(/[-_]/g, ' ')}`;
  return `${TARGET_NOUNS[kind] ?? kind.replace(/[-_]/g, ' ')} ${id}`;
}

/** The admin screen of a target ("/orders/1042"), or null when it has none. */
export function targetPath(target: string): string | null {
  const { kind, id } = splitTarget(target);
  const path = TARGET_PATHS[kind];
  return path && id && /^[\w-]+$/.test(id) ? path(id) : null;
}

/** The person's admin screen: a customer's page; staff are listed on the staff screen. */
export function actorPath(actor: string): string | null {
  const m = /^(customer|staff):(\d+)/.exec(actor);
  if (!m) return null;
  return m[1] === 'customer' ? `/customers/${m[2]}` : '/staff';
}

/**
 * Who acted, by name: the name stored with the row, else what the label says
 * ("staff:3 owner@example.com" → "owner@example.com", "customer:12" → "Customer 12").
 */
export function actorName(label: string, storedName: string | null): string {
  if (storedName) return storedName;
  const m = /^([a-z]+):(\d+)(?: (.+))?$/i.exec(label);
  if (m) return m[3] ?? `${m[1]![0]!.toUpperCase()}${m[1]!.slice(1)} ${m[2]}`;
  if (label === 'system' || label === 'shop') return 'The shop';
  if (label.startsWith('system:')) return `The shop (${label.slice(7).replace(/[-_]/g, ' ')})`;
  if (label === 'import') return 'An import';
  return label;
}

function verbOf(action: string, summary: Record<string, unknown>): string {
  if (action === 'order.cancel' && Array.isArray(summary.lines) && summary.after !== 'cancelled') return 'cancelled lines of {t}';
  const phrase = VERBS[action];
  if (phrase) return phrase;
  const words = action.split('.');
  const last = words.at(-1)!;
  return LAST_WORDS[last] ?? last.replace(/[-_]/g, ' ');
}

/** "Anna Owner accepted order 1042". */
export function auditSentence(who: string, action: string, target: string, summary: Record<string, unknown>): string {
  const verb = verbOf(action, summary);
  return `${who} ${verb.includes('{t}') ? verb.replace('{t}', targetWords(target)) : `${verb} ${targetWords(target)}`}`;
}

// ---- the summary as lines ----------------------------------------------------------------------

const KEY_LABELS: Record<string, string> = {
  before: 'Before',
  after: 'After',
  status: 'Status',
  status_code: 'Status',
  reason: 'Reason',
  message: 'Message to the buyer',
  lines: 'Lines',
  shipmentNum: 'Shipment',
  invoiceNum: 'Invoice',
  invNum: 'Item',
  web_Title: 'Title',
  parent_num: 'Parent category',
  priceLevelId: 'Price level',
  creditLimitCents: 'Credit limit',
  amountCents: 'Amount',
  feeCents: 'Fee',
  setPasswordLinkMailed: 'Set-password link mailed',
  totpCleared: 'Authenticator cleared',
  otherSessionsEnded: 'Other sessions ended',
  version: 'Version',
};

/** "creditLimitCents" → "Credit limit", "parent_num" → "Parent number". */
export function keyLabel(key: string): string {
  if (KEY_LABELS[key]) return KEY_LABELS[key];
  const words = key
    .replace(/Cents$/, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_.-]+/g, ' ')
    .toLowerCase()
    .replace(/\bnum\b/g, 'number')
    .replace(/\bid\b/g, 'ID')
    .trim();
  return words ? `${words[0]!.toUpperCase()}${words.slice(1)}` : key;
}

const isStatus = (v: unknown): v is OrderStatus => typeof v === 'string' && v in ORDER_STATUS_LABELS;

/** A value as people read it: statuses in words, cents as dollars, yes/no, short lists. */
export function valueWords(value: unknown, key = ''): string {
  if (value === null || value === undefined || value === '') return '(none)';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'number') return /Cents$/.test(key) ? `$${(value / 100).toFixed(2)}` : String(value);
  if (isStatus(value)) return ORDER_STATUS_LABELS[value];
  if (key === 'warehouse' && typeof value === 'string') return `${value[0]!.toUpperCase()}${value.slice(1)}`;
  if (typeof value === 'string') return value.length > 120 ? `${value.slice(0, 119)}…` : value;
  if (Array.isArray(value)) {
    if (value.length === 0) return '(none)';
    const shown = value.slice(0, 10).map((v) => (Array.isArray(v) ? v.map((x) => valueWords(x)).join(' × ') : valueWords(v)));
    return `${shown.join(', ')}${value.length > 10 ? `, and ${value.length - 10} more` : ''}`;
  }
  if (typeof value === 'object') {
    return Object.entries(value as Record<string, unknown>)
      .slice(0, 6)
      .map(([k, v]) => `${keyLabel(k)} ${valueWords(v, k)}`)
      .join('; ');
  }
  return String(value);
}

const isPair = (v: unknown): v is [unknown, unknown] => Array.isArray(v) && v.length === 2 && v.every((x) => x === null || typeof x !== 'object');
const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The summary as lines a person reads: "Status: Accepted → On hold", "Price: 4.5 → 4.95",
 * "Reason: Buyer asked". Each shape the writers use: `{before, after}` (values or objects),
 * `{field: [old, new]}`, and plain facts.
 */
export function summaryLines(summary: Record<string, unknown>): string[] {
  const lines: string[] = [];
  const { before, after, ...rest } = summary;
  if (isRecord(before) || isRecord(after)) {
    const b = isRecord(before) ? before : {};
    const a = isRecord(after) ? after : {};
    for (const key of new Set([...Object.keys(b), ...Object.keys(a)])) {
      if (!(key in a)) lines.push(`${keyLabel(key)}: ${valueWords(b[key], key)} (removed)`);
      else if (!(key in b)) lines.push(`${keyLabel(key)}: ${valueWords(a[key], key)}`);
      else if (JSON.stringify(b[key]) !== JSON.stringify(a[key])) lines.push(`${keyLabel(key)}: ${valueWords(b[key], key)} → ${valueWords(a[key], key)}`);
    }
  } else if (before !== undefined || after !== undefined) {
    const label = isStatus(before) || isStatus(after) ? 'Status' : 'Change';
    lines.push(before !== undefined && after !== undefined && before !== after ? `${label}: ${valueWords(before)} → ${valueWords(after)}` : `${label}: ${valueWords(after ?? before)}`);
  }
  for (const [key, value] of Object.entries(rest)) {
    if (key === 'lines' && Array.isArray(value)) lines.push(`Lines: ${value.map((l) => (Array.isArray(l) ? `line ${l[0]} × ${l[1]}` : valueWords(l))).join(', ')}`);
    else if (isPair(value)) lines.push(`${keyLabel(key)}: ${valueWords(value[0], key)} → ${valueWords(value[1], key)}`);
    else lines.push(`${keyLabel(key)}: ${valueWords(value, key)}`);
  }
  return lines;
}

/** The stored summary text as an object (a summary cut at 4,000 characters no longer parses: none). */
export function parseSummary(text: string): Record<string, unknown> {
  try {
    const v: unknown = JSON.parse(text);
    return isRecord(v) ? v : {};
  } catch {
    return {};
  }
}
