import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parsePhotoUrl, photoUrl } from '../../../contract/photos';
import { seedDemoData } from '../../demo-data';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { seedDemoPhotos } from './demo-photos';

/** A fresh shop's demo data has real raster photos, made through the upload's path, and the storefront shows them. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp((ctx) => seedDemoData(ctx.database.db));
}, 120_000);
afterAll(() => t?.close());

describe('the demo photos', () => {
  it('give a handful of items a real photo, served in every variant, and their pages show it', async () => {
    const rows = await t.ctx.database.db
      .selectFrom('item_photos as p')
      .innerJoin('items as i', 'i.id', 'p.item_id')
      .select(['i.num', 'i.picture', 'i.web_title', 'p.alt'])
      .execute();
    expect(rows.length).toBeGreaterThanOrEqual(5);
    for (const row of rows) {
      const photo = parsePhotoUrl(row.picture);
      expect(photo, row.num).toMatchObject({ box: 1000, format: 'jpg' });
      expect(row.alt).toBe(row.web_title);
      const detail = (await t.app.inject({ method: 'GET', url: `/beapi/Inventory/GetItemDetail?itemNum=${row.num}` })).json();
      expect(detail.picture).toBe(row.picture);
      const avif = await t.app.inject({ method: 'GET', url: photoUrl(photo!.hash, 320, 'avif') });
      expect(avif.statusCode).toBe(200);
      expect(await sharp(avif.rawPayload).metadata()).toMatchObject({ width: 320, height: 320 });
    }
    // Seeding again adds nothing.
    expect(await seedDemoPhotos(t.ctx.database.db)).toBe(0);
  });
});
