// `npm run bench:web`: what the public home page costs and how Lighthouse (mobile preset, Debian
// chromium) scores it. Prints figures; never fails on them. Builds the web app first if needed.
import 'reflect-metadata';
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { testBackends } from '../test/db';
import { CHROMIUM_ARGS, CHROMIUM_PATH, launchBrowser, newPage } from '../test/browser';
import { startTestServer } from '../test/server';
import { buildWeb, SSR_ENTRY } from '../scripts/build-web.mjs';
import { median } from './support';

const root = path.resolve(import.meta.dirname, '..');
const dist = path.join(root, 'dist/web');

/** One figure per line, `name: value unit`, as every benchmark prints them. */
const print = (name: string, value: number, unit: string) => console.log(`${name}: ${Number.isInteger(value) ? value : value.toFixed(1)} ${unit}`);

/** Gzip size of every script and stylesheet the browser fetches to render `route`, from the built files. */
const transferSizes = async (baseUrl: string, route: string) => {
  const browser = await launchBrowser();
  const { context, page } = await newPage(browser, baseUrl, { width: 375 });
  const files = new Map<string, 'js' | 'css'>();
  page.on('request', (req) => {
    const url = new URL(req.url());
    const type = req.resourceType();
    if (url.origin === baseUrl && (type === 'script' || type === 'stylesheet')) files.set(url.pathname, type === 'script' ? 'js' : 'css');
  });
  await page.goto(route, { waitUntil: 'networkidle' });
  await context.close();
  await browser.close();
  const kb = { js: 0, css: 0 };
  for (const [file, kind] of files) kb[kind] += gzipSync(fs.readFileSync(path.join(dist, file))).length / 1024;
  return kb;
};

const lighthouseScores = async (url: string) => {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: [...CHROMIUM_ARGS.filter((f) => f !== '--headless'), '--headless=new'],
  });
  try {
    const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'] });
    const categories = result?.lhr.categories;
    const audits = result?.lhr.audits;
    return {
      performance: Math.round((categories?.performance?.score ?? 0) * 100),
      accessibility: Math.round((categories?.accessibility?.score ?? 0) * 100),
      lcpMs: audits?.['largest-contentful-paint']?.numericValue ?? 0,
      tbtMs: audits?.['total-blocking-time']?.numericValue ?? 0,
      cls: audits?.['cumulative-layout-shift']?.numericValue ?? 0,
    };
  } finally {
    await chrome.kill();
  }
};

type Scores = Awaited<ReturnType<typeof lighthouseScores>>;

const main = async () => {
  if (!fs.existsSync(path.join(dist, 'index.html')) || !fs.existsSync(SSR_ENTRY) || process.env.BUILD === '1') {
    const status = buildWeb();
    if (status !== 0) process.exit(status);
  }
  const server = await startTestServer(testBackends()[0], { env: { LOG_LEVEL: 'silent' } });
  try {
    const home = await transferSizes(server.url, '/');
    print('home_js_gzip_kb', home.js, 'kB');
    print('home_css_gzip_kb', home.css, 'kB');
    // Each figure is its own median over several runs: Lighthouse's simulated throttling scales
    // what it observes, so a busy machine makes single runs noisy, and the run with the median
    // score need not have the median LCP.
    const runs = Number(process.env.LIGHTHOUSE_RUNS ?? 5);
    for (const [name, route] of [['home', '/'], ['features', '/features']] as const) {
      const all: Scores[] = [];
      for (let i = 0; i < runs; i++) all.push(await lighthouseScores(`${server.url}${route}`));
      const of = (figure: (scores: Scores) => number) => median(all.map(figure));
      print(`lighthouse_performance_${name}`, Math.round(of((s) => s.performance)), 'points');
      print(`lighthouse_accessibility_${name}`, Math.round(of((s) => s.accessibility)), 'points');
      print(`lighthouse_lcp_ms_${name}`, Math.round(of((s) => s.lcpMs)), 'ms');
      print(`lighthouse_tbt_ms_${name}`, Math.round(of((s) => s.tbtMs)), 'ms');
      print(`lighthouse_cls_${name}`, Number(of((s) => s.cls).toFixed(3)), 'score');
    }
  } finally {
    await server.close();
  }
};

await main();
process.exit(0);
