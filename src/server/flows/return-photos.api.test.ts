import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { RETURN_PHOTO_MESSAGES, RETURN_PHOTOS } from '../../contract/returns';
import { cameraJpeg, multipart, type Part } from '../catalogue/testing';
import { signUpCustomer, type TestCustomer } from '../orders/testing';
import { adminCall } from '../test-support/admin';
import { withShop } from '../test-support/shop';
import { buyerCall, placeOrder, setStock } from './lifecycle-test-helpers';

/**
 * Photos on a return (decision 0039) through the real API on a real database: the buyer adds what
 * arrived popped, the photo is kept upright and without the camera's metadata (GPS included), the
 * order desk sees it; another buyer, a closed return, a file that is not a photo and a seventh
 * photo are refused and leave nothing behind.
 */

const { t, staff } = withShop({ catalogue: true, staff: { owner: 'demo owner', desk: ['orders'], warehouse: ['warehouse'] } });
const db = () => t.ctx.database.db;

/** A buyer's shipped order of 11002 with a return of 2 units asked: the buyer, the order and the return's numbers. */
async function openReturn(c?: TestCustomer) {
  await setStock(t, '11002', 40, 0);
  const { buyer, order } = await placeOrder(t, [['11002', 4]], [], c);
  expect((await adminCall(t, staff.desk, { method: 'POST', url: `/Orders/${order.orderNum}/Accept` })).status).toBe(200);
  const shipped = await adminCall(t, staff.owner, { method: 'POST', url: `/Orders/${order.orderNum}/Ship`, payload: { warehouse: 'west', carrier: 'ups', trackingNumber: '1Z1' } });
  expect(shipped.status).toBe(201);
  const asked = await buyerCall(t, buyer, 'POST', `/Shop/RequestReturn/${order.orderNum}`, { lines: [{ lineNo: 1, qty: 2, reason: 'damaged' }], note: 'Two popped' });
  expect(asked.status).toBe(201);
  return { buyer, orderNum: order.orderNum as number, rmaNum: asked.body.rmaNum as number };
}

/** A phone photo: taken sideways (EXIF orientation 6), with the camera's make and where it was taken. */
async function phonePhoto(width: number, height: number): Promise<Buffer> {
  return sharp(await cameraJpeg(width, height))
    .jpeg({ quality: 90 })
    .withMetadata({ orientation: 6 })
    .withExif({ IFD0: { Make: 'TestPhone', Model: 'Pocket 3' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '37/1 46/1 30/1', GPSLongitudeRef: 'W', GPSLongitude: '122/1 25/1 10/1' } })
    .toBuffer();
}

const file = (value: Buffer | string, filename = 'photo.jpg', type = 'image/jpeg'): Part => ({ name: 'file', value, filename, type });

async function upload(c: TestCustomer, rmaNum: number, parts: Part[]) {
  const body = multipart(parts);
  const res = await t.app.inject({ method: 'POST', url: `/beapi/Shop/Returns/${rmaNum}/Photos`, payload: body.payload, headers: { ...c.headers, ...body.headers } });
  return { status: res.statusCode, body: res.json(), headers: res.headers };
}

const fetchAs = (c: TestCustomer, url: string) => t.app.inject({ method: 'GET', url, headers: c.headers });

/** What a refused upload must leave as it was: the stored photos, the audit log and the timeline. */
async function stored() {
  const count = async (table: 'return_photos' | 'audit_log' | 'order_events') => Number((await db().selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  return { photos: await count('return_photos'), audit: await count('audit_log'), events: await count('order_events') };
}

describe('a buyer adds photos of what arrived', () => {
  it('is kept upright without any metadata, listed for the buyer and the order desk, and told on the timeline', async () => {
    const { buyer, orderNum, rmaNum } = await openReturn();
    const taken = await phonePhoto(2400, 1800);
    const before = await sharp(taken).metadata();
    expect(before.orientation).toBe(6);
    expect(before.exif?.toString('latin1')).toContain('TestPhone');

    const added = await upload(buyer, rmaNum, [file(taken, 'IMG_0042.JPG')]);
    expect(added.status).toBe(201);
    // Sideways 2400×1800 turned upright (1800×2400) and made at most 1600 pixels a side.
    expect(added.body).toEqual({ photoId: expect.any(Number), width: 1200, height: 1600 });
    expect(added.headers['cache-control']).toBe('private, no-store');

    const mine = (await buyerCall(t, buyer, 'GET', '/Shop/GetReturns')).body;
    const url = `/beapi/Shop/Returns/${rmaNum}/Photos/${added.body.photoId}.jpg`;
    expect(mine[0]).toMatchObject({ rmaNum, photos: [{ photoId: added.body.photoId, url }] });
    const image = await fetchAs(buyer, url);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/jpeg');
    expect(image.headers['cache-control']).toBe('private, no-store');
    const meta = await sharp(image.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 1200, height: 1600 });
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect(image.rawPayload.includes(Buffer.from('TestPhone'))).toBe(false);

    // A second photo joins the same timeline entry; each has its audit row.
    const second = await upload(buyer, rmaNum, [file(await sharp(await cameraJpeg(800, 600)).png().toBuffer(), 'box.png', 'image/png')]);
    expect(second.status).toBe(201);
    expect(second.body).toMatchObject({ width: 800, height: 600 });
    const events = (await buyerCall(t, buyer, 'GET', `/Shop/GetOrder/${orderNum}`)).body.events as { kind: string; detail: string }[];
    expect(events.filter((e) => e.kind === 'return_photos').map((e) => e.detail)).toEqual([`2 photos added to return ${rmaNum}`]);
    const audit = await db().selectFrom('audit_log').select(['action', 'actor']).where('target', '=', `return:${rmaNum}`).orderBy('id').execute();
    expect(audit.map((a) => a.action)).toEqual(['return.request', 'return.photo.add', 'return.photo.add']);
    expect(audit[1]!.actor).toMatch(/^customer:\d+$/);

    // The order desk sees both and opens them.
    const detail = await adminCall(t, staff.desk, { method: 'GET', url: `/Returns/${rmaNum}` });
    expect(detail.body.photos).toEqual([
      { photoId: added.body.photoId, url: `/beapi/Admin/Returns/${rmaNum}/Photos/${added.body.photoId}.jpg` },
      { photoId: second.body.photoId, url: `/beapi/Admin/Returns/${rmaNum}/Photos/${second.body.photoId}.jpg` },
    ]);
    const staffImage = await adminCall(t, staff.desk, { method: 'GET', url: `/Returns/${rmaNum}/Photos/${added.body.photoId}.jpg` });
    expect(staffImage.status).toBe(200);
    expect(staffImage.headers['content-type']).toBe('image/jpeg');
    expect(staffImage.headers['cache-control']).toBe('no-store');
    expect((await sharp(staffImage.body as Buffer).metadata()).exif).toBeUndefined();
    // The warehouse does not read returns; an unknown photo is not found.
    expect((await adminCall(t, staff.warehouse, { method: 'GET', url: `/Returns/${rmaNum}/Photos/${added.body.photoId}.jpg` })).status).toBe(403);
    expect((await adminCall(t, staff.desk, { method: 'GET', url: `/Returns/${rmaNum}/Photos/999999.jpg` })).status).toBe(404);
  });

  it('another buyer cannot add to the return or see its photos, nor can anyone signed out', async () => {
    const { buyer, rmaNum } = await openReturn();
    const added = await upload(buyer, rmaNum, [file(await cameraJpeg(320, 240))]);
    expect(added.status).toBe(201);
    const other = await signUpCustomer(t.app);
    const before = await stored();
    const refused = await upload(other, rmaNum, [file(await cameraJpeg(320, 240))]);
    expect(refused.status).toBe(404);
    expect(refused.body.detail).toBe(`Return ${rmaNum} not found`);
    expect((await upload(buyer, 99_999_999, [file(await cameraJpeg(320, 240))])).status).toBe(404);
    const url = `/beapi/Shop/Returns/${rmaNum}/Photos/${added.body.photoId}.jpg`;
    expect((await fetchAs(other, url)).statusCode).toBe(404);
    // The buyer's own photo under another of their returns' numbers is not found either.
    expect((await fetchAs(buyer, `/beapi/Shop/Returns/${rmaNum + 1000}/Photos/${added.body.photoId}.jpg`)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    expect((await buyerCall(t, other, 'GET', '/Shop/GetReturns')).body).toEqual([]);
    expect(await stored()).toEqual(before);
  });
});

describe('what is refused, and leaves nothing behind', () => {
  it('a file that is not a photo, a file too large, no file, and a seventh photo', async () => {
    const { buyer, rmaNum } = await openReturn();
    const before = await stored();
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
    const big = await cameraJpeg(640, 480);
    const cases: [string, Part[], string][] = [
      ['a text file renamed .jpg', [file('Balloons popped.\n'.repeat(100), 'popped.jpg')], 'The photo must be a JPEG, PNG, WebP or HEIC image.'],
      ['a PDF', [file(pdf, 'receipt.pdf', 'application/pdf')], 'The photo must be a JPEG, PNG, WebP or HEIC image.'],
      ['a GIF', [file(await sharp({ create: { width: 20, height: 20, channels: 3, background: '#00f' } }).gif().toBuffer(), 'a.gif', 'image/gif')], 'The photo must be a JPEG, PNG, WebP or HEIC image.'],
      ['an 11 MB file', [file(Buffer.concat([big, randomBytes(11 * 1024 * 1024 - big.length)]))], RETURN_PHOTO_MESSAGES.tooLarge],
      ['no file', [{ name: 'note', value: 'hello' }], RETURN_PHOTO_MESSAGES.noFile],
    ];
    for (const [name, parts, detail] of cases) {
      const res = await upload(buyer, rmaNum, parts);
      expect(res.status, name).toBe(400);
      expect(res.body.detail, name).toBe(detail);
    }
    expect(RETURN_PHOTO_MESSAGES.tooLarge).toBe('The photo is larger than 10 MB: choose a smaller one');
    expect(await stored()).toEqual(before);

    const small = await cameraJpeg(160, 120);
    for (let i = 0; i < RETURN_PHOTOS.perReturn; i++) expect((await upload(buyer, rmaNum, [file(small)])).status).toBe(201);
    const full = await stored();
    const seventh = await upload(buyer, rmaNum, [file(small)]);
    expect(seventh.status).toBe(400);
    expect(seventh.body.detail).toBe('A return can have at most 6 photos');
    expect(await stored()).toEqual(full);
    expect((await buyerCall(t, buyer, 'GET', '/Shop/GetReturns')).body[0].photos).toHaveLength(6);
  });

  it('two uploads at once for the last place: one is added, the other refused', async () => {
    const { buyer, rmaNum } = await openReturn();
    const small = await cameraJpeg(160, 120);
    for (let i = 0; i < RETURN_PHOTOS.perReturn - 1; i++) expect((await upload(buyer, rmaNum, [file(small)])).status).toBe(201);
    const both = await Promise.all([upload(buyer, rmaNum, [file(small)]), upload(buyer, rmaNum, [file(await cameraJpeg(200, 150))])]);
    expect(both.map((r) => r.status).sort()).toEqual([201, 400]);
    expect((await buyerCall(t, buyer, 'GET', '/Shop/GetReturns')).body.find((r: { rmaNum: number }) => r.rmaNum === rmaNum).photos).toHaveLength(RETURN_PHOTOS.perReturn);
  });

  it('a return that is received or rejected takes no more photos (409)', async () => {
    const received = await openReturn();
    const rejected = await openReturn(received.buyer);
    expect((await adminCall(t, staff.desk, { method: 'POST', url: `/Returns/${received.rmaNum}/Receive`, payload: { warehouse: 'west', lines: [{ lineNo: 1, qty: 2, disposition: 'restock' }] } })).status).toBe(200);
    expect((await adminCall(t, staff.desk, { method: 'POST', url: `/Returns/${rejected.rmaNum}/Reject`, payload: { reason: 'Past 30 days' } })).status).toBe(200);
    const before = await stored();
    const photo = await cameraJpeg(320, 240);
    const late = await upload(received.buyer, received.rmaNum, [file(photo)]);
    expect(late.status).toBe(409);
    expect(late.body.detail).toBe('Photos cannot be added to a return that is received');
    const closed = await upload(received.buyer, rejected.rmaNum, [file(photo)]);
    expect(closed.status).toBe(409);
    expect(closed.body.detail).toBe('Photos cannot be added to a return that is rejected');
    expect(await stored()).toEqual(before);
  });

  it('an approved return still takes photos', async () => {
    const { buyer, rmaNum } = await openReturn();
    expect((await adminCall(t, staff.desk, { method: 'POST', url: `/Returns/${rmaNum}/Approve` })).status).toBe(200);
    expect((await upload(buyer, rmaNum, [file(await cameraJpeg(320, 240))])).status).toBe(201);
  });
});
