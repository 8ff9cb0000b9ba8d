import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHOTO_MESSAGES } from '../../../contract/admin/photos';
import { PHOTO_BOXES, PHOTO_FORMATS, photoUrl } from '../../../contract/photos';
import { adminCall, type StaffSessionForTest, staffWith } from '../../test-support/admin';
import { loadFixtureCatalogue } from '../test-fixture';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { cameraJpeg, multipart } from './test-images';

/**
 * Photo upload through the real API on a real database (both), with real images made by sharp:
 * a 12-megapixel camera JPEG turned on its side by EXIF becomes twelve upright, metadata-free
 * variants served with immutable caching, and the item's picture follows its first photo.
 */

let t: TestApp;
let manager: StaffSessionForTest;
let camera: Buffer;

beforeAll(async () => {
  t = await createTestApp((ctx) => loadFixtureCatalogue(ctx.database.db));
  manager = await staffWith(t, ['catalogue']);
  // 4000×3000 as the sensor wrote it, EXIF orientation 6: the photo is 3000×4000 upright.
  camera = await cameraJpeg(4000, 3000, { orientation: 6 });
}, 120_000);
afterAll(() => t?.close());

function upload(num: string, file: Buffer, more: { alt?: string; filename?: string; type?: string } = {}, session = manager) {
  const body = multipart([
    { name: 'file', value: file, filename: more.filename ?? 'photo.jpg', type: more.type ?? 'image/jpeg' },
    ...(more.alt !== undefined ? [{ name: 'alt', value: more.alt }] : []),
  ]);
  return adminCall(t, session, { method: 'POST', url: `/Items/${num}/Photos`, payload: body.payload, headers: body.headers });
}

const image = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

async function detail(num: string) {
  await t.ctx.catalogue.refresh();
  return (await t.app.inject({ method: 'GET', url: `/beapi/Inventory/GetItemDetail?itemNum=${num}` })).json();
}

describe('uploading a 12-megapixel camera JPEG', () => {
  let photo: { photoId: number; hash: string; width: number; height: number; url: string; alt: string };

  it('answers 201 with the upright photo and its variants', async () => {
    expect((await sharp(camera).metadata()).exif).toBeDefined();
    const started = performance.now();
    const res = await upload('11001', camera, { alt: 'Red latex balloon on white' });
    const ms = performance.now() - started;
    console.info(`12 MP JPEG upload → 12 variants stored: ${ms.toFixed(0)} ms (${(camera.length / 1e6).toFixed(1)} MB, ${t.ctx.database.dialect})`);
    expect(res.status).toBe(201);
    photo = res.body;
    expect(photo).toMatchObject({ width: 3000, height: 4000, alt: 'Red latex balloon on white', position: 0, url: photoUrl(photo.hash, 1280) });
    // Speed is the bench's to show (the target is 3 s); the log line reports it.
  });

  it('serves every variant upright, without metadata, with immutable caching and an ETag', async () => {
    for (const box of PHOTO_BOXES) {
      for (const format of PHOTO_FORMATS) {
        const res = await image(photoUrl(photo.hash, box, format));
        expect(res.statusCode, `${box} ${format}`).toBe(200);
        expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
        expect(res.headers['content-type']).toBe({ avif: 'image/avif', webp: 'image/webp', jpg: 'image/jpeg' }[format]);
        const meta = await sharp(res.rawPayload).metadata();
        expect(meta.format).toBe(format === 'jpg' ? 'jpeg' : format === 'avif' ? 'heif' : 'webp');
        // Portrait, fitted in the box: the long side is the box.
        expect([meta.width, meta.height]).toEqual([box * 0.75, box]);
        expect(meta.exif).toBeUndefined();
        expect(meta.icc).toBeUndefined();
        expect(meta.orientation ?? 1).toBe(1);
      }
    }
    const first = await image(photoUrl(photo.hash, 640, 'webp'));
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[0-9a-f]{32}-640-webp"$/);
    const again = await image(photoUrl(photo.hash, 640, 'webp'), { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('answers 404 for an unknown hash, box or format', async () => {
    for (const url of [photoUrl('0'.repeat(32), 640), photoUrl(photo.hash, 800), `/img/${photo.hash}-640.png`, '/img/nothing', `/img/${photo.hash}-640.jpg.exe`]) {
      expect((await image(url)).statusCode, url).toBe(404);
    }
  });

  it("makes the photo the item's picture on its detail page, the listing and other colours' lists", async () => {
    const item = await detail('11001');
    expect(item.picture).toBe(photo.url);
    expect(item.inventoryPicture).toBe(photo.url);
    const listing = (await t.app.inject({ method: 'GET', url: '/beapi/Inventory/GetPagedItemsForCategory?categoryNum=11' })).json();
    const listed = JSON.stringify(listing);
    expect(listed).toContain(`"picture":"${photo.url}"`);
    // Another item keeps its generated picture, and shows the photo where it lists 11001 as another colour.
    const sibling = await detail('11002');
    expect(sibling.picture).toBe('/images/items/11002?v=1');
    expect(sibling.colors).toContainEqual(expect.objectContaining({ num: '11001', picture: photo.url }));
  });

  it("shows in the item editor: the item's photos, its count in the list, and the has-photo filter", async () => {
    const editor = (await adminCall(t, manager, { method: 'GET', url: '/Items/11001' })).body;
    expect(editor.photos).toEqual([{ photoId: photo.photoId, hash: photo.hash, alt: 'Red latex balloon on white', position: 0, width: 3000, height: 4000 }]);
    const withPhotos = (await adminCall(t, manager, { method: 'GET', url: '/Items?hasPhoto=1' })).body;
    expect(withPhotos.items.map((i: { num: string }) => i.num)).toEqual(['11001']);
    expect(withPhotos.items[0]).toMatchObject({ photoCount: 1 });
    const without = (await adminCall(t, manager, { method: 'GET', url: '/Items?hasPhoto=0&q=1100' })).body;
    expect(without.items.map((i: { num: string }) => i.num)).not.toContain('11001');
    expect(without.items.length).toBeGreaterThan(0);
  });

  it('records the upload in the audit log', async () => {
    const audit = await adminCall(t, await staffWith(t, ['owner']), { method: 'GET', url: '/Audit?target=item:11001&action=item.photo.add' });
    expect(audit.body.items).toHaveLength(1);
    expect(JSON.parse(audit.body.items[0].summary)).toMatchObject({ photoId: photo.photoId, width: 3000, height: 4000 });
  });
});

describe("managing an item's photos", () => {
  it('adds a second photo, reorders, changes alt text and deletes, the picture following the first photo', async () => {
    const small = await cameraJpeg(900, 600);
    const a = (await upload('12001', camera)).body;
    const b = (await upload('12001', small, { alt: 'Side view' })).body;
    // A smaller original is never enlarged: its biggest box is its own longer side.
    expect(b).toMatchObject({ width: 900, height: 600, position: 1, url: photoUrl(b.hash, 900) });
    expect((await image(photoUrl(b.hash, 900, 'avif'))).statusCode).toBe(200);
    expect((await image(photoUrl(b.hash, 1280, 'jpg'))).statusCode).toBe(404);
    expect((await detail('12001')).picture).toBe(a.url);

    // The same file twice on one item is refused.
    const again = await upload('12001', small);
    expect(again.status).toBe(409);
    expect(again.body.detail).toBe(PHOTO_MESSAGES.duplicate('12001'));

    const order = await adminCall(t, manager, { method: 'PUT', url: '/Items/12001/Photos/Order', payload: { photoIds: [b.photoId, a.photoId] } });
    expect(order.status).toBe(200);
    expect(order.body.map((p: { photoId: number }) => p.photoId)).toEqual([b.photoId, a.photoId]);
    expect((await detail('12001')).picture).toBe(b.url);

    const wrongOrder = await adminCall(t, manager, { method: 'PUT', url: '/Items/12001/Photos/Order', payload: { photoIds: [b.photoId] } });
    expect(wrongOrder.status).toBe(400);
    expect(wrongOrder.body.detail).toBe(PHOTO_MESSAGES.orderMismatch);

    const alt = await adminCall(t, manager, { method: 'PUT', url: `/Items/12001/Photos/${a.photoId}`, payload: { alt: 'Front view' } });
    expect(alt.status).toBe(200);
    expect(alt.body.alt).toBe('Front view');
    const badAlt = await adminCall(t, manager, { method: 'PUT', url: `/Items/12001/Photos/${a.photoId}`, payload: { alt: 'Front\r\nview' } });
    expect(badAlt.status).toBe(400);

    const del = await adminCall(t, manager, { method: 'DELETE', url: `/Items/12001/Photos/${b.photoId}` });
    expect(del.status).toBe(200);
    expect(del.body).toMatchObject([{ photoId: a.photoId, alt: 'Front view', position: 0 }]);
    expect((await detail('12001')).picture).toBe(a.url);
    // Nothing else shows the small photo: its bytes are gone.
    expect((await image(photoUrl(b.hash, 900, 'jpg'))).statusCode).toBe(404);
    // The big one is still on item 11001 too.
    await adminCall(t, manager, { method: 'DELETE', url: `/Items/12001/Photos/${a.photoId}` });
    expect((await image(photoUrl(a.hash, 640, 'jpg'))).statusCode).toBe(200);
    expect((await detail('12001')).picture).toBe('/images/items/12001?v=1');
    expect((await adminCall(t, manager, { method: 'DELETE', url: `/Items/12001/Photos/${a.photoId}` })).status).toBe(404);

    const actions = await adminCall(t, await staffWith(t, ['owner']), { method: 'GET', url: '/Audit?target=item:12001' });
    expect(actions.body.items.map((e: { action: string }) => e.action).reverse()).toEqual([
      'item.photo.add', 'item.photo.add', 'item.photo.order', 'item.photo.alt', 'item.photo.delete', 'item.photo.delete',
    ]);
  });

  it('answers 404 for an unknown item', async () => {
    expect((await upload('NOPE1', camera)).status).toBe(404);
    expect((await adminCall(t, manager, { method: 'GET', url: '/Items/NOPE1/Photos' })).status).toBe(404);
  });
});

describe('the OpenAPI document', () => {
  it('lists the photo routes with their security, and keeps /img out', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/beapi/docs/json' })).json();
    const photos = doc.paths['/beapi/Admin/Items/{num}/Photos'];
    expect(photos.post.description).toContain('multipart/form-data');
    expect(photos.post.security).toEqual([{ staffSession: [], csrfToken: [] }, { apiKey: [] }]);
    expect(doc.paths['/beapi/Admin/Items/{num}/Photos/Order'].put).toBeDefined();
    expect(doc.paths['/beapi/Admin/Items/{num}/Photos/{photoId}'].delete).toBeDefined();
    expect(Object.keys(doc.paths).filter((p) => p.startsWith('/img'))).toEqual([]);
  });
});
