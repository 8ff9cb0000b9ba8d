import { generate } from 'otplib';
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailsTo } from '../src/server/platform/mail/mail-folder';
import { adminPage, DEMO_OWNER, staffApi } from './support/admin';
import { launchBrowser, type RunningShop, startShop } from './support/shop';

/**
 * Issue 27's staff sign-in screens: an owner resets a member's sign-in on the Staff screen; the
 * member sets a new password through the mailed link, signs in, and sets up an authenticator on
 * My account, which asks for the password first; turning it off asks for the password and a code.
 */
let shop: RunningShop;
let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  shop = await startShop({ OUTBOX_POLL_MS: '200' });
  browser = await launchBrowser();
});
afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => undefined);
  await browser?.close();
  await shop?.stop();
});

const MEMBER = { email: 'desk.e2e@example.com', password: 'desk-password-1' };
const NEW_PASSWORD = 'a new desk password 2';

async function mailedLink(): Promise<string> {
  for (let i = 0; i < 100; i++) {
    const link = /http:\/\/\S+\/admin\/set-password\?token=[A-Za-z0-9_-]+/.exec(mailsTo(shop.dataDir, MEMBER.email).at(-1)?.text ?? '')?.[0];
    if (link) return link;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('no set-password mail');
}

describe('resetting a member’s sign-in and setting up an authenticator', () => {
  it('owner resets, member sets a password from the link, signs in and sets up two-step sign-in with the password', async () => {
    const owner = await staffApi(shop, DEMO_OWNER);
    await owner('POST', '/Staff', { ...MEMBER, name: 'Dee Desk', roles: ['orders'] });

    const page = await adminPage(browser, shop, DEMO_OWNER, { width: 1440, height: 900 }, contexts);
    await page.getByRole('link', { name: 'Staff' }).click();
    await page.getByRole('heading', { name: 'Staff', level: 1 }).waitFor();
    // Not on the owner's own row.
    expect(await page.getByRole('button', { name: 'Reset the sign-in of Olivia Owner' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Reset the sign-in of Dee Desk' }).click();
    const dialog = page.getByRole('dialog', { name: 'Reset the sign-in of Dee Desk?' });
    await dialog.getByText('valid for 72 hours').waitFor();
    await dialog.getByRole('button', { name: 'Reset sign-in' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText('Awaiting new password').waitFor();

    // The member, in another browser: the mailed link, a new password, then sign-in.
    const link = await mailedLink();
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    contexts.push(context);
    const member = await context.newPage();
    await member.goto(link);
    await member.getByRole('heading', { name: 'Set a new password' }).waitFor();
    await member.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await member.getByLabel('New password again').fill('something else 3');
    await member.getByRole('button', { name: 'Set password' }).click();
    await member.getByText('The two passwords are not the same').waitFor();
    await member.getByLabel('New password again').fill(NEW_PASSWORD);
    await member.getByRole('button', { name: 'Set password' }).click();
    await member.getByRole('heading', { name: 'Your password is set' }).waitFor();
    // The link works once.
    await member.goto(link);
    await member.getByLabel('New password', { exact: true }).fill('another password 44');
    await member.getByLabel('New password again').fill('another password 44');
    await member.getByRole('button', { name: 'Set password' }).click();
    await member.getByText('This link is not valid any more').waitFor();

    await member.goto(`${shop.url}/admin`);
    await member.waitForURL(/\/admin\/signin/);
    await member.getByLabel('Email').fill(MEMBER.email);
    await member.getByRole('textbox', { name: 'Password' }).fill(NEW_PASSWORD);
    await member.getByRole('button', { name: 'Sign in' }).click();
    await member.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();

    // My account: setting up asks for the password first.
    await member.goto(`${shop.url}/admin/account`);
    await member.getByRole('heading', { name: 'My account', level: 1 }).waitFor();
    await member.getByLabel('Your password, to set it up').fill('not my password');
    await member.getByRole('button', { name: 'Set up', exact: true }).click();
    await member.getByText('The current password is wrong').waitFor();
    await member.getByLabel('Your password, to set it up').fill(NEW_PASSWORD);
    await member.getByRole('button', { name: 'Set up', exact: true }).click();
    await member.getByRole('img', { name: 'QR code for your authenticator app' }).waitFor();
    const secret = await member.getByLabel('Secret').inputValue();
    await member.getByLabel('Code').fill(await generate({ secret }));
    await member.getByRole('button', { name: 'Confirm' }).click();
    await member.getByText('On: signing in asks for a 6-digit code').waitFor();
    // On a phone the toast covers the form's foot: closed, as a person would.
    await member.getByRole('button', { name: 'Close notification' }).click();

    // Turning it off asks for the password and a code.
    await member.getByText('Turn off', { exact: true }).click();
    await member.getByLabel('Your password').fill(NEW_PASSWORD);
    await member.getByRole('button', { name: 'Turn off' }).click();
    await member.getByText('The code has 6 digits').waitFor();
    await member.getByLabel('A code from your authenticator app').fill(await generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 }));
    await member.getByRole('button', { name: 'Turn off' }).click();
    await member.getByText('Off. Turn it on').waitFor();
  });
});
