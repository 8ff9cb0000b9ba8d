import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import zipcodes from 'zipcodes';
import { type ContactRequest, contactRequestSchema, type ContactResponse, DISTRIBUTOR_SEARCH, type DistributorSearchResponse } from '../../contract/content';
import type { DB } from '../platform/db/schema';
import { Invalid, NotFound } from '../platform/errors';
import { writeTransaction } from '../platform/db/database';
import { enqueueMail } from '../platform/mail/mailer';
import type { OutboxDispatcher } from '../platform/outbox/outbox';
import { type DistributorRow, insertContactMessage, listDistributors } from './queries';

/** The shop's own inbox for contact-form messages. */
export const SHOP_INBOX = 'hello@skyline-balloons.example';

const EARTH_RADIUS_MILES = 3958.8;
const rad = (deg: number) => (deg * Math.PI) / 180;

/** Great-circle distance in miles (haversine), to one decimal. */
export function milesBetween(a: { latitude: number; longitude: number }, b: { latitude: number; longitude: number }): number {
  const dLat = rad(b.latitude - a.latitude);
  const dLon = rad(b.longitude - a.longitude);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.sin(dLon / 2) ** 2;
  return Math.round(2 * EARTH_RADIUS_MILES * Math.asin(Math.sqrt(h)) * 10) / 10;
}

const toDistributor = (d: DistributorRow, distanceMiles: number | null) => ({
  id: d.id,
  name: d.name,
  address: d.address,
  city: d.city,
  state: d.state,
  zip: d.zip,
  phone: d.phone,
  website: d.website,
  distanceMiles,
});

export class ContentService {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly outbox: OutboxDispatcher,
  ) {}

  /**
   * Stores the message and its mail to the shop's inbox in one transaction: the answer does not
   * wait for (or depend on) the mail server, and a retry after a failed send stores nothing twice.
   */
  async contactUs(input: ContactRequest): Promise<ContactResponse> {
    const m = contactRequestSchema.parse(input);
    const reference = `C-${randomBytes(4).toString('hex').toUpperCase()}`;
    const receivedAt = new Date().toISOString();
    const mail = {
      to: SHOP_INBOX,
      subject: `[Contact ${reference}] ${m.subject || 'Message from the website'}`,
      text: [
        `From: ${m.name} <${m.email}>`,
        m.company && `Company: ${m.company}`,
        m.phone && `Phone: ${m.phone}`,
        `Received: ${receivedAt}`,
        '',
        m.message,
      ]
        .filter((l) => l !== '')
        .join('\n'),
    };
    await writeTransaction(this.db, async (trx) => {
      await insertContactMessage(trx, { reference, ...m, created_at: receivedAt });
      await enqueueMail(trx, 'contact-message', mail);
    });
    this.outbox.poke();
    return { reference, receivedAt };
  }

  /** Distributors within a radius of a ZIP code, nearest first; or every distributor in a state. */
  async searchDistributors(q: { zip?: string; state?: string; radiusMiles: number }): Promise<DistributorSearchResponse> {
    if (q.zip) {
      const origin = zipcodes.lookup(q.zip);
      if (!origin) throw new NotFound(DISTRIBUTOR_SEARCH.zipUnknown);
      const all = await listDistributors(this.db);
      const distributors = all
        .map((d) => toDistributor(d, milesBetween(origin, d)))
        .filter((d) => d.distanceMiles! <= q.radiusMiles)
        .sort((a, b) => a.distanceMiles! - b.distanceMiles! || a.name.localeCompare(b.name));
      return { origin: { zip: origin.zip, city: origin.city, state: origin.state }, distributors };
    }
    if (!q.state) throw new Invalid(DISTRIBUTOR_SEARCH.zipOrState);
    const rows = await listDistributors(this.db, q.state);
    return { origin: null, distributors: rows.map((d) => toDistributor(d, null)) };
  }
}
