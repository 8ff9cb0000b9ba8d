import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHOTO_LIMITS, PHOTO_MESSAGES } from '../../../contract/admin/photos';
import { STAFF_MESSAGES } from '../../../contract/admin/staff';
import { adminCall, type StaffSessionForTest, staffWith } from '../../test-support/admin';
import { itemPictureSvg } from '../pictures/item-svg';
import { loadFixtureCatalogue } from '../test-fixture';
import { auditCount } from '../../security/admin-support';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { cameraJpeg, flatPng, multipart, type Part } from './test-images';

/**
 * Files that are not photos the shop accepts get a clear 400 and leave nothing behind: no photo,
 * no variant, no item photo, no audit row, the item's picture unchanged. A member without the
 * catalogue permission gets 403 before the body is read.
 */

let t: TestApp;
let manager: StaffSessionForTest;
let good: Buffer;

beforeAll(async () => {
  t = await createTestApp((ctx) => loadFixtureCatalogue(ctx.database.db));
  manager = await staffWith(t, ['manager']);
  good = await cameraJpeg(1600, 1200);
}, 60_000);
afterAll(() => t?.close());

async function stored() {
  const db = t.ctx.database.db;
  const count = async (table: 'photos' | 'photo_variants' | 'item_photos') =>
    Number((await db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  const item = await db.selectFrom('items').select(['picture', 'detail_head']).where('num', '=', '11001').executeTakeFirstOrThrow();
  return { photos: await count('photos'), variants: await count('photo_variants'), itemPhotos: await count('item_photos'), audit: await auditCount(t), item };
}

function send(parts: Part[], session: StaffSessionForTest = manager, headers: Record<string, string> = {}) {
  const body = multipart(parts);
  return adminCall(t, session, { method: 'POST', url: '/Items/11001/Photos', payload: body.payload, headers: { ...body.headers, ...headers } });
}
const file = (value: Buffer | string, filename = 'photo.jpg', type = 'image/jpeg'): Part => ({ name: 'file', value, filename, type });

describe('a bad file', () => {
  const cases: [string, () => Promise<Part[]>, string][] = [
    ['an SVG drawing', async () => [file(itemPictureSvg({ num: '1', title: 'Balloon', colorName: 'Red', shape: 'round', isFoil: false, isBubble: false }), 'balloon.svg', 'image/svg+xml')], PHOTO_MESSAGES.svg],
    ['an SVG renamed .jpg', async () => [file('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>')], PHOTO_MESSAGES.svg],
    ['a text file renamed .jpg', async () => [file('Balloons are great.\n'.repeat(200))], PHOTO_MESSAGES.notAnImage],
    ['a truncated JPEG', async () => [file(good.subarray(0, Math.floor(good.length * 0.6)))], PHOTO_MESSAGES.unreadable],
    ['a GIF', async () => [file(await sharp({ create: { width: 20, height: 20, channels: 3, background: '#00f' } }).gif().toBuffer(), 'a.gif', 'image/gif')], PHOTO_MESSAGES.format('gif')],
    ['a 60-megapixel decompression bomb', async () => [file(await flatPng(10_000, 6_000), 'bomb.png', 'image/png')], PHOTO_MESSAGES.tooManyPixels(60)],
    ['a 30 MB file', async () => [file(Buffer.concat([good, randomBytes(30 * 1024 * 1024 - good.length)]))], PHOTO_MESSAGES.tooLarge],
    // Under the declared-size check, so the cap is met while streaming.
    ['a file just over 25 MB', async () => [file(Buffer.concat([good, randomBytes(PHOTO_LIMITS.maxBytes + 1000 - good.length)]))], PHOTO_MESSAGES.tooLarge],
    ['no file part', async () => [{ name: 'alt', value: 'A balloon' }], PHOTO_MESSAGES.noFile],
    ['an empty file', async () => [file(Buffer.alloc(0))], PHOTO_MESSAGES.noFile],
    ['two files', async () => [file(good), file(good, 'b.jpg')], 'Upload one photo at a time'],
    ['alt text with a line break', async () => [file(good), { name: 'alt', value: 'Red\r\nBcc: x' }], 'Description of the photo must not contain line breaks'],
  ];

  it.each(cases)('%s: 400 with its message, nothing stored', async (_name, parts, message) => {
    const before = await stored();
    const res = await send(await parts());
    expect(res.status).toBe(400);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.body.detail).toContain(message);
    expect(await stored()).toEqual(before);
  }, 30_000);

  it('a JSON body instead of multipart: 400', async () => {
    const before = await stored();
    const res = await adminCall(t, manager, { method: 'POST', url: '/Items/11001/Photos', payload: { file: good.toString('base64') } });
    expect(res.status).toBe(400);
    expect(res.body.detail).toBe(PHOTO_MESSAGES.notMultipart);
    expect(await stored()).toEqual(before);
  });
});

describe('who may upload', () => {
  it('a warehouse member gets 403 and nothing is stored; a catalogue member may', async () => {
    const warehouse = await staffWith(t, ['warehouse'], 'west');
    const before = await stored();
    const res = await send([file(good)], warehouse);
    expect(res.status).toBe(403);
    expect(res.body.detail).toBe(STAFF_MESSAGES.forbidden('catalogue:write'));
    expect(await stored()).toEqual(before);
    for (const [method, url, payload] of [['DELETE', '/Items/11001/Photos/1'], ['PUT', '/Items/11001/Photos/Order', { photoIds: [1] }], ['PUT', '/Items/11001/Photos/1', { alt: 'x' }]] as const) {
      expect((await adminCall(t, warehouse, { method, url, payload })).status).toBe(403);
    }
    const catalogue = await staffWith(t, ['catalogue']);
    expect((await send([file(good)], catalogue)).status).toBe(201);
  });

  it('without the CSRF header the cookie is refused', async () => {
    const res = await send([file(good)], manager, { 'x-csrf-token': 'wrong' });
    expect(res.status).toBe(403);
  });
});
