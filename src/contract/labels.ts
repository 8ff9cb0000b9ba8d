import { z } from 'zod';

/**
 * What a person calls each field of the contract (DESIGN.md §7 "The back office in plain words"):
 * the one map from a field's key to its label. The server's problem answers name fields by these
 * labels, and the admin forms label their inputs with them, so a message says "Title is required."
 * next to the field the form calls "Title", never `web_Title`.
 *
 * A key means the same thing in most forms, so the map is global; a form where a key means
 * something else gives its own labels with `labelled(schema, …)` beside its schema, and those win
 * for that form (`labelAt` walks from the form's schema to the field).
 */
export const FIELD_LABELS: Readonly<Record<string, string>> = {
  // Items and the catalogue.
  num: 'Item number',
  nums: 'Item numbers',
  invNum: 'Item number',
  InvNum: 'Item number',
  invNums: 'Item numbers',
  itemNum: 'Item number',
  code: 'Code',
  web_Title: 'Title',
  web_Product_Info: 'Product info',
  productInfoFormat: 'Product info format',
  period: 'Placed',
  tz: 'Time zone',
  key_Words: 'Key words',
  upc: 'UPC',
  srp: 'SRP',
  price: 'Price',
  packaged: 'Packaged',
  caseQty: 'Case quantity',
  dimensions: 'Dimensions',
  color_Family: 'Colour family',
  colorGroup: 'Colour group',
  brand: 'Brand',
  seO_Title: 'SEO title',
  new: 'New',
  categories: 'Category',
  category: 'Category',
  categoryNum: 'Category number',
  nvcatnum: 'Collection number',
  parentNum: 'Parent',
  filters: 'Filters',
  color: 'Colours',
  sizes: 'Sizes',
  events: 'Events',
  messages: 'Messages',
  shapes: 'Shapes',
  themes: 'Themes',
  poscat: 'POS categories',
  attributes: 'Attributes',
  suggestedItems: 'Suggested items',
  orderMultiple: 'Order multiple',
  photos: 'Photos',
  photoId: 'Photo',
  photoIds: 'Photos in order',
  alt: 'Description of the photo',
  hasPhoto: 'Has a photo',
  searchtext: 'Search',
  q: 'Search',
  sort: 'Sort',
  page: 'Page',
  pageSize: 'Rows per page',
  percent: 'Percent',
  moveSrp: 'Move the SRP too',
  minQty: 'From quantity',
  moveItemsTo: 'Move the items to',
  items: 'Items',
  description: 'Description',
  seoTitle: 'SEO title',
  seoDescription: 'SEO description',
  logo: 'Logo',
  beCat: 'Category code',
  dryRun: 'Dry run',
  jobId: 'Import',
  csv: 'CSV file',
  // Stock.
  warehouse: 'Warehouse',
  delta: 'Units to add or remove',
  setTo: 'Units counted on hand',
  onHand: 'On hand',
  available: 'Available',
  reason: 'Reason',
  note: 'Note',
  bin: 'Bin',
  stock: 'Stock',
  limit: 'How many',
  // Orders.
  orderNum: 'Order number',
  orderNums: 'Orders',
  orders: 'Orders',
  lineNo: 'Line',
  lines: 'Lines',
  qty: 'Quantity',
  carrier: 'Carrier',
  trackingNumber: 'Tracking number',
  shipmentNum: 'Shipment number',
  invoiceNum: 'Invoice number',
  shipToCode: 'Ship-to address',
  shiptocode: 'Ship-to address',
  shippingOption: 'Shipping option',
  poNumber: 'PO number',
  comments: 'Comments',
  coupon: 'Coupon',
  status: 'Status',
  backordered: 'Backordered only',
  customer: 'Customer',
  from: 'From',
  to: 'To',
  updatedSince: 'Changed since',
  cursor: 'Page',
  by: 'Group by',
  format: 'Format',
  message: 'Message',
  // Returns and credit memos.
  rmaNum: 'Return number',
  creditMemoNum: 'Credit memo number',
  disposition: 'What to do with it',
  creditShipping: 'Credit the shipping charge',
  rejectReason: 'Why it was rejected',
  restocked: 'Back to stock',
  scrapped: 'Scrapped',
  received: 'Received',
  units: 'Units',
  creditTotal: 'Credit',
  toCredit: 'Credit on account',
  orderShipping: 'Shipping charge',
  approvedAt: 'Approved on',
  rejectedAt: 'Rejected on',
  // Customers and money.
  id: 'Number',
  customerId: 'Customer',
  orgName: 'Company',
  company: 'Company',
  firstName: 'First name',
  lastName: 'Last name',
  dayPhone: 'Day phone',
  phone: 'Phone',
  web: 'Website',
  website: 'Website',
  billing: 'Billing address',
  address: 'Address',
  addressLine1: 'Address',
  addressLine2: 'Address line 2',
  city: 'City',
  state: 'State',
  zip: 'ZIP code',
  country: 'Country',
  priceLevelId: 'Price level',
  terms: 'Terms',
  kind: 'Kind',
  days: 'Days',
  creditLimit: 'Credit limit',
  amount: 'Amount',
  method: 'Method',
  reference: 'Reference',
  receivedOn: 'Received on',
  receivedAt: 'Received on',
  applications: 'Payments against invoices',
  text: 'Text',
  sessionId: 'Session',
  percentOff: 'Percent off',
  version: 'Version',
  // Coupons, order forms, distributors, pages.
  name: 'Name',
  amountOff: 'Amount off',
  minimum: 'Minimum order',
  maxUses: 'Uses in all',
  maxUsesPerCustomer: 'Uses per customer',
  validFrom: 'Valid from',
  validUntil: 'Valid until',
  active: 'Active',
  masterId: 'Form ID',
  masterid: 'Order form',
  title: 'Title',
  subtitle: 'Subtitle',
  opensAt: 'Opens',
  closesAt: 'Closes',
  pages: 'Pages',
  sections: 'Sections',
  latitude: 'Latitude',
  longitude: 'Longitude',
  radiusMiles: 'Distance in miles',
  distributors: 'Distributors',
  slug: 'Page address',
  markdown: 'Text (Markdown)',
  // Staff, sign-in, keys and webhooks.
  email: 'Email',
  password: 'Password',
  username: 'Email',
  currentPassword: 'Current password',
  oldPassword: 'Current password',
  newPassword: 'New password',
  reenterPassword: 'Password again',
  confirmPassword: 'Password again',
  token: 'Link',
  accessToken: 'Link',
  question: 'Security question',
  securityQuestion: 'Security question',
  securityQuestionAnswer: 'Answer',
  findAPro: 'List my shop in Where to Buy (Find a Pro)',
  prodInfoEmail: 'Send me product news by email',
  prodInfoFax: 'Send me product news by fax',
  access_token: 'Link',
  contact: 'Contact',
  parentCategory: 'Parent category',
  // Pictures and files in addresses.
  v: 'Version of the picture',
  file: 'File',
  answer: 'Answer',
  roles: 'Roles',
  scopes: 'Scopes',
  expiresAt: 'Expires',
  url: 'URL',
  deliveryId: 'Delivery',
  action: 'Action',
  actor: 'Who',
  target: 'About',
  subject: 'Subject',
  value: 'Value',
  type: 'Type',
  origin: 'Origin',
};

/** A form's own labels for keys that mean something else there than in `FIELD_LABELS`. */
export const formLabels = z.registry<Record<string, string>>();

/** The schema, with labels for its fields that win over the global map in this form. */
export function labelled<T extends z.ZodType>(schema: T, labels: Record<string, string>): T {
  formLabels.add(schema, labels);
  return schema;
}

type Def = { type: string; shape?: Record<string, z.ZodType>; innerType?: z.ZodType; in?: z.ZodType; element?: z.ZodType; valueType?: z.ZodType; options?: z.ZodType[]; left?: z.ZodType; right?: z.ZodType; getter?: () => z.ZodType };
const defOf = (s: z.ZodType): Def => (s as unknown as { _zod: { def: Def } })._zod.def;

/** The schemas that hold `key`: through optional, default, pipes, unions and intersections to the objects that name it. */
function objectsWith(schema: z.ZodType | undefined, key: string | number, seen = new Set<z.ZodType>()): z.ZodType[] {
  if (!schema || seen.has(schema)) return [];
  seen.add(schema);
  const def = defOf(schema);
  if (def.shape && typeof key === 'string' && key in def.shape) return [schema];
  if (def.type === 'array' && typeof key === 'number') return [schema];
  if (def.type === 'record' && typeof key === 'string') return [schema];
  const inner = [def.innerType, def.in, def.left, def.right, ...(def.options ?? []), def.type === 'lazy' && def.getter ? def.getter() : undefined];
  return inner.flatMap((s) => objectsWith(s, key, seen));
}

/** The schema of `key` inside `holder` (an object, an array or a record). */
function childOf(holder: z.ZodType, key: string | number): z.ZodType | undefined {
  const def = defOf(holder);
  if (def.shape && typeof key === 'string') return def.shape[key];
  if (def.type === 'array') return def.element;
  if (def.type === 'record') return def.valueType;
  return undefined;
}

/** The label of one key, seen from the schemas that hold it (their own labels first), or undefined. */
function labelOfKey(holders: z.ZodType[], key: string): string | undefined {
  for (const h of holders) {
    const own = formLabels.get(h)?.[key];
    if (own) return own;
  }
  return FIELD_LABELS[key];
}

/** Short forms in keys, as a person writes them. */
const SHORT_FORMS: Record<string, string> = { id: 'ID', ids: 'IDs', qty: 'quantity', num: 'number', nums: 'numbers', inv: 'item', ord: 'ordered', poscat: 'POS category', poscats: 'POS categories', srp: 'SRP', upc: 'UPC', seo: 'SEO', po: 'PO', url: 'URL', csv: 'CSV', pdf: 'PDF' };

/** A key nobody labelled, in words: `lineCount` → "Line count", `web_title` → "Web title", `ordQty` → "Ordered quantity". */
export function humanize(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase()
    .split(/\s+/)
    .map((w) => SHORT_FORMS[w] ?? w)
    .join(' ');
  return words ? words[0]!.toUpperCase() + words.slice(1) : 'This field';
}

export interface FieldPlace {
  /** The field's label. */
  label: string;
  /** True when the label came from a map (the form's or the global one), not from the key itself. */
  known: boolean;
  /** Where in a list the field is: the list's label and the 1-based position, outermost first. */
  rows: { list: string; n: number }[];
}

/**
 * The field at `path` of `root` in words: the label of its last key (the form's own label when
 * `root`'s schemas give one), and the rows of the lists it sits in. Without `root`, the global map.
 */
export function placeOf(root: z.ZodType | undefined, path: readonly PropertyKey[]): FieldPlace {
  // A form asks about the same few fields again and again: each answer is worked out once.
  const cache = root ? (places.get(root) ?? places.set(root, new Map()).get(root)!) : globalPlaces;
  const key = path.map(String).join('\u0000');
  const cached = cache.get(key);
  if (cached) return cached;
  const place = findPlace(root, path);
  if (cache.size < 1_000) cache.set(key, place);
  return place;
}

const places = new WeakMap<z.ZodType, Map<string, FieldPlace>>();
const globalPlaces = new Map<string, FieldPlace>();

function findPlace(root: z.ZodType | undefined, path: readonly PropertyKey[]): FieldPlace {
  let holders: z.ZodType[] = root ? [root] : [];
  let label: string | undefined;
  let known = true;
  let lastKey: string | undefined;
  const rows: FieldPlace['rows'] = [];
  for (const step of path) {
    const key = typeof step === 'number' ? step : String(step);
    const found = holders.flatMap((h) => objectsWith(h, key));
    if (typeof key === 'number') {
      rows.push({ list: label ?? 'the list', n: key + 1 });
    } else {
      const own = labelOfKey(found, key);
      label = own ?? humanize(key);
      known = own !== undefined;
      lastKey = key;
    }
    holders = found.map((h) => childOf(h, key)).filter((s): s is z.ZodType => s !== undefined);
  }
  // A list's entry is named by its row: "Entry 3 of POS categories".
  if (typeof path[path.length - 1] === 'number' && rows.length > 0) {
    const last = rows.pop()!;
    return { label: `Entry ${last.n} of ${last.list}`, known, rows };
  }
  return lastKey === undefined ? { label: 'The form', known: true, rows } : { label: label!, known, rows };
}

/** The label of a field of a form, for the form's input: `fieldLabel(stockAdjustBody, 'delta')`. */
export const fieldLabel = (schema: z.ZodType | undefined, key: string): string => placeOf(schema, [key]).label;
