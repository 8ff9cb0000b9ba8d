import { describe, expect, it } from 'vitest';
import { actorName, auditSentence, summaryLines, targetPath } from './audit-words';
import { periodStart } from './orders';

describe('the audit log in words', () => {
  it('says who did what to which thing, with a link to it', () => {
    expect(auditSentence('Anna Owner', 'order.accept', 'order:1042', {})).toBe('Anna Owner accepted order 1042');
    expect(auditSentence('Anna Owner', 'order.hold', 'order:1042', {})).toBe('Anna Owner put order 1042 on hold');
    expect(auditSentence('Anna Owner', 'order.cancel', 'order:1042', { before: 'accepted', after: 'accepted', lines: [[2, 3]] })).toBe('Anna Owner cancelled lines of order 1042');
    expect(auditSentence('Anna Owner', 'coupon.create', 'coupon:7', {})).toBe('Anna Owner created coupon 7');
    expect(targetPath('order:1042')).toBe('/orders/1042');
    expect(targetPath('item:12001')).toBe('/items/12001');
    expect(targetPath('catalogue')).toBeNull();
  });

  it('names people from the stored name, else from the label', () => {
    expect(actorName('staff:3 owner@example.com', 'Anna Owner')).toBe('Anna Owner');
    expect(actorName('staff:3 owner@example.com', null)).toBe('owner@example.com');
    expect(actorName('customer:12', null)).toBe('Customer 12');
    expect(actorName('system:demo-data', null)).toBe('The shop (demo data)');
  });

  it('reads each summary shape as before → after lines, statuses and money in words', () => {
    expect(summaryLines({ before: 'accepted', after: 'on_hold', reason: 'Credit' })).toEqual(['Status: Accepted → On hold', 'Reason: Credit']);
    expect(summaryLines({ before: { creditLimitCents: 100000, terms: 'Net 30' }, after: { creditLimitCents: 250000, terms: 'Net 30' } })).toEqual(['Credit limit: $1000.00 → $2500.00']);
    expect(summaryLines({ web_Title: ['Red', 'Blue'] })).toEqual(['Title: Red → Blue']);
    expect(summaryLines({ before: 'received', after: 'cancelled', lines: [[1, 2], [3, 1]] })).toEqual(['Status: Received → Cancelled', 'Lines: line 1 × 2, line 3 × 1']);
    expect(summaryLines({ otherSessionsEnded: true })).toEqual(['Other sessions ended: Yes']);
  });
});

describe('Today and This week', () => {
  it('start at midnight of the staff member\'s own day, and on Monday', () => {
    // Saturday 28 November 2026, 03:00 UTC: still Friday evening in Chicago (UTC−6).
    const now = new Date('2026-11-28T03:00:00Z');
    expect(periodStart('today', 'UTC', now).toISOString()).toBe('2026-11-28T00:00:00.000Z');
    expect(periodStart('today', 'America/Chicago', now).toISOString()).toBe('2026-11-27T06:00:00.000Z');
    expect(periodStart('week', 'UTC', now).toISOString()).toBe('2026-11-23T00:00:00.000Z');
    expect(periodStart('week', 'America/Chicago', now).toISOString()).toBe('2026-11-23T06:00:00.000Z');
  });
});
