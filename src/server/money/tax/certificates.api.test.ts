import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import PDFDocument from 'pdfkit';
import { describe, expect, it } from 'vitest';
import { TAX_CERTIFICATE_MESSAGES as M } from '../../../contract/tax-certificates';
import { cameraJpeg, multipart, type Part } from '../../catalogue/testing';
import { signUpCustomer, type TestCustomer } from '../../orders/testing';
import { adminCall } from '../../test-support/admin';
import { withShop } from '../../test-support/shop';
import { addDays } from '../invoice-amounts';

/**
 * Issue 31: resale certificates (DESIGN.md §7; decision 0042) through the real API on a real
 * database. The buyer uploads one (checked by content, nothing kept when refused), sees only
 * their own; staff accept or reject it from the queue; an accepted, unexpired certificate for the
 * ship-to's state makes the cart exempt; the reminder job mails once before and once after expiry.
 */

const { t, staff } = withShop({
  catalogue: true,
  env: { TAX_NEXUS_STATES: 'CA,AL' },
  staff: { accounts: ['accounts'], desk: ['orders'], warehouse: ['warehouse'] },
});
const db = () => t.ctx.database.db;
const today = () => new Date().toISOString().slice(0, 10);

/** A small real PDF, drawn with the PDF library the shop's documents use. */
function pdf(text = 'California Resale Certificate'): Promise<Buffer> {
  return new Promise((resolve) => {
    const doc = new PDFDocument({ size: 'LETTER' });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.text(text);
    doc.end();
  });
}

interface Fields {
  number?: string;
  state?: string;
  expiresOn?: string;
}

const fileOf = (value: Buffer | string, filename = 'certificate.pdf', type = 'application/pdf'): Part => ({ name: 'file', value, filename, type });

async function upload(c: TestCustomer, fields: Fields, file: Part | null) {
  const parts: Part[] = Object.entries(fields).map(([name, value]) => ({ name, value: String(value) }));
  if (file) parts.push(file);
  const body = multipart(parts);
  const res = await t.app.inject({ method: 'POST', url: '/beapi/Customer/TaxCertificates', payload: body.payload, headers: { ...c.headers, ...body.headers } });
  return { status: res.statusCode, body: res.json() };
}

const valid = (over: Fields = {}): Fields => ({ number: 'SR-FAA-123456', state: 'CA', expiresOn: addDays(today(), 365), ...over });
const list = async (c: TestCustomer) => (await t.app.inject({ method: 'GET', url: '/beapi/Customer/TaxCertificates', headers: c.headers })).json();
const storedFiles = () => (existsSync(join(t.dataDir, 'tax-certificates')) ? readdirSync(join(t.dataDir, 'tax-certificates')) : []);

async function cart(c: TestCustomer) {
  const res = await t.app.inject({ method: 'GET', url: '/beapi/Shop/GetShoppingCart', headers: c.headers });
  expect(res.statusCode).toBe(200);
  return res.json();
}

/** A CA buyer with an item in the cart, and a pending certificate of theirs. */
async function buyerWithCertificate(fields: Fields = valid()) {
  const buyer = await signUpCustomer(t.app, 'CA');
  const added = await t.app.inject({ method: 'POST', url: '/beapi/Shop/AddItem?invNum=11001&qty=10', headers: buyer.headers });
  expect(added.statusCode).toBe(200);
  const made = await upload(buyer, fields, fileOf(await pdf()));
  expect(made.status).toBe(201);
  return { buyer, id: made.body.id as number };
}

const mailsOf = async (topic: string, email: string) =>
  (await db().selectFrom('outbox').select(['payload']).where('topic', '=', topic).where('about', 'like', `${email}:%`).execute()).map((r) => JSON.parse(r.payload!) as { subject: string; text: string });

describe('a buyer uploads a resale certificate', () => {
  it('a PDF waits for review, is listed for its buyer and read back as it was sent', async () => {
    const buyer = await signUpCustomer(t.app, 'CA');
    const bytes = await pdf();
    const made = await upload(buyer, valid({ state: 'ca' }), fileOf(bytes, 'my cert.pdf'));
    expect(made).toEqual({ status: 201, body: { id: expect.any(Number), status: 'pending' } });
    const own = await list(buyer);
    expect(own.items).toEqual([
      { id: made.body.id, number: 'SR-FAA-123456', state: 'CA', expiresOn: addDays(today(), 365), status: 'pending', rejectReason: null, uploadedAt: expect.any(String), fileName: 'my cert.pdf' },
    ]);
    const file = await t.app.inject({ method: 'GET', url: `/beapi/Customer/TaxCertificates/${made.body.id}/File`, headers: buyer.headers });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['cache-control']).toBe('private, no-store');
    expect(file.rawPayload.equals(bytes)).toBe(true);
  });

  it('a photo of the certificate is kept as a JPEG', async () => {
    const buyer = await signUpCustomer(t.app, 'CA');
    const made = await upload(buyer, valid(), fileOf(await cameraJpeg(400, 300), 'cert.jpg', 'image/jpeg'));
    expect(made.status).toBe(201);
    const file = await t.app.inject({ method: 'GET', url: `/beapi/Customer/TaxCertificates/${made.body.id}/File`, headers: buyer.headers });
    expect(file.headers['content-type']).toBe('image/jpeg');
  });

  it('refuses what is missing or wrong with a sentence naming the field, and keeps nothing', async () => {
    const buyer = await signUpCustomer(t.app, 'CA');
    const before = storedFiles().length;
    const good = fileOf(await pdf());
    const past = addDays(today(), -1);
    const pngHeaderOnly = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(200, 7)]);
    const cases: [string, Fields, Part | null, string, string][] = [
      ['no number', valid({ number: '' }), good, 'number', 'Certificate number is required.'],
      ['no expiry', { number: 'X1', state: 'CA' }, good, 'expiresOn', 'Expiry date is required.'],
      ['an expiry that is not a date', valid({ expiresOn: '2027-02-30' }), good, 'expiresOn', M.invalidDate],
      ['an expiry in the past', valid({ expiresOn: past }), good, 'expiresOn', `This certificate expired on ${past}: Expiry date must be today or later.`],
      ['a state that is not one', valid({ state: 'ZZ' }), good, 'state', M.unknownState('ZZ')],
      ['no file', valid(), null, 'file', M.noFile],
      ['a text file named .pdf', valid(), fileOf('just some words', 'cert.pdf'), 'file', M.notAccepted],
      ['a GIF', valid(), fileOf(Buffer.from('GIF89a......'), 'cert.gif', 'image/gif'), 'file', M.notAccepted],
      ['a PNG that does not decode', valid(), fileOf(pngHeaderOnly, 'cert.png', 'image/png'), 'file', M.notAccepted],
    ];
    for (const [what, fields, file, field, message] of cases) {
      const res = await upload(buyer, fields, file);
      expect(res.status, what).toBe(400);
      expect(res.body.fields?.[field], what).toBe(message);
      expect(res.body.detail, what).toContain(message);
    }
    const tooLarge = await upload(buyer, valid(), fileOf(Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(11 * 1024 * 1024, 32)])));
    expect([400, 413]).toContain(tooLarge.status);
    expect(tooLarge.body.detail).toBe(M.tooLarge);
    expect((await list(buyer)).items).toEqual([]);
    expect(storedFiles().length).toBe(before);
  });

  it('a buyer has at most five certificates waiting for review', async () => {
    const buyer = await signUpCustomer(t.app, 'AL');
    for (let i = 0; i < 5; i++) expect((await upload(buyer, valid({ number: `AL-${i}`, state: 'AL' }), fileOf(await pdf()))).status).toBe(201);
    const before = storedFiles().length;
    const sixth = await upload(buyer, valid({ number: 'AL-5', state: 'AL' }), fileOf(await pdf()));
    expect(sixth.status).toBe(400);
    expect(sixth.body.detail).toBe(M.tooManyPending(5));
    expect(storedFiles().length).toBe(before);
    expect((await list(buyer)).items).toHaveLength(5);
  });

  it("another buyer cannot list or read it; staff see it in the queue with the customer's company", async () => {
    const { buyer, id } = await buyerWithCertificate();
    const other = await signUpCustomer(t.app, 'CA');
    expect((await list(other)).items).toEqual([]);
    const theirs = await t.app.inject({ method: 'GET', url: `/beapi/Customer/TaxCertificates/${id}/File`, headers: other.headers });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().detail).toBe(M.notFound(id));
    expect((await t.app.inject({ method: 'GET', url: `/beapi/Customer/TaxCertificates/${id}/File` })).statusCode).toBe(401);

    const queue = await adminCall(t, staff.desk, { method: 'GET', url: '/TaxCertificates?status=pending' });
    expect(queue.status).toBe(200);
    const mine = queue.body.items.find((c: { id: number }) => c.id === id);
    expect(mine).toMatchObject({ status: 'pending', state: 'CA', orgName: expect.stringMatching(/^Party Shop/), contentType: 'application/pdf' });
    const ids = queue.body.items.map((c: { id: number }) => c.id);
    expect(ids).toEqual([...ids].sort((a: number, b: number) => a - b));
    const customerId = mine.customerId as number;
    const ofCustomer = await adminCall(t, staff.desk, { method: 'GET', url: `/Customers/${customerId}/TaxCertificates` });
    expect(ofCustomer.body.items.map((c: { id: number }) => c.id)).toEqual([id]);
    const file = await t.app.inject({ method: 'GET', url: `/beapi/Admin/TaxCertificates/${id}/File`, headers: { cookie: staff.desk.cookie } });
    expect(file.statusCode).toBe(200);
    expect(file.headers['cache-control']).toBe('no-store');
    // The warehouse reads no customers; the order desk reads but does not decide.
    expect((await adminCall(t, staff.warehouse, { method: 'GET', url: '/TaxCertificates' })).status).toBe(403);
    expect((await adminCall(t, staff.desk, { method: 'POST', url: `/TaxCertificates/${id}/Accept` })).status).toBe(403);
    expect((await list(buyer)).items[0].status).toBe('pending');
  });
});

describe('staff decide', () => {
  it('accepting makes the CA cart exempt, mails the buyer and is audited; after expiry the cart is taxed again', async () => {
    const { buyer, id } = await buyerWithCertificate();
    const taxed = await cart(buyer);
    expect(taxed.taxBasis).toBe('taxable');
    expect(taxed.tax).toBeGreaterThan(0);

    const accepted = await adminCall(t, staff.accounts, { method: 'POST', url: `/TaxCertificates/${id}/Accept` });
    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({ id, status: 'accepted', decidedBy: expect.stringMatching(/^staff:/) });
    const exempt = await cart(buyer);
    expect(exempt).toMatchObject({ taxBasis: 'exempt', tax: 0 });
    expect((await list(buyer)).items[0].status).toBe('accepted');
    const [mail] = await mailsOf('tax-certificate-accepted', buyer.email);
    expect(mail!.text).toContain('Orders shipped to CA are now tax-exempt until');
    const audit = await db().selectFrom('audit_log').select(['action', 'actor']).where('target', '=', `tax-certificate:${id}`).orderBy('id').execute();
    expect(audit.map((a) => a.action)).toEqual(['tax-certificate.upload', 'tax-certificate.accept']);

    await db().updateTable('tax_certificates').set({ expires_on: addDays(today(), -1) }).where('id', '=', id).execute();
    expect(await cart(buyer)).toMatchObject({ taxBasis: 'taxable', tax: taxed.tax });
  });

  it('a certificate for another state exempts nothing in CA', async () => {
    const { buyer, id } = await buyerWithCertificate(valid({ state: 'AL' }));
    expect((await adminCall(t, staff.accounts, { method: 'POST', url: `/TaxCertificates/${id}/Accept` })).status).toBe(200);
    expect((await cart(buyer)).taxBasis).toBe('taxable');
  });

  it('rejecting needs a reason, which the buyer sees and is mailed; a decided certificate cannot be decided again', async () => {
    const { buyer, id } = await buyerWithCertificate();
    const noReason = await adminCall(t, staff.accounts, { method: 'POST', url: `/TaxCertificates/${id}/Reject`, payload: { reason: '  ' } });
    expect(noReason.status).toBe(400);
    expect(noReason.body.detail).toBe(M.reasonRequired);
    expect((await adminCall(t, staff.accounts, { method: 'POST', url: `/TaxCertificates/${id}/Reject`, payload: {} })).status).toBe(400);

    const rejected = await adminCall(t, staff.accounts, { method: 'POST', url: `/TaxCertificates/${id}/Reject`, payload: { reason: 'The certificate is not signed' } });
    expect(rejected.status).toBe(200);
    expect((await list(buyer)).items[0]).toMatchObject({ status: 'rejected', rejectReason: 'The certificate is not signed' });
    const [mail] = await mailsOf('tax-certificate-rejected', buyer.email);
    expect(mail!.text).toContain('Reason: The certificate is not signed');
    expect((await cart(buyer)).taxBasis).toBe('taxable');

    const again = await adminCall(t, staff.accounts, { method: 'POST', url: `/TaxCertificates/${id}/Accept` });
    expect(again.status).toBe(409);
    expect(again.body.detail).toBe(M.decided(id, 'rejected'));
    expect((await adminCall(t, staff.accounts, { method: 'POST', url: '/TaxCertificates/999999/Accept' })).status).toBe(404);
  });

  it('two staff deciding at once: one wins, the other gets 409, one mail', async () => {
    const { buyer, id } = await buyerWithCertificate();
    const other = await t.startPeer();
    try {
      const [a, b] = await Promise.all([
        adminCall(t, staff.accounts, { method: 'POST', url: `/TaxCertificates/${id}/Accept` }),
        adminCall(other, staff.accounts, { method: 'POST', url: `/TaxCertificates/${id}/Reject`, payload: { reason: 'Unreadable scan' } }),
      ]);
      expect([a.status, b.status].sort()).toEqual([200, 409]);
    } finally {
      await other.close();
    }
    const mails = [...(await mailsOf('tax-certificate-accepted', buyer.email)), ...(await mailsOf('tax-certificate-rejected', buyer.email))];
    expect(mails).toHaveLength(1);
    const audit = await db().selectFrom('audit_log').select('action').where('target', '=', `tax-certificate:${id}`).execute();
    expect(audit).toHaveLength(2);
  });
});

describe('the reminder job', () => {
  it('queues one reminder 30 days before expiry and one notice after it, never twice, even from two instances at once', async () => {
    const expiresOn = addDays(today(), 45);
    const { buyer, id } = await buyerWithCertificate(valid({ expiresOn }));
    // What earlier tests left due today is sent first.
    await t.ctx.taxCertificateReminders.runOnce(today());
    // Pending certificates get nothing.
    expect(await t.ctx.taxCertificateReminders.runOnce(addDays(expiresOn, -30))).toEqual({ reminders: 0, expired: 0 });
    expect((await adminCall(t, staff.accounts, { method: 'POST', url: `/TaxCertificates/${id}/Accept` })).status).toBe(200);

    const jobs = t.ctx.taxCertificateReminders;
    expect((await jobs.runOnce(addDays(expiresOn, -31))).reminders).toBe(0);
    const peer = await t.startPeer();
    try {
      const both = await Promise.all([jobs.runOnce(addDays(expiresOn, -30)), peer.ctx.taxCertificateReminders.runOnce(addDays(expiresOn, -30))]);
      expect(both.reduce((n, r) => n + r.reminders, 0)).toBe(1);
    } finally {
      await peer.close();
    }
    expect((await jobs.runOnce(addDays(expiresOn, -10))).reminders).toBe(0);
    const reminders = await mailsOf('tax-certificate-reminder', buyer.email);
    expect(reminders).toHaveLength(1);
    expect(reminders[0]!.text).toContain('orders shipped to CA are taxed again');

    // The last valid day is still exempt: no notice yet.
    expect((await jobs.runOnce(expiresOn)).expired).toBe(0);
    expect((await jobs.runOnce(addDays(expiresOn, 1))).expired).toBe(1);
    expect(await jobs.runOnce(addDays(expiresOn, 2))).toEqual({ reminders: 0, expired: 0 });
    const notices = await mailsOf('tax-certificate-expired', buyer.email);
    expect(notices).toHaveLength(1);
    expect(notices[0]!.text).toContain('Orders shipped to CA are taxed again');
  });

  it('a buyer who already holds a later certificate for the state is not reminded', async () => {
    const first = addDays(today(), 20);
    const { buyer, id } = await buyerWithCertificate(valid({ expiresOn: first }));
    const later = await upload(buyer, valid({ expiresOn: addDays(today(), 400) }), fileOf(await pdf()));
    for (const c of [id, later.body.id as number]) expect((await adminCall(t, staff.accounts, { method: 'POST', url: `/TaxCertificates/${c}/Accept` })).status).toBe(200);
    await t.ctx.taxCertificateReminders.runOnce(today());
    await t.ctx.taxCertificateReminders.runOnce(addDays(first, 1));
    expect(await mailsOf('tax-certificate-reminder', buyer.email)).toEqual([]);
    expect(await mailsOf('tax-certificate-expired', buyer.email)).toEqual([]);
  });
});
