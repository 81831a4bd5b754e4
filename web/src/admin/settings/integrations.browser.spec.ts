import http from 'node:http';
import type { AddressInfo } from 'node:net';
import dayjs from 'dayjs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifySignature } from '../../../../domain/integrations/webhook';
import { axeViolations, collectPageErrors, DESKTOP_WIDTH, launchBrowser, listItem, MOBILE_WIDTH, rawKeyLeaks, rowAction, screenshot, settled, sidewaysScroll, signedInPage, smallTargets } from '../../../../test/browser';
import { testBackends } from '../../../../test/db';
import { ADMIN, startTestServer, type TestClient, type TestServer } from '../../../../test/server';

// Needs `npm run build` first: the test server serves dist/web.
// Settings › Integrations: an API token made, its secret shown once and used by another system
// (Node's fetch with a Bearer header), its last use, its revocation; a webhook endpoint on a
// receiver started here, its secret shown once, a delivery made and seen in the deliveries drawer
// with its body, attempt log, Replay and older pages; an endpoint the product turned off in the
// inbox; a token's write in an invoice's history; Greek and Russian on a phone.
const SCREENS = 'integrations';
const WIDE = 1440;

interface Received {
  id: string;
  type: string;
  data: Record<string, unknown>;
  verified: boolean;
}

/** A receiver on this machine: keeps each delivery with whether its signature checks out with `secret`. */
const startReceiver = async () => {
  const r = { secret: '', received: [] as Received[], url: '', close: async () => {} };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const parsed = JSON.parse(body) as Omit<Received, 'verified'>;
      r.received.push({ ...parsed, verified: verifySignature(String(req.headers['webhook-signature']), body, r.secret, Math.floor(Date.now() / 1000)) });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  r.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
  r.close = () => new Promise((resolve) => server.close(() => resolve()));
  return r;
};

describe('Settings › Integrations in Chromium', () => {
  let server: TestServer;
  let admin: TestClient;
  let browser: Browser;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  const plain = (s: string | null) => (s ?? '').replace(/\s+/g, ' ').trim();
  /** What another system does: plain HTTP with the token, no cookie, no CSRF token. */
  const withToken = (token: string, path: string, init: RequestInit = {}) =>
    fetch(`${server.url}${path}`, { ...init, headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', ...init.headers } });
  const drain = () => server.runtime.webhooks!.drain();
  const tokens = (p: Page) => p.getByTestId('api-tokens');
  const webhooks = (p: Page) => p.getByTestId('webhooks');
  const fieldError = (p: Page, id: string) => p.locator('.ant-form-item', { has: p.locator(id) }).locator('.ant-form-item-explain-error');
  /** The screen has loaded: no skeleton, no spinner, nothing moving. */
  const ready = async (p: Page) => {
    await p.getByTestId('admin-integrations').waitFor();
    await p.locator('.ant-skeleton').first().waitFor({ state: 'detached' });
    await settled(p);
  };
  const open = async (p: Page, lng: string) => {
    await p.goto(`/admin/settings/integrations?lng=${lng}`);
    await ready(p);
  };
  const secretDialog = (p: Page) => p.locator('.ant-modal', { has: p.getByTestId('secret-once') });
  /** A drawer or a dialog as it is seen: the window, not the page behind it at its full height. */
  const windowShot = async (p: Page, name: string) => {
    const file = await screenshot(p, `${SCREENS}/${name}`);
    if (process.env.SCREENSHOTS !== 'off') await p.screenshot({ path: file });
  };

  beforeAll(async () => {
    receiver = await startReceiver();
    server = await startTestServer(testBackends()[0]!, { limits: { loginPerIp: 1000, loginPerUsername: 1000 } });
    // The test delivers when it means to.
    await server.runtime.webhooks!.dispatcher.stop();
    admin = server.client();
    await admin.login();
    // The first server-rendered page (the login) loads the server's render entry here, under the hook's timeout.
    expect((await fetch(`${server.url}/login`)).status).toBe(200);
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await receiver?.close();
  });

  it('makes a read-only billing token whose secret shows once, works with Bearer, says when it was last used, and is refused once revoked', async () => {
    const { context, page } = await signedInPage(browser, server.url, ADMIN, { width: WIDE });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
    const errors = collectPageErrors(page);
    // From the settings' tabs.
    await page.goto('/admin/settings?lng=en');
    await page.locator('.ant-segmented').getByText('Integrations', { exact: true }).click();
    await page.waitForURL((u) => u.pathname === '/admin/settings/integrations');
    await ready(page);
    expect(plain(await page.locator('.ant-segmented-item-selected').textContent())).toBe('Integrations');
    await tokens(page).getByText('No API tokens yet.').waitFor();
    await webhooks(page).getByText('No webhook endpoints yet.').waitFor();
    // The API reference, served by the app itself, opens beside the screen.
    const reference = page.getByTestId('api-reference');
    expect(await reference.getAttribute('href')).toBe('/api/docs/');
    const [docs] = await Promise.all([context.waitForEvent('page'), reference.click()]);
    await docs.getByText('GRC billing and accounting API').first().waitFor();
    await docs.getByText('Apply the client’s credit balance to one of its open invoices').first().waitFor();
    await docs.close();

    await page.getByTestId('token-new').click();
    const form = page.locator('.ant-modal', { has: page.locator('#api-token_name') });
    await form.getByText('New API token', { exact: true }).waitFor();
    // Nothing chosen: the form says what is missing, in the screen's language.
    await form.getByRole('button', { name: 'Create token' }).click();
    await fieldError(page, '#api-token_name').getByText('This field is required.').waitFor();
    await form.getByText('Choose at least one area.').waitFor();
    await page.fill('#api-token_name', 'CRM sync');
    // Read is chosen from the start, each scope with its line of explanation.
    expect(await form.getByRole('radio', { name: /^Read only/ }).isChecked()).toBe(true);
    await form.getByText('GET requests and GraphQL queries only: it changes nothing.').waitFor();
    // All unticks the others; billing after it unticks All.
    const area = (name: string) => form.getByRole('checkbox', { name: new RegExp(`^${name}`) });
    await area('Billing').check();
    await area('All').check();
    expect([await area('Billing').isChecked(), await area('Accounting').isChecked(), await area('All').isChecked()]).toEqual([false, false, true]);
    await area('Billing').check();
    expect([await area('Billing').isChecked(), await area('All').isChecked()]).toEqual([true, false]);
    await form.getByRole('button', { name: 'Create token' }).click();

    const dialog = secretDialog(page);
    await dialog.getByText('API token “CRM sync” created', { exact: true }).waitFor();
    await dialog.getByText('Copy it now: it will not be shown again.', { exact: true }).waitFor();
    const secret = plain(await dialog.getByTestId('secret-value').textContent());
    expect(secret).toMatch(/^grcb_[A-Za-z0-9_-]{43}$/);
    await dialog.getByRole('button', { name: 'Copy' }).click();
    await dialog.getByRole('button', { name: 'Copied' }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
    await settled(page);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, `${SCREENS}/secret-dialog-en-${WIDE}`);
    await dialog.getByRole('button', { name: 'Done' }).click();
    await dialog.waitFor({ state: 'detached' });

    // Never again: not on the page, not after a reload; only its first characters.
    const row = listItem(tokens(page), 'CRM sync');
    await row.waitFor();
    expect(await page.locator('body').textContent()).not.toContain(secret);
    expect(plain(await row.textContent())).toBe(`CRM sync${secret.slice(0, 9)}…Read onlyBilling${dayjs().format('DD')} / ${dayjs().format('MMMM')} / ${dayjs().format('YYYY')}NeverNot yetLiveMore`);

    // Another system reads invoices with it; a write is refused (read only).
    expect((await withToken(secret, '/api/invoices/')).status).toBe(200);
    expect((await withToken(secret, '/api/clients/', { method: 'POST', body: JSON.stringify({ name: 'Not allowed' }) })).status).toBe(403);
    await page.reload();
    await ready(page);
    await expect.poll(async () => plain(await listItem(tokens(page), 'CRM sync').getByTestId('token-last-used').textContent())).toMatch(new RegExp(`^${dayjs().format('DD')} / \\S+ / ${dayjs().format('YYYY')} \\d\\d:\\d\\d$`));
    expect(await page.locator('body').textContent()).not.toContain(secret);

    // A second live token of the same name is refused under its field: made meanwhile elsewhere, the list did not know it yet.
    expect((await admin.post('/api/tokens/', { name: 'Warehouse', scope: 'read', areas: ['accounting'] })).status).toBe(201);
    await page.getByTestId('token-new').click();
    await page.fill('#api-token_name', 'Warehouse');
    await area('Accounting').check();
    await form.getByRole('button', { name: 'Create token' }).click();
    await fieldError(page, '#api-token_name').getByText('A live API token already has this name.').waitFor();
    await form.getByRole('button', { name: 'Cancel' }).click();
    await listItem(tokens(page), 'Warehouse').waitFor();

    // Revoked after a confirmation: refused at once.
    page.once('dialog', (d) => {
      expect(d.message()).toBe('Revoke the API token “CRM sync”? Every system using it is refused from its next request. This cannot be undone.');
      void d.accept();
    });
    await rowAction(page, listItem(tokens(page), 'CRM sync'), 'Revoke');
    await page.locator('.ant-message').getByText('API token “CRM sync” revoked.', { exact: true }).waitFor();
    await listItem(tokens(page), 'CRM sync').getByText('Revoked', { exact: true }).waitFor();
    expect((await withToken(secret, '/api/invoices/')).status).toBe(401);
    expect(errors.filter((e) => !e.includes('status of 400'))).toEqual([]);
    await context.close();
  });

  it("adds a webhook endpoint whose secret shows once, and shows a client's client.created delivered in the deliveries drawer, with older pages and Replay", async () => {
    const { context, page } = await signedInPage(browser, server.url, ADMIN, { width: WIDE });
    const errors = collectPageErrors(page);
    await open(page, 'en');
    await page.getByTestId('webhook-add').click();
    const form = page.locator('.ant-modal', { has: page.locator('#webhook_url') });
    await page.fill('#webhook_url', 'ftp://example.com/hooks');
    await form.getByRole('button', { name: 'Add endpoint' }).click();
    await fieldError(page, '#webhook_url').getByText('Enter an http or https URL.').waitFor();
    await form.getByText('Choose at least one event.').waitFor();
    await page.fill('#webhook_url', receiver.url);
    await page.fill('#webhook_description', 'Data warehouse');
    // Each event in words and by its technical name; All events ticks them all.
    await form.getByText('Invoice paid · invoice.paid').waitFor();
    await form.getByTestId('webhook-all-events').click();
    expect(await form.locator('.integrations-choices .ant-checkbox-wrapper-checked').count()).toBe(9);
    await form.getByRole('button', { name: 'Add endpoint' }).click();

    const dialog = secretDialog(page);
    await dialog.getByText('Webhook endpoint added', { exact: true }).waitFor();
    await dialog.getByText('Copy it now: it will not be shown again.', { exact: true }).waitFor();
    receiver.secret = plain(await dialog.getByTestId('secret-value').textContent());
    expect(receiver.secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    await dialog.getByRole('button', { name: 'Done' }).click();
    await dialog.waitFor({ state: 'detached' });
    const row = listItem(webhooks(page), receiver.url);
    await row.waitFor();
    expect(plain(await row.textContent())).toContain('Data warehouse');
    await row.getByText('All events', { exact: true }).waitFor();
    await row.getByText('Enabled', { exact: true }).waitFor();
    expect(await page.locator('body').textContent()).not.toContain(receiver.secret);

    // A client created through the UI (the clients screen), then 21 more through the API: each a client.created.
    await page.goto('/admin/clients?lng=en');
    await page.getByRole('button', { name: 'Create Client' }).click();
    await page.fill('#client_name', 'Hook Client Ltd');
    await page.fill('#client_email', 'billing@hook.test');
    await page.locator('.ant-modal').getByRole('button', { name: 'Save Changes' }).click();
    await listItem(page, 'Hook Client Ltd').waitFor();
    expect(await drain()).toBe(1);
    expect(receiver.received).toEqual([expect.objectContaining({ type: 'client.created', data: expect.objectContaining({ name: 'Hook Client Ltd' }), verified: true })]);
    for (let i = 1; i <= 21; i++) expect((await admin.post('/api/clients/', { name: `Batch Client ${String(i).padStart(2, '0')}`, email: `b${i}@batch.test` })).status).toBe(201);
    expect(await drain()).toBe(21);

    await open(page, 'en');
    await listItem(webhooks(page), receiver.url).getByTestId('webhook-deliveries').click();
    const drawer = page.getByTestId('deliveries-drawer');
    const deliveries = drawer.getByTestId('delivery');
    await deliveries.first().waitFor();
    expect(await deliveries.count()).toBe(20);
    const newest = deliveries.first();
    expect(plain(await newest.locator('.integrations-delivery-event').textContent())).toBe('Client created · client.created');
    expect(plain(await newest.getByTestId('delivery-status').textContent())).toBe('Delivered');
    expect(await newest.getByTestId('delivery-attempts').textContent()).toBe('1');
    await newest.getByTestId('delivery-delivered').waitFor();
    await newest.getByRole('button', { name: 'Payload' }).click();
    expect(await newest.getByTestId('delivery-payload').textContent()).toContain('"name": "Batch Client 21"');
    await newest.getByRole('button', { name: 'Attempt log (1)' }).click();
    await newest.getByTestId('delivery-log').getByText('HTTP 204', { exact: true }).waitFor();
    await drawer.locator('.ant-drawer-body').evaluate((el) => el.scrollTo(0, 0));
    await settled(page);
    expect(await axeViolations(page)).toEqual([]);
    await windowShot(page, `deliveries-en-${WIDE}`);

    // Older ones, before the oldest shown: the first client's delivery among them, and no more to load.
    await drawer.getByTestId('deliveries-older').click();
    await expect.poll(() => deliveries.count()).toBe(22);
    expect(await drawer.getByTestId('deliveries-older').count()).toBe(0);
    const first = deliveries.last();
    await first.getByRole('button', { name: 'Payload' }).click();
    expect(await first.getByTestId('delivery-payload').textContent()).toContain('"name": "Hook Client Ltd"');

    // Replay: pending again, then delivered once more with the same event id.
    const eventId = receiver.received[0]!.id;
    await first.getByTestId('delivery-replay').click();
    await page.locator('.ant-message').getByText('The delivery goes out again shortly, with the same event ID.', { exact: true }).waitFor();
    await first.getByTestId('delivery-status').getByText('Pending', { exact: true }).waitFor();
    expect(await drain()).toBe(1);
    expect(receiver.received.at(-1)).toMatchObject({ id: eventId, type: 'client.created', verified: true });
    await drawer.getByTestId('deliveries-refresh').click();
    await expect.poll(() => deliveries.count()).toBe(20);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('says in the inbox which endpoints the product turned off, links to Integrations, and turns one on again from its form', async () => {
    const { context, page } = await signedInPage(browser, server.url, ADMIN, { width: WIDE });
    const errors = collectPageErrors(page);
    await page.goto('/admin/inbox?lng=en');
    await page.getByTestId('admin-inbox').waitFor();
    await page.waitForLoadState('networkidle');
    expect(await page.getByTestId('inbox-disabled-webhooks').count()).toBe(0);

    // What the dispatcher writes after three days of failures (webhooks.e2e.spec.ts makes it happen).
    await server.testDb.db('webhook_endpoints').update({ enabled: false, disabled_by: 'failures', last_failure: 'HTTP 503', disabled_reason: 'Disabled after three days of failed deliveries (last: HTTP 503).' });
    await page.reload();
    const alert = page.getByTestId('inbox-disabled-webhooks');
    await alert.getByText('Webhook endpoints turned off after three days of failed deliveries').waitFor();
    expect(plain(await alert.textContent())).toContain(receiver.url);
    await alert.getByText('Turned off after three days of failed deliveries (last: HTTP 503). Fix the receiver, then turn the endpoint on again: what waited is delivered.').waitFor();
    await settled(page);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, `${SCREENS}/inbox-en-${WIDE}`);
    await alert.getByRole('link', { name: 'Open Settings › Integrations' }).click();
    await page.waitForURL((u) => u.pathname === '/admin/settings/integrations');
    await ready(page);
    const row = listItem(webhooks(page), receiver.url);
    await row.getByText('Disabled', { exact: true }).waitFor();
    await row.getByTestId('webhook-disabled-reason').getByText(/^Turned off after three days of failed deliveries \(last: HTTP 503\)/).waitFor();
    await settled(page);
    // The warning wraps in its cell: the row's actions stay inside the card.
    const [button, card] = await Promise.all([row.getByTestId('webhook-deliveries').boundingBox(), webhooks(page).boundingBox()]);
    expect(button!.x + button!.width).toBeLessThanOrEqual(card!.x + card!.width);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, `${SCREENS}/disabled-en-${WIDE}`);
    // On a phone too: the warning in the endpoint's card, the inbox's alert above its tabs.
    const phone = await signedInPage(browser, server.url, ADMIN, { width: MOBILE_WIDTH });
    await open(phone.page, 'en');
    await listItem(webhooks(phone.page), receiver.url).getByTestId('webhook-disabled-reason').waitFor();
    await settled(phone.page);
    expect(await sidewaysScroll(phone.page)).toBeLessThanOrEqual(0);
    await screenshot(phone.page, `${SCREENS}/disabled-en-${MOBILE_WIDTH}`);
    await phone.page.goto('/admin/inbox?lng=en');
    await phone.page.getByTestId('inbox-disabled-webhooks').waitFor();
    await settled(phone.page);
    expect(await sidewaysScroll(phone.page)).toBeLessThanOrEqual(0);
    expect(await smallTargets(phone.page, '[data-testid="inbox-disabled-webhooks"]')).toEqual([]);
    await screenshot(phone.page, `${SCREENS}/inbox-en-${MOBILE_WIDTH}`);
    await phone.context.close();

    // Edited without touching the switch: the product's reason stays. Then turned on.
    await rowAction(page, row, 'Edit');
    const form = page.locator('.ant-modal', { has: page.locator('#webhook_url') });
    await form.getByTestId('webhook-disabled-reason').waitFor();
    await page.fill('#webhook_description', 'Data warehouse (EU)');
    await form.getByRole('button', { name: 'Save Changes' }).click();
    await page.locator('.ant-message').getByText('Webhook endpoint saved.', { exact: true }).first().waitFor();
    expect((await admin.get('/api/webhook-endpoints/')).body[0]).toMatchObject({ description: 'Data warehouse (EU)', enabled: false, disabled_reason: 'Disabled after three days of failed deliveries (last: HTTP 503).' });
    await rowAction(page, listItem(webhooks(page), receiver.url), 'Edit');
    await form.getByRole('switch').click();
    await form.getByRole('button', { name: 'Save Changes' }).click();
    await listItem(webhooks(page), receiver.url).getByText('Enabled', { exact: true }).waitFor();
    expect((await admin.get('/api/webhook-endpoints/')).body[0]).toMatchObject({ enabled: true, disabled_reason: null });
    await page.goto('/admin/inbox?lng=en');
    await page.getByTestId('admin-inbox').waitFor();
    await page.waitForLoadState('networkidle');
    expect(await page.getByTestId('inbox-disabled-webhooks').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('names a write made with a token in the invoice history as the token', async () => {
    const made = await admin.post('/api/tokens/', { name: 'Provisioning', scope: 'write', areas: ['billing'] });
    expect(made.status).toBe(201);
    const client = await admin.post('/api/clients/', { name: 'Token Client Ltd', email: 'billing@token.test' });
    const invoice = await withToken(made.body.token, '/api/invoices/', {
      method: 'POST',
      body: JSON.stringify({ client: client.body.id, date: dayjs().format('YYYY-MM-DD'), due_date: dayjs().add(30, 'day').format('YYYY-MM-DD'), items: [{ description: 'Setup', unit_price: 100, vat_rate: 24 }] }),
    });
    expect(invoice.status).toBe(201);
    const { id } = (await invoice.json()) as { id: string };
    for (const [lng, by] of [
      ['en', 'by API token “Provisioning” on'],
      ['el', 'από το διακριτικό API «Provisioning» στις'],
      ['ru', 'API-токен «Provisioning»,'],
    ] as const) {
      const { context, page } = await signedInPage(browser, server.url, ADMIN, { width: WIDE, locale: lng });
      await page.goto(`/admin/invoices?invoice=${id}&lng=${lng}`);
      const row = listItem(page, 'Token Client Ltd');
      await row.locator('td').first().click();
      const drawer = page.getByTestId('history-drawer');
      await drawer.getByTestId('history-event').first().waitFor();
      expect(plain(await drawer.getByTestId('history-event').first().textContent())).toContain(by);
      await context.close();
    }
  });

  describe.each([
    ['en', 'en-US'],
    ['el', 'el-GR'],
    ['ru', 'ru-RU'],
  ] as const)('in %s', (lng, locale) => {
    /** At rest: nothing wider than the window, no raw key, axe clean; then its picture. */
    const check = async (page: Page, name: string) => {
      await settled(page);
      expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
      expect(await rawKeyLeaks(page)).toEqual([]);
      expect(await axeViolations(page)).toEqual([]);
      await screenshot(page, `${SCREENS}/${name}`);
    };

    it(`lays the screen, the forms and the deliveries out at ${WIDE}, ${DESKTOP_WIDTH} and ${MOBILE_WIDTH} px`, async () => {
      const wide = await signedInPage(browser, server.url, ADMIN, { width: WIDE, locale });
      const wideErrors = collectPageErrors(wide.page);
      await open(wide.page, lng);
      await listItem(tokens(wide.page), 'Warehouse').waitFor();
      await check(wide.page, `integrations-${lng}-${WIDE}`);
      // At 1280 px too, every row's actions inside its card: no list scrolls sideways to reach them.
      await wide.page.setViewportSize({ width: DESKTOP_WIDTH, height: 900 });
      await settled(wide.page);
      for (const card of [tokens(wide.page), webhooks(wide.page)]) {
        const box = (await card.boundingBox())!;
        for (const actions of await card.locator('tbody .row-actions').all()) {
          const cell = (await actions.boundingBox())!;
          expect(cell.x + cell.width).toBeLessThanOrEqual(box.x + box.width);
        }
      }
      await screenshot(wide.page, `${SCREENS}/integrations-${lng}-${DESKTOP_WIDTH}`);
      expect(wideErrors).toEqual([]);
      await wide.context.close();

      const { context, page } = await signedInPage(browser, server.url, ADMIN, { width: MOBILE_WIDTH, locale });
      const errors = collectPageErrors(page);
      await open(page, lng);
      // Cards, not tables, on a phone.
      await tokens(page).locator('li.list-card').first().waitFor();
      expect(await tokens(page).locator('table').count()).toBe(0);
      await webhooks(page).locator('li.list-card').first().waitFor();
      await check(page, `integrations-${lng}-${MOBILE_WIDTH}`);
      expect(await smallTargets(page, '[data-testid="api-tokens"] .list-cards, [data-testid="webhooks"] .list-cards')).toEqual([]);

      await page.getByTestId('token-new').click();
      await page.locator('#api-token_name').waitFor();
      await check(page, `token-form-${lng}-${MOBILE_WIDTH}`);
      await windowShot(page, `token-form-${lng}-${MOBILE_WIDTH}`);
      const cancel = { en: 'Cancel', el: 'Ακύρωση', ru: 'Отмена' }[lng];
      await page.locator('.ant-modal:visible').getByRole('button', { name: cancel }).click();
      await page.locator('.ant-modal:visible').waitFor({ state: 'detached' });
      // The events in words and by name, each wrapping inside the dialog.
      await rowAction(page, listItem(webhooks(page), receiver.url), { en: 'Edit', el: 'Επεξεργασία', ru: 'Изменить' }[lng]);
      await page.locator('#webhook_url').waitFor();
      await check(page, `webhook-form-${lng}-${MOBILE_WIDTH}`);
      await windowShot(page, `webhook-form-${lng}-${MOBILE_WIDTH}`);
      await page.locator('.ant-modal:visible').getByRole('button', { name: cancel }).click();
      await page.locator('.ant-modal:visible').waitFor({ state: 'detached' });

      const deliveriesButton = listItem(webhooks(page), receiver.url).getByTestId('webhook-deliveries');
      expect(plain(await deliveriesButton.textContent())).toBe({ en: 'Deliveries', el: 'Αποστολές', ru: 'Доставки' }[lng]);
      await deliveriesButton.click();
      const drawer = page.getByTestId('deliveries-drawer');
      // The newest client.created delivered (the history's writes since may still wait: the test delivers when it means to).
      const newest = drawer.locator('[data-testid="delivery"][data-event="client.created"][data-status="delivered"]').first();
      await newest.waitFor();
      await newest.getByRole('button', { name: { en: 'Payload', el: 'Περιεχόμενο', ru: 'Тело запроса' }[lng] }).click();
      await newest.getByTestId('delivery-payload').waitFor();
      expect(plain(await newest.getByTestId('delivery-status').textContent())).toBe({ en: 'Delivered', el: 'Παραδόθηκε', ru: 'Доставлена' }[lng]);
      expect(plain(await newest.locator('.integrations-delivery-event').textContent())).toBe(`${{ en: 'Client created', el: 'Δημιουργία πελάτη', ru: 'Клиент создан' }[lng]} · client.created`);
      // The body scrolls in its own box; the drawer never sideways.
      expect(await drawer.locator('.ant-drawer-body').evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
      await drawer.locator('.ant-drawer-body').evaluate((el) => el.scrollTo(0, 0));
      await check(page, `deliveries-${lng}-${MOBILE_WIDTH}`);
      await windowShot(page, `deliveries-${lng}-${MOBILE_WIDTH}-drawer`);
      expect(errors).toEqual([]);
      await context.close();
    });
  });
});
