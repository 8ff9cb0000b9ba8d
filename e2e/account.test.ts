import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailsTo } from '../src/server/platform/mail/mail-folder';
import { seriousViolations } from './support/axe';
import { launchBrowser, type RunningShop, startShop } from './support/shop';

let shop: RunningShop;
let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  shop = await startShop();
  browser = await launchBrowser();
});
afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => undefined);
  await browser?.close();
  await shop?.stop();
});

async function newPage(path: string, viewport = { width: 1280, height: 900 }): Promise<Page> {
  const context = await browser.newContext({ viewport });
  contexts.push(context);
  const page = await context.newPage();
  await page.goto(`${shop.url}${path}`);
  return page;
}

let counter = 0;
const uniqueEmail = (name: string) => `${name}.${Date.now().toString(36)}${counter++}@example.com`;

/** A customer made through the API, for the journeys that do not test sign-up itself. */
async function createCustomer(email: string, password = 'balloons123'): Promise<void> {
  const res = await fetch(`${shop.url}/beapi/Customer/NewAccount`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      orgName: 'Party Corner',
      firstName: 'Pat',
      lastName: 'Lee',
      country: 'US',
      addressLine1: '1 Main St',
      city: 'Fresno',
      state: 'CA',
      zip: '93706',
      dayPhone: '559-555-0100',
      email,
      password,
      reenterPassword: password,
      securityQuestion: 'What city were you born in?',
      securityQuestionAnswer: 'Fresno',
    }),
  });
  expect(res.status).toBe(201);
}

/** Waits for a mail to an address and answers its first link. */
async function linkFromMail(email: string, subject: RegExp): Promise<string> {
  let link = '';
  await expect
    .poll(() => {
      const mail = mailsTo(shop.dataDir, email).find((m) => subject.test(m.subject));
      link = /https?:\/\/\S+access_token=[A-Za-z0-9_-]+/.exec(mail?.text ?? '')?.[0] ?? '';
      return link;
    }, { timeout: 10_000 })
    .not.toBe('');
  return link;
}

/** Signs in with the keyboard alone: type, Tab, type, Enter. */
async function signIn(page: Page, email: string, password: string): Promise<void> {
  await field(page, 'Email').focus();
  await page.keyboard.type(email);
  await page.keyboard.press('Tab');
  await page.keyboard.type(password);
  await page.keyboard.press('Enter');
  await page.getByText('Signin Successful').first().waitFor();
}

/** A form control by its label (a required field's label ends with an asterisk). */
const field = (page: Page, label: string) =>
  page.getByLabel(new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*\\*?$`)).and(page.locator('input, textarea'));

describe('sign-up', () => {
  it('signs up through all three steps, verifies the email, signs in and opens a catalogue', async () => {
    const email = uniqueEmail('new.buyer');
    const page = await newPage('/signup');
    // Step 0: the email, by keyboard.
    await field(page, 'Email').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await field(page, 'Email').focus();
    await page.keyboard.type(email);
    await page.keyboard.press('Enter');
    // Step 1: names, company, country, postal code, phone.
    await field(page, 'First name').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await field(page, 'First name').focus();
    await page.keyboard.type('Rosa');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Diaz');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Rosa Balloon Works');
    await field(page, 'Postal code').fill('93706');
    await field(page, 'Day phone').fill('559-555-0111');
    await page.keyboard.press('Enter');
    // Step 2: the ZIP lookup filled Fresno, CA.
    await field(page, 'Address').waitFor();
    expect(await field(page, 'City').inputValue()).toBe('Fresno');
    expect(await field(page, 'State').inputValue()).toBe('CA');
    expect(await field(page, 'Zip').inputValue()).toBe('93706');
    expect(await seriousViolations(page)).toEqual([]);
    // The wizard survives a reload.
    await page.reload();
    await field(page, 'Address').waitFor();
    expect(await field(page, 'City').inputValue()).toBe('Fresno');
    await field(page, 'Address').fill('2440 S Orange Ave');
    await field(page, 'Password').fill('new-buyer-pw1');
    await field(page, 'Re-enter password').fill('new-buyer-pw1');
    await field(page, 'Security question').fill('What city were you born in?');
    await field(page, 'Answer').fill('Fresno');
    await field(page, 'Answer').press('Enter');
    await page.getByText('Signup successful! Please check your email for verification.').first().waitFor();
    await page.waitForURL(/\/signin$/, { timeout: 5000 });

    const verify = await linkFromMail(email, /confirm your email/);
    await page.goto(verify);
    await page.waitForURL(/\/signin\?emailVerified=1/);
    await page.getByText('Email verified').waitFor();
    await signIn(page, email, 'new-buyer-pw1');
    await page.waitForURL(/\/account$/);

    await page.goto(`${shop.url}/landingpage`);
    await page.getByRole('heading', { name: 'Welcome, Rosa Balloon Works' }).waitFor();
    for (const tool of ['Edit Your Profile', 'Check Order Status', 'UPC Lookup', 'Speed Lists', 'Contact Us']) {
      expect(await page.getByRole('link', { name: new RegExp(tool) }).count(), tool).toBe(1);
    }
    await page.getByRole('heading', { name: 'Product Catalogs' }).waitFor();
    const [popup] = await Promise.all([page.context().waitForEvent('page'), page.getByRole('link', { name: /Bubble Balloons/ }).click()]);
    await expect.poll(() => popup.url()).toContain('/catalogs/bubbles.pdf');
    const pdf = await fetch(popup.url());
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(Buffer.from(await pdf.arrayBuffer()).subarray(0, 5).toString()).toBe('%PDF-');
  });
});

describe('profile and addresses', () => {
  it('edits the billing info and sees it on the profile', async () => {
    const email = uniqueEmail('billing');
    await createCustomer(email);
    const page = await newPage('/signin');
    await signIn(page, email, 'balloons123');
    await page.waitForURL(/\/account$/);
    await page.getByRole('heading', { name: 'Bill To' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('link', { name: 'Edit billing information' }).click();
    await page.getByRole('navigation', { name: 'Breadcrumb' }).waitFor();
    await field(page, 'Address').fill('77 Helium Way');
    await field(page, 'Company name').fill('Party Corner West');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Account updated successfully!').first().waitFor();
    await page.waitForURL(/\/account$/);
    const billTo = page.getByRole('region', { name: 'Bill To' });
    await billTo.getByText('77 Helium Way').waitFor();
    await billTo.getByText('Party Corner West').waitFor();
  });

  it('adds ship-tos, sets one as default, deletes another after confirming, edits one', async () => {
    const email = uniqueEmail('shipping');
    await createCustomer(email);
    const page = await newPage('/signin');
    await signIn(page, email, 'balloons123');
    await page.goto(`${shop.url}/account/manageshippingaddresses`);
    await page.getByRole('region', { name: 'Billing address' }).getByText('DEFAULT').waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    for (const [org, city, state, zip] of [
      ['Mobile Store', 'Mobile', 'AL', '36602'],
      ['Reno Store', 'Reno', 'NV', '89501'],
    ]) {
      await page.getByRole('link', { name: 'Add New Address' }).click();
      await field(page, 'Company name').fill(org!);
      await field(page, 'Address').fill('5 Dock St');
      await field(page, 'City').fill(city!);
      await field(page, 'State').fill(state!);
      await field(page, 'Zip code').fill(zip!);
      await field(page, 'Day phone').fill('251-555-0100');
      await page.getByRole('button', { name: 'Save Address' }).click();
      await page.getByText('Shipping address added successfully!').first().waitFor();
      await page.waitForURL(/manageshippingaddresses/);
      await page.getByText(`${city}, ${state} ${zip}`).waitFor();
    }

    const mobile = page.locator('section', { hasText: 'Mobile Store' });
    await mobile.getByRole('button', { name: 'Set as Default' }).click();
    await page.getByText('Default address updated!').first().waitFor();
    await mobile.getByText('DEFAULT').waitFor();
    expect(await mobile.getByRole('button', { name: /Delete/ }).count()).toBe(0);
    await page.getByRole('region', { name: 'Billing address' }).getByRole('button', { name: 'Set as Default' }).waitFor();

    const reno = page.locator('section', { hasText: 'Reno Store' });
    await reno.getByRole('button', { name: /Delete/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete this address?' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Address deleted!').first().waitFor();
    await expect.poll(() => page.locator('section', { hasText: 'Reno Store' }).count()).toBe(0);

    await mobile.getByRole('link', { name: /Edit/ }).click();
    await field(page, 'Address').fill('9 Harbor Rd');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Shipping address updated successfully!').first().waitFor();
    await page.waitForURL(/manageshippingaddresses/);
    await page.locator('section', { hasText: 'Mobile Store' }).getByText('9 Harbor Rd').waitFor();
    // The profile's Ship To is the default ship-to.
    await page.getByRole('link', { name: 'Back to My Profile' }).click();
    await page.getByRole('region', { name: 'Ship To' }).getByText('9 Harbor Rd').waitFor();
  });

  it('changes the email, password and security question, then signs in with the new ones', async () => {
    const email = uniqueEmail('changes');
    const newEmail = uniqueEmail('changed');
    await createCustomer(email);
    const page = await newPage('/signin');
    await signIn(page, email, 'balloons123');
    await page.waitForURL(/\/account$/);

    // The change waits for the new address's link (DESIGN.md §3); the profile shows it meanwhile.
    await page.getByRole('link', { name: 'Edit email address' }).click();
    await field(page, 'Email').fill(newEmail);
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText(/Almost done: open the link we sent to the new address/).first().waitFor();
    await page.waitForURL(/\/account$/);
    const pending = page.getByRole('status', { name: 'Pending email change' });
    await pending.getByText(newEmail).waitFor();
    await page.getByRole('region', { name: 'Email' }).getByText(email, { exact: true }).waitFor();
    await pending.getByRole('button', { name: 'Resend link' }).click();
    await page.getByText('We sent the confirmation link again.').first().waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    const confirm = await linkFromMail(newEmail, /confirm your new email/);
    const confirmPage = await newPage('/');
    await confirmPage.goto(confirm);
    await confirmPage.waitForURL(/\/signin\?emailVerified=1/);
    await page.reload();
    await page.getByRole('region', { name: 'Email' }).getByText(newEmail, { exact: true }).waitFor();
    expect(await pending.count()).toBe(0);

    await page.getByRole('link', { name: 'Change password' }).click();
    await field(page, 'Current password').fill('balloons123');
    await field(page, 'New password').fill('brand-new-pw9');
    await field(page, 'Confirm new password').fill('brand-new-pw9');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Password updated successfully!').first().waitFor();
    await page.waitForURL(/\/account$/);

    await page.getByRole('link', { name: 'Edit security question' }).click();
    await field(page, 'Security question').fill('What was the name of your first pet?');
    await field(page, 'Answer').fill('Bubbles');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Security question updated successfully!').first().waitFor();
    await page.waitForURL(/\/account$/);
    await page.getByRole('region', { name: 'Security Question' }).getByText('What was the name of your first pet?').waitFor();

    // Log out from the profile menu, then sign in with the new email and password.
    await page.getByRole('button', { name: /Account menu/ }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.waitForURL(/\/signin$/);
    await signIn(page, newEmail, 'brand-new-pw9');
    await page.waitForURL(/\/account$/);
  });
});

describe('email change with an old session', () => {
  it('asks for the password on the 403, then lets the customer cancel the pending change', async () => {
    const email = uniqueEmail('stale');
    const newEmail = uniqueEmail('wanted');
    await createCustomer(email);
    const page = await newPage('/signin');
    await signIn(page, email, 'balloons123');
    await page.waitForURL(/\/account$/);
    // This session entered its password more than 10 minutes ago.
    const db = new Database(join(shop.dataDir, 'shop.db'));
    db.prepare('update sessions set password_at = ?').run(new Date(Date.now() - 11 * 60 * 1000).toISOString());
    db.close();

    await page.getByRole('link', { name: 'Edit email address' }).click();
    await field(page, 'Email').fill(newEmail);
    await page.getByRole('button', { name: 'Save Changes' }).click();
    const prompt = page.getByRole('dialog', { name: 'Confirm your password' });
    await prompt.getByText('Please enter your password again to change your email address.').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await prompt.getByLabel(/^Password/).fill('not-my-password');
    await prompt.getByRole('button', { name: 'Confirm' }).click();
    await prompt.getByText('Your current password is incorrect').waitFor();
    await prompt.getByLabel(/^Password/).fill('balloons123');
    await prompt.getByRole('button', { name: 'Confirm' }).click();
    await page.getByText(/Almost done: open the link we sent to the new address/).first().waitFor();
    await page.waitForURL(/\/account$/);

    const pending = page.getByRole('status', { name: 'Pending email change' });
    await pending.getByText(newEmail).waitFor();
    await pending.getByRole('button', { name: 'Cancel change' }).click();
    await page.getByText('The email change was cancelled.').first().waitFor();
    await expect.poll(() => pending.count()).toBe(0);
    await page.getByRole('region', { name: 'Email' }).getByText(email, { exact: true }).waitFor();
  });
});

describe('password reset and protected pages', () => {
  it('resets a forgotten password through the mailed link and signs in with it', async () => {
    const email = uniqueEmail('forgetful');
    await createCustomer(email);
    const page = await newPage('/forgot-password');
    await field(page, 'Email').fill(email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByText('Password reset email sent! Check your inbox.').waitFor();
    const link = await linkFromMail(email, /Reset your password/);
    await page.goto(link);
    await field(page, 'New password').fill('remembered-pw7');
    await field(page, 'Confirm new password').fill('remembered-pw7');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await page.waitForURL(/\/resetsuccessful$/);
    await page.getByText(/Password reset successful!/).first().waitFor();
    await page.getByRole('link', { name: 'Sign in' }).last().click();
    await signIn(page, email, 'remembered-pw7');
    await page.waitForURL(/\/account$/);
  });

  it('says the reset token is invalid when the link has none', async () => {
    const page = await newPage('/resetpassword');
    await page.getByText('Invalid reset token. Please request a new password reset.').waitFor();
  });

  it('sends a signed-out visitor of a protected page to /signin and back after signing in', async () => {
    const page = await newPage('/account/editpassword');
    await page.waitForURL(/\/signin$/);
    expect(await seriousViolations(page)).toEqual([]);
    await signIn(page, 'buyer@example.com', 'balloons123');
    await page.waitForURL(/\/account\/editpassword$/);
    await page.getByRole('heading', { name: 'Password' }).waitFor();
  });

  it('shows the login error of a wrong password', async () => {
    const page = await newPage('/signin');
    await field(page, 'Email').fill('buyer@example.com');
    await field(page, 'Password').fill('wrong-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('Invalid username or password').waitFor();
  });
});
