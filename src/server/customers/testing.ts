import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { Customer, SignUpInput } from '../../contract/accounts';
import { type OutboxMail, mailsTo } from '../platform/mail/mail-folder';
import type { TestApp } from '../test-support/test-app';

/** Helpers for API tests that need customers: sign-up, sign-in and the mails they get. */

export interface Answer {
  status: number;
  body: any;
  headers: LightMyRequestResponse['headers'];
}

let serial = 0;

/** A complete, valid sign-up form; each call a new address unless `email` is given. */
export function signUpForm(overrides: Partial<SignUpInput> = {}): SignUpInput {
  serial += 1;
  return {
    orgName: 'Party Palace',
    firstName: 'Pat',
    lastName: 'Jones',
    country: 'US',
    addressLine1: '12 Main St',
    city: 'Fresno',
    state: 'CA',
    zip: '93706',
    dayPhone: '559-555-0100',
    web: '',
    email: `buyer${serial}.${process.pid}@shop.test`,
    password: 'correct horse',
    reenterPassword: 'correct horse',
    securityQuestion: 'First pet?',
    securityQuestionAnswer: 'Rex',
    findAPro: false,
    prodInfoEmail: true,
    prodInfoFax: false,
    ...overrides,
  };
}

export function call(t: TestApp, options: InjectOptions): Promise<Answer> {
  const url = `/beapi${String(options.url)}`;
  return t.app.inject({ ...options, url }).then((res) => ({
    status: res.statusCode,
    body: res.body === '' ? undefined : res.json(),
    headers: res.headers,
  }));
}

export const withToken = (token: string) => ({ 'user-token': token });

export async function login(t: TestApp, email: string, password: string, remoteAddress?: string): Promise<string> {
  const res = await call(t, { method: 'POST', url: '/System/Login', payload: { username: email, password }, remoteAddress });
  if (res.status !== 200) throw new Error(`login failed: ${res.status} ${JSON.stringify(res.body)}`);
  return String(res.headers['user-token']);
}

export interface TestCustomer {
  customer: Customer;
  email: string;
  password: string;
  token: string;
}

/**
 * Signs a new customer up and in, each from its own client address so that many sign-ups in one
 * test file stay under the per-address limit of NewAccount.
 */
export async function newCustomer(t: TestApp, overrides: Partial<SignUpInput> = {}): Promise<TestCustomer> {
  const form = signUpForm(overrides);
  const remoteAddress = `10.77.${Math.floor(serial / 250) % 250}.${(serial % 250) + 1}`;
  const res = await call(t, { method: 'POST', url: '/Customer/NewAccount', payload: form, remoteAddress });
  if (res.status !== 201) throw new Error(`sign-up failed: ${res.status} ${JSON.stringify(res.body)}`);
  const token = await login(t, form.email, form.password);
  return { customer: res.body, email: form.email, password: form.password, token };
}

/** The mails sent to an address so far, once the background sends are done. */
export async function mailsFor(t: TestApp, address: string): Promise<OutboxMail[]> {
  await t.ctx.outbox.drain();
  return mailsTo(t.dataDir, address);
}

/** The access_token of the first link in a mail. */
export function linkToken(mail: OutboxMail | undefined): string {
  const token = /access_token=([A-Za-z0-9_-]+)/.exec(mail?.text ?? '')?.[1];
  if (!token) throw new Error('no link with an access_token in the mail');
  return token;
}

/** A ship-to form as the add-address page sends it. */
export function shipToForm(overrides: Record<string, unknown> = {}) {
  return {
    code: '',
    contact: '',
    orgName: 'Party Palace West',
    firstName: 'Lee',
    lastName: 'Chan',
    addressLine1: '900 Oak Ave',
    city: 'Reno',
    state: 'NV',
    zip: '89501',
    country: 'US',
    dayPhone: '775-555-0101',
    email: '',
    ...overrides,
  };
}

/** Act-as links of a customer made to look 60 seconds old or more: their exchange is then 410 (no sleeping). */
export async function expireActAsLinks(t: TestApp, customerId: number): Promise<void> {
  await t.ctx.database.db.updateTable('act_as_links').set({ expires_at: new Date(Date.now() - 1000).toISOString() }).where('customer_id', '=', customerId).execute();
}

/** The act-as sessions of a customer past their 30 minutes. */
export async function expireActingSessions(t: TestApp, customerId: number): Promise<void> {
  await t.ctx.database.db.updateTable('sessions').set({ expires_at: new Date(Date.now() - 1000).toISOString() }).where('customer_id', '=', customerId).where('acting_staff_id', 'is not', null).execute();
}
