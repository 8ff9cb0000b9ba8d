import type { Browser, BrowserContext, Page } from 'playwright-core';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReceiver, type TestReceiver } from '../src/server/staff/webhooks/test-receiver';
import { adminPage, DEMO_OWNER, placeOrder } from './support/admin';
import { launchBrowser, type RunningShop, startShop } from './support/shop';

/**
 * Issue 20's back office screens: an owner adds a webhook endpoint pointing at a local receiver
 * (sees its secret once), an order reaches it and shows in the delivery log, and is redelivered;
 * then creates an API key (seen once), an ERP call with it works, and after revoking it is refused.
 */
let shop: RunningShop;
let browser: Browser;
let receiver: TestReceiver;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  // A local receiver is a loopback address: only allowed with WEBHOOK_ALLOW_PRIVATE=1.
  shop = await startShop({ WEBHOOK_ALLOW_PRIVATE: '1', OUTBOX_POLL_MS: '200' });
  browser = await launchBrowser();
  receiver = await startReceiver('ok');
});
afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => undefined);
  await browser?.close();
  await receiver?.close();
  await shop?.stop();
});

const erpCall = (key: string) => fetch(`${shop.url}/beapi/Admin/Orders?pageSize=5`, { headers: { authorization: `Bearer ${key}` } });

/** The value in the "shown once" box, after checking the warning and the copy button. */
async function shownOnce(page: Page, name: string, label: string): Promise<string> {
  const dialog = page.getByRole('dialog', { name });
  await dialog.getByText('you will not see it again').waitFor();
  const value = (await dialog.getByTestId('shown-once').textContent())!.trim();
  await dialog.getByRole('button', { name: `Copy the ${label}` }).click();
  await dialog.getByRole('button', { name: 'Copied' }).waitFor();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(value);
  await dialog.getByRole('button', { name: 'Done' }).click();
  await dialog.waitFor({ state: 'detached' });
  return value;
}

describe('webhooks and API keys in the back office', () => {
  it('an owner adds an endpoint, sees its secret once, sees a delivery in the log and redelivers it', async () => {
    const page = await adminPage(browser, shop, DEMO_OWNER, { width: 1440, height: 900 }, contexts);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: shop.url });
    await page.getByRole('link', { name: 'Webhooks' }).click();
    await page.getByRole('heading', { name: 'Webhooks', level: 1 }).waitFor();
    await page.getByText('No endpoints yet.').waitFor();

    await page.getByRole('button', { name: 'Add an endpoint' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a webhook endpoint' });
    await dialog.getByRole('textbox', { name: 'URL' }).fill(receiver.url);
    // Nothing chosen: the contract's message, and nothing is created.
    await dialog.getByRole('button', { name: 'Add' }).click();
    await dialog.getByText('Choose at least one event').waitFor();
    await dialog.getByRole('checkbox', { name: 'order.placed' }).check();
    await dialog.getByRole('button', { name: 'Add' }).click();
    const secret = await shownOnce(page, 'Endpoint added: its signing secret', 'signing secret');
    expect(secret).toMatch(/^whsec_/);

    // Listed without its secret; editing it does not show it either.
    const row = page.getByRole('row').filter({ hasText: receiver.url });
    await row.getByText('Nothing sent yet').waitFor();
    await row.getByText('Active').waitFor();
    expect(await page.content()).not.toContain(secret.slice(6));
    await page.getByRole('button', { name: `Edit ${receiver.url}` }).click();
    const edit = page.getByRole('dialog', { name: `Edit the endpoint ${receiver.url}` });
    await expect.poll(() => edit.getByRole('checkbox', { name: 'order.placed' }).isChecked()).toBe(true);
    expect(await page.content()).not.toContain(secret.slice(6));
    await edit.getByRole('button', { name: 'Close', exact: true }).click();

    // An order reaches the receiver, signed with that secret.
    const { orderNum } = await placeOrder(shop, [['17060', 1]]);
    await expect.poll(() => receiver.received.length, { timeout: 15_000 }).toBe(1);
    const first = receiver.received[0]!;
    const event = new Webhook(secret).verify(first.body, first.headers as Record<string, string>) as { type: string; data: { orderNum: number } };
    expect(event).toMatchObject({ type: 'order.placed', data: { orderNum } });

    // The log shows it: delivered, HTTP 204, with the receiver's webhook-id.
    await page.getByRole('link', { name: `Delivery log of ${receiver.url}` }).click();
    await page.getByRole('heading', { name: /^Webhook endpoint \d+$/, level: 1 }).waitFor();
    const webhookId = String(first.headers['webhook-id']);
    const logged = page.getByRole('row').filter({ hasText: webhookId });
    await logged.getByText('Delivered').waitFor({ timeout: 15_000 });
    expect(await logged.getByRole('cell').nth(2).textContent()).toBe('204');

    await logged.getByRole('button', { name: /^Redeliver order\.placed/ }).click();
    await page.getByText(`order.placed ${webhookId} is queued to be sent again`).waitFor();
    await expect.poll(() => receiver.received.length, { timeout: 15_000 }).toBe(2);
    expect(receiver.received[1]!.headers['webhook-id']).toBe(webhookId);
    expect(receiver.received[1]!.body).toBe(first.body);
    // Both attempts in the log (the page refreshes itself).
    await expect.poll(() => page.getByRole('row').filter({ hasText: webhookId }).count(), { timeout: 15_000 }).toBe(2);
    await page.screenshot({ path: 'test-results/admin-webhook-log-1440.png', fullPage: true });

    await page.getByRole('link', { name: 'All webhook endpoints' }).click();
    await row.getByText('HTTP 204', { exact: false }).waitFor();
  });

  it('an owner creates an API key, sees it once, an ERP call with it works, and after revoking it is refused', async () => {
    const page = await adminPage(browser, shop, DEMO_OWNER, { width: 1440, height: 900 }, contexts);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: shop.url });
    await page.getByRole('link', { name: 'API keys' }).click();
    await page.getByRole('heading', { name: 'API keys', level: 1 }).waitFor();

    await page.getByRole('button', { name: 'Create a key' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create an API key' });
    await dialog.getByRole('textbox', { name: 'Name' }).fill('E2E ERP');
    await dialog.getByRole('checkbox', { name: 'orders:read' }).check();
    await dialog.getByRole('button', { name: 'Create the key' }).click();
    const key = await shownOnce(page, 'Key created: E2E ERP', 'API key');
    expect(key).toMatch(/^bws_/);

    const row = page.getByRole('row').filter({ hasText: 'E2E ERP' });
    await row.getByText('Active').waitFor();
    await row.getByText('Never', { exact: true }).first().waitFor();
    expect(await page.content()).not.toContain(key.slice(12));

    const ok = await erpCall(key);
    expect(ok.status).toBe(200);
    // The list shows when and from where it was last used.
    await page.reload();
    await row.getByText('from 127.0.0.1').waitFor();

    await page.getByRole('button', { name: 'Revoke E2E ERP' }).click();
    const confirm = page.getByRole('dialog', { name: 'Revoke E2E ERP?' });
    await confirm.getByRole('button', { name: 'Revoke the key' }).click();
    await confirm.waitFor({ state: 'detached' });
    await row.getByText('Revoked').waitFor();
    expect(await page.getByRole('button', { name: 'Revoke E2E ERP' }).count()).toBe(0);

    const refused = await erpCall(key);
    expect(refused.status).toBe(401);
  });
});
