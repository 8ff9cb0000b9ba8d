import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTACT_MESSAGES, DISTRIBUTOR_SEARCH } from '../../contract/content';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { seedDemoDistributors } from './demo-distributors';
import { findContactMessage } from './queries';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(async (ctx) => {
    await seedDemoDistributors(ctx.database.db);
  });
});
afterAll(() => t?.close());

const search = (query: string) => t.app.inject({ method: 'GET', url: `/beapi/Distributors/Search?${query}` });
const contact = (payload: unknown) => t.app.inject({ method: 'POST', url: '/beapi/System/ContactUs', payload: payload as object });

describe('GET /Distributors/Search', () => {
  it('lists distributors near a ZIP code, nearest first, with the distance in miles', async () => {
    const res = await search('zip=93706&radiusMiles=100');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.origin).toEqual({ zip: '93706', city: 'Fresno', state: 'CA' });
    const miles: number[] = body.distributors.map((d: { distanceMiles: number }) => d.distanceMiles);
    expect(miles.length).toBeGreaterThanOrEqual(3);
    expect([...miles].sort((a, b) => a - b)).toEqual(miles);
    expect(Math.max(...miles)).toBeLessThanOrEqual(100);
    expect(body.distributors[0]).toMatchObject({ city: 'Fresno', state: 'CA' });
  });

  it('widens with the radius', async () => {
    const near = (await search('zip=93706&radiusMiles=25')).json().distributors.length;
    const far = (await search('zip=93706&radiusMiles=3000')).json().distributors.length;
    expect(far).toBeGreaterThan(near);
  });

  it('lists every distributor of a state, without distances', async () => {
    const res = await search('state=al');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.origin).toBeNull();
    expect(body.distributors.length).toBeGreaterThanOrEqual(2);
    for (const d of body.distributors) expect(d).toMatchObject({ state: 'AL', distanceMiles: null });
  });

  it('answers 400 for a malformed ZIP or no criteria, and 404 for an unknown ZIP', async () => {
    const bad = await search('zip=12ab');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().detail).toContain(DISTRIBUTOR_SEARCH.zipInvalid);
    expect((await search('')).statusCode).toBe(400);
    const unknown = await search('zip=00000');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers['content-type']).toContain('application/problem+json');
  });
});

describe('POST /System/ContactUs', () => {
  it('stores the message and writes it to the outbox', async () => {
    const res = await contact({ name: 'Pat Buyer', email: 'pat@example.com', company: 'Party Barn', message: 'Do you ship to Hawaii?' });
    expect(res.statusCode).toBe(201);
    const { reference } = res.json();
    expect(reference).toMatch(/^C-[0-9A-F]{8}$/);
    const row = await findContactMessage(t.ctx.database.db, reference);
    expect(row).toMatchObject({ name: 'Pat Buyer', email: 'pat@example.com', company: 'Party Barn', message: 'Do you ship to Hawaii?' });
    await t.ctx.outbox.drain();
    const outbox = join(t.dataDir, 'outbox');
    const mails = readdirSync(outbox).map((f) => readFileSync(join(outbox, f), 'utf8'));
    const mail = mails.find((m) => m.includes(reference));
    expect(mail).toBeDefined();
    expect(mail).toContain('Do you ship to Hawaii?');
    expect(mail).toContain('pat@example.com');
  });

  it('answers 400 with the form messages when required fields are missing', async () => {
    const res = await contact({ name: ' ', email: 'not-an-email', message: '' });
    expect(res.statusCode).toBe(400);
    const { errors } = res.json();
    expect(errors).toEqual(expect.arrayContaining([CONTACT_MESSAGES.nameRequired, CONTACT_MESSAGES.emailInvalid, CONTACT_MESSAGES.messageRequired]));
  });
});
