import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';
import { chromium, type Browser, type BrowserContext, type Locator, type Page, type Request } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
export const DESKTOP_WIDTH = 1280;
export const MOBILE_WIDTH = 375;

const AXE_PATH = path.resolve(import.meta.dirname, '../node_modules/axe-core/axe.min.js');

export const launchBrowser = (): Promise<Browser> => chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });

export interface PageOptions {
  width?: number;
  height?: number;
  /** Sets the browser's language (navigator.language), which the language detector falls back to. */
  locale?: string;
  reducedMotion?: 'reduce' | 'no-preference';
  /** false: a visitor with scripts blocked (the server-rendered pages must still read and post). */
  javaScriptEnabled?: boolean;
  /** Cookies the context starts with (signedInPage's session). */
  cookies?: Parameters<BrowserContext['addCookies']>[0];
  /** true: the page runs under the site's Content-Security-Policy, as a visitor's does (axe-core cannot be injected then). */
  enforceCsp?: boolean;
}

/** A fresh context (own cookies and storage) and page at the given viewport width. */
export const newPage = async (browser: Browser, baseURL: string, options: PageOptions = {}): Promise<{ context: BrowserContext; page: Page }> => {
  const width = options.width ?? DESKTOP_WIDTH;
  const context = await browser.newContext({
    baseURL,
    viewport: { width, height: options.height ?? (width <= MOBILE_WIDTH ? 740 : 900) },
    locale: options.locale ?? 'en-US',
    reducedMotion: options.reducedMotion ?? 'no-preference',
    javaScriptEnabled: options.javaScriptEnabled ?? true,
    // The app's CSP forbids inline scripts; axe-core is injected as one.
    bypassCSP: !options.enforceCsp,
    isMobile: width <= MOBILE_WIDTH,
    hasTouch: width <= MOBILE_WIDTH,
  });
  if (options.cookies?.length) await context.addCookies(options.cookies);
  const page = await context.newPage();
  return { context, page };
};

type Cookie = Parameters<BrowserContext['addCookies']>[0][number];

/** The session cookies a form login got, per server and user: later pages start signed in. */
const sessions = new Map<string, Promise<Cookie[]>>();

/**
 * A fresh context (own storage, the language the test asks for) signed in as the user: through the
 * login form the first time for this server and user, with that login's session cookies after, so
 * a file's tests do not each pay a login page, an argon2 check and the redirect. For tests that do
 * not log this user out (that ends the session the cookies carry).
 */
export const signedInPage = async (
  browser: Browser,
  baseURL: string,
  credentials: { username: string; password: string },
  options: PageOptions = {},
): Promise<{ context: BrowserContext; page: Page }> => {
  const key = `${baseURL} ${credentials.username}`;
  let cookies = sessions.get(key);
  if (!cookies) {
    cookies = (async () => {
      const { context, page } = await newPage(browser, baseURL);
      await signIn(page, credentials);
      const signedIn = (await context.cookies()).filter((c) => c.name === 'sessionid' || c.name === 'csrftoken');
      await context.close();
      if (!signedIn.some((c) => c.name === 'sessionid')) throw new Error(`no session cookie after signing in as ${credentials.username}`);
      return signedIn;
    })();
    sessions.set(key, cookies);
    cookies.catch(() => sessions.delete(key));
  }
  return newPage(browser, baseURL, { ...options, cookies: await cookies });
};

/** Collects console errors and uncaught exceptions so tests can assert a clean page. */
export const collectPageErrors = (page: Page): string[] => {
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(`pageerror: ${err.message}`));
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(`console: ${msg.text()}`);
  });
  return errors;
};

/**
 * Full-page PNG into SCREENSHOT_DIR (default /work/screens, outside the repository); `issue-17/name`
 * goes into a subfolder. SCREENSHOTS=off (CI, where no one looks at them) skips the capture and
 * answers the path it would have written.
 */
export const screenshot = async (page: Page, name: string, dir = process.env.SCREENSHOT_DIR ?? '/work/screens'): Promise<string> => {
  const parts = name.split('/').map((part) => part.replace(/[^a-z0-9._-]+/gi, '_').replace(/^\.+/, '_'));
  const file = `${path.join(dir, ...parts)}.png`;
  fs.mkdirSync(path.dirname(file), { recursive: true });
  if (process.env.SCREENSHOTS !== 'off') await page.screenshot({ path: file, fullPage: true });
  return file;
};

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[]; html: string }[];
}

/**
 * Waits until the page's motion has ended (a dialog zooming in, a drawer sliding, a colour fading),
 * so a click lands where it aims and a measure or a picture is of the page at rest. Endless
 * animations (a spinner) are not waited for, nor antd's click wave: a ring drawn over the clicked
 * control that fades for two seconds and moves nothing.
 */
export const settled = (page: Page, timeout?: number): Promise<unknown> =>
  page.waitForFunction(
    () =>
      document.getAnimations().every((a) => {
        if (a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity) return true;
        const target = (a.effect as KeyframeEffect | null)?.target;
        return target instanceof Element && target.classList.contains('ant-wave');
      }),
    undefined,
    timeout === undefined ? {} : { timeout },
  );

/** Runs axe-core in the page; answers the violations of the given impacts (serious and critical by default). */
export const axeViolations = async (page: Page, impacts: string[] = ['serious', 'critical']): Promise<AxeViolation[]> => {
  // A button under the resting pointer shows antd's hover colours, and a dialog still fading in has
  // low-contrast text for a moment: measure the settled page, pointer out of the way.
  await page.mouse.move(0, 0).catch(() => undefined);
  await settled(page, 5000).catch(() => undefined);
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: AXE_PATH });
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: AxeViolation[] }> } }).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => ({ target: n.target, html: n.html.slice(0, 200) })) }));
  });
  return violations.filter((v) => v.impact !== null && impacts.includes(v.impact));
};

/** The translation file's top-level sections (nav, admin, bank, …): a text made of one of them and a dotted path is a raw key. */
const KEY_SECTIONS = Object.keys(JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, '../web/public/static/locales/en/translation.json'), 'utf8')) as object);

/** Text nodes and labels that look like raw i18n keys (e.g. "features.items.esg.title", "bank.rules.empty"): a missing translation. */
export const rawKeyLeaks = (page: Page): Promise<string[]> =>
  page.evaluate((sections) => {
    const found: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    const pattern = new RegExp(`^(${sections.join('|')})\\.[A-Za-z0-9_.]+$`);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const text = n.textContent?.trim() ?? '';
      if (pattern.test(text)) found.push(text);
    }
    for (const el of Array.from(document.querySelectorAll('[alt],[aria-label],[title],[placeholder]'))) {
      for (const attr of ['alt', 'aria-label', 'title', 'placeholder']) {
        const v = el.getAttribute(attr)?.trim() ?? '';
        if (pattern.test(v)) found.push(`${attr}=${v}`);
      }
    }
    if (pattern.test(document.title.split(' | ')[0] ?? '')) found.push(`title=${document.title}`);
    return found;
  }, KEY_SECTIONS);

/** How far the page is wider than its window (0 or less: no sideways scrolling). */
export const sidewaysScroll = (page: Page): Promise<number> => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** A list's row from md (768 px) up or its card below: one locator for both layouts (ResponsiveTable). */
export const listItem = (scope: Page | Locator, text: string): Locator => scope.locator('tbody tr.ant-table-row, li.list-card', { hasText: text });

/** Clicks one of a row's (or card's) actions: a button or link in it, or else the item of its "More" menu. */
export const rowAction = async (page: Page, row: Locator, name: string): Promise<void> => {
  const inRow = row.getByRole('button', { name, exact: true }).or(row.getByRole('link', { name, exact: true }));
  if ((await inRow.count()) > 0) return inRow.first().click();
  await row.getByTestId('row-more').click();
  await page.locator('.ant-dropdown-menu:visible').getByRole('menuitem', { name, exact: true }).click();
  // The pointer stays where the menu was: away with it, or whatever opens under it shows its hover state.
  await page.mouse.move(0, 0);
};

/**
 * The names of the actions a row's "More" menu offers (opened and closed again). A list that is
 * still refetching can draw the row again while its menu is open, and the read then finds none:
 * assert on it with `expect.poll` (see `expectMoreActions`), which reads again until it settles.
 */
export const moreActions = async (page: Page, row: Locator): Promise<string[]> => {
  const more = row.getByTestId('row-more');
  if ((await more.count()) === 0) return [];
  const menu = page.locator('.ant-dropdown-menu:visible');
  await more.click();
  // The button only exists with at least one item; right after the menu shows, a read could find none.
  await menu.getByRole('menuitem').first().waitFor();
  const names = (await menu.getByRole('menuitem').allTextContents()).map((s) => s.trim());
  // Closed by its button, unless the row was drawn again and took the menu with it.
  if ((await menu.count()) > 0) await more.click();
  await menu.waitFor({ state: 'detached' });
  return names;
};

/** Asserts a row's "More" menu offers exactly these actions, reading it again until the list has settled. */
export const expectMoreActions = (page: Page, row: Locator, names: string[]): Promise<void> =>
  expect.poll(() => moreActions(page, row), { timeout: 15_000 }).toEqual(names);

/** Where the pointer went on the page: each press, release and click with its target, and the scroll position. */
const recordPointer = () => {
  const seen: string[] = [];
  (window as unknown as { __pointer: string[] }).__pointer = seen;
  for (const type of ['pointerdown', 'pointerup', 'click', 'submit']) {
    document.addEventListener(
      type,
      (event) => {
        const target = event.target as Element | null;
        const where = event instanceof MouseEvent ? ` at ${Math.round(event.clientX)},${Math.round(event.clientY)}` : '';
        seen.push(`${Math.round(performance.now())} ms ${type} on ${target?.tagName ?? '?'}.${(target?.getAttribute('class') ?? '').slice(0, 40)}${where}, scrollY ${Math.round(window.scrollY)}`);
      },
      true,
    );
  }
};

/**
 * Signs a user in through the login form and waits until the app has left /login (the admin
 * overview or the portal). When it does not, the error says what the page showed, where the
 * pointer went and which requests never finished, so that a failure in CI can be told apart from
 * a slow machine.
 */
export const signIn = async (page: Page, credentials: { username: string; password: string }): Promise<void> => {
  const pending = new Map<Request, number>();
  const started = (request: Request) => pending.set(request, Date.now());
  const ended = (request: Request) => pending.delete(request);
  page.on('request', started);
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  const recording = await page.addInitScript(recordPointer);
  try {
    await page.goto('/login');
    await page.fill('#login-username', credentials.username);
    await page.fill('#login-password', credentials.password);
    await page.click('button[type="submit"]');
    await page.waitForURL((u) => u.pathname !== '/login');
  } catch (err) {
    const shown = await page
      .evaluate(() => ({
        url: location.href,
        readyState: document.readyState,
        username: (document.querySelector('#login-username') as HTMLInputElement | null)?.value,
        passwordLength: (document.querySelector('#login-password') as HTMLInputElement | null)?.value.length,
        error: document.querySelector('[data-testid="login-error"]')?.textContent,
        button: document.querySelector('button[type="submit"]')?.outerHTML,
        pointer: (window as unknown as { __pointer?: string[] }).__pointer,
      }))
      .catch((e: Error) => `(unreadable: ${e.message})`);
    const unfinished = [...pending].map(([request, at]) => `${request.method()} ${request.url()} for ${Date.now() - at} ms`);
    throw new Error(`signIn: the sign-in did not get past /login (or its landing page did not load): ${JSON.stringify({ shown, unfinished }, null, 1)}`, { cause: err });
  } finally {
    page.off('request', started);
    page.off('requestfinished', ended);
    page.off('requestfailed', ended);
    // A closed or crashed page has nothing to dispose; its own error is the one to report.
    await recording.dispose().catch(() => undefined);
  }
};

/** Signs the superuser in through the login form and waits for the admin overview. */
export const loginAsAdmin = async (page: Page, credentials: { username: string; password: string }): Promise<void> => {
  await signIn(page, credentials);
  await page.waitForURL((u) => u.pathname === '/admin');
};

/**
 * Picks an option of an antd Select by its input (`#id`): opens it (typing `search` first when it
 * searches), clicks the option and checks the select shows it, trying again (up to three times)
 * when the click did not take. On a busy machine or a phone-sized touch page the list can still be
 * settling (its options loading, filtered or measured) when the option is clicked, and the click
 * then lands on nothing, the list left open.
 */
const selectOption = async (page: Page, input: string, search: string | null, option: string): Promise<void> => {
  const select = page.locator('.ant-select', { has: page.locator(input) }).first();
  for (let attempt = 1; ; attempt++) {
    if (search !== null) {
      await page.click(input);
      await page.fill(input, search);
    } else if ((await page.locator(input).getAttribute('aria-expanded')) !== 'true') await select.click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: option }).first().click();
    const shown = await select
      .locator('.ant-select-content', { hasText: option })
      .waitFor({ timeout: 3000 })
      .then(() => true, () => false);
    if (shown) return;
    if (attempt === 3) throw new Error(`the select ${input} does not show "${option}" after three tries`);
  }
};

/** Picks an option of a searchable antd Select: types the search, then as `pickOption`. */
export const chooseOption = (page: Page, input: string, search: string, option: string): Promise<void> => selectOption(page, input, search, option);

/** Picks an option of a plain (not searchable) antd Select by its input, e.g. `#bill_creditedBill`. */
export const pickOption = (page: Page, input: string, option: string): Promise<void> => selectOption(page, input, null, option);

/**
 * The classes the product gives a formatted amount: `.money` (every list card's amount, the
 * overview's figures, the amounts of the lists and reports that phones check), the back office's
 * `.admin-amount` (table cells of amounts) and the pay page's `.pay-money`.
 */
export const MONEY_SELECTOR = '.money, .pay-money, .admin-amount';

/**
 * The page's amounts (found by `selector`) that do not show whole: wider than their own box, past
 * the window's edge, or cut by an ancestor that clips its overflow (a table's scroll box, a card).
 * Answers their texts. Hidden amounts (a collapsed panel, another tab) are not looked at.
 */
export const clippedMoney = (page: Page, selector = MONEY_SELECTOR): Promise<string[]> =>
  page.evaluate((selector) => {
    const clipped: string[] = [];
    const width = document.documentElement.clientWidth;
    for (const el of Array.from(document.querySelectorAll<HTMLElement>(selector))) {
      if (!el.checkVisibility()) continue;
      const box = el.getBoundingClientRect();
      let cut = el.scrollWidth > el.clientWidth || box.left < -0.5 || box.right > width + 0.5;
      for (let up = el.parentElement; up && !cut; up = up.parentElement) {
        // One axis clipped makes the other clip too (visible computes to auto), so overflow-x tells.
        if (getComputedStyle(up).overflowX === 'visible') continue;
        const frame = up.getBoundingClientRect();
        cut = box.left < frame.left - 0.5 || box.right > frame.right + 0.5;
      }
      if (cut) clipped.push((el.textContent ?? '').trim());
    }
    return clipped;
  }, selector);

/** How many amounts (found by `selector`) the page shows: a check that none is clipped needs some to look at. */
export const moneyShown = (page: Page, selector = MONEY_SELECTOR): Promise<number> => page.locator(selector).filter({ visible: true }).count();

/** The controls a thumb can reach: links, buttons, form fields. */
const TOUCH_TARGETS = 'a[href], button, [role="button"], input:not([type="hidden"]), select, textarea';

/**
 * Every link and button a thumb can reach (inside `within`, the whole page by default) that is
 * smaller than 44×44 px, as `tag "name" width×height`. The skip link is left out: it shows only to
 * a keyboard's focus, never to a touch. A form field inside a wrapper that takes its touches and
 * is big enough (an antd input inside its affix wrapper, a checkbox inside its label) counts as
 * that wrapper; a link or button counts as itself.
 */
export const smallTargets = (page: Page, within = 'body', min = 44): Promise<string[]> =>
  page.evaluate(
    ({ within, selector, min }) => {
      const small: string[] = [];
      for (const scope of Array.from(document.querySelectorAll(within))) {
        for (const el of Array.from(scope.querySelectorAll<HTMLElement>(selector))) {
          // Hidden (display, content-visibility or visibility): nothing a thumb can reach.
          if (el.classList.contains('skip-link') || !el.checkVisibility({ visibilityProperty: true })) continue;
          const { width, height } = el.getBoundingClientRect();
          if (width >= min && height >= min) continue;
          // The box a touch lands on: the nearest wrapper that forwards it (a label, antd's affix wrapper or select).
          const field = el.matches('input, select, textarea');
          const wrapper = field ? el.closest<HTMLElement>('label, .ant-input-affix-wrapper, .ant-input-number, .ant-select, .ant-picker') : null;
          const outer = wrapper && wrapper !== el ? wrapper.getBoundingClientRect() : null;
          if (outer && outer.width >= min && outer.height >= min) continue;
          small.push(`${el.tagName.toLowerCase()} "${(el.textContent || el.getAttribute('aria-label') || '').trim()}" ${Math.round(width)}×${Math.round(height)}`);
        }
      }
      return small;
    },
    { within, selector: TOUCH_TARGETS, min },
  );
