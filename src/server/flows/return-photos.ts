import { RETURN_MESSAGES as M, RETURN_PHOTO_MESSAGES as P, RETURN_PHOTOS, type ReturnPhotoAnswer, type ReturnStatus } from '../../contract/returns';
import { uprightJpeg } from '../catalogue';
import { type Actor, recordAudit } from '../platform/audit/audit';
import { writeTransaction } from '../platform/db/database';
import type { DialectOps } from '../platform/db/dialect';
import { Conflict, Invalid, NotFound } from '../platform/errors';
import { buyerName, type Db, insertReturnPhoto, lockReturn, notePhotoAdded, returnPhotoBytes, returnPhotoCount } from '../orders';

/** A return takes photos while the goods are still on their way (decision 0039). */
const OPEN: readonly ReturnStatus[] = ['requested', 'approved'];

/**
 * The buyer's photos of a return (decision 0039): added while it is requested or approved, at
 * most RETURN_PHOTOS.perReturn, each checked and made one upright JPEG without metadata by the
 * catalogue's photo processing. The slow part (decoding, encoding) runs before the transaction;
 * the transaction locks the return, checks again, stores the photo with its audit row and the
 * order's timeline entry.
 */
export class ReturnPhotoService {
  constructor(
    private readonly db: Db,
    private readonly ops: DialectOps,
  ) {}

  /**
   * Refuses early what the transaction would refuse, before the file is read: another buyer's
   * return (or none) is not found, a closed one is 409, a full one 400.
   */
  async assertCanAdd(customerId: number, rmaNum: number): Promise<void> {
    await this.check(this.db, customerId, rmaNum, false);
  }

  async add(actor: Actor, customerId: number, rmaNum: number, file: Buffer): Promise<ReturnPhotoAnswer> {
    await this.assertCanAdd(customerId, rmaNum);
    const photo = await uprightJpeg(file, RETURN_PHOTOS.box, P);
    return writeTransaction(this.db, async (trx) => {
      const r = await this.check(trx, customerId, rmaNum, this.ops.forUpdate);
      const photoId = await insertReturnPhoto(trx, r.id, photo);
      const who: Actor = actor.name ? actor : { ...actor, name: (await buyerName(trx, customerId)) || undefined };
      await notePhotoAdded(trx, r.order_id, rmaNum, who);
      await recordAudit(trx, who, {
        action: 'return.photo.add',
        target: `return:${rmaNum}`,
        summary: { photoId, width: photo.width, height: photo.height, bytes: file.length, stored: photo.bytes.length },
      });
      return { photoId, width: photo.width, height: photo.height };
    });
  }

  /** One photo's JPEG; with `customerId`, only that buyer's return (another's is not found). */
  async jpeg(rmaNum: number, photoId: number, customerId?: number): Promise<Buffer> {
    const bytes = await returnPhotoBytes(this.db, rmaNum, photoId, customerId);
    if (!bytes) throw new NotFound(M.photoNotFound(photoId));
    return bytes;
  }

  private async check(db: Db, customerId: number, rmaNum: number, forUpdate: boolean) {
    const r = await lockReturn(db, rmaNum, forUpdate);
    if (!r || r.customer_id !== customerId) throw new NotFound(M.returnNotFound(rmaNum));
    if (!OPEN.includes(r.status)) throw new Conflict(M.photosClosed(r.status));
    if ((await returnPhotoCount(db, r.id)) >= RETURN_PHOTOS.perReturn) throw new Invalid(P.full);
    return r;
  }
}
