import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import supertest from 'supertest';
import { loadConfig, type Config } from '../api/platform/config';
import type { RateLimits } from '../api/platform/deps';
import { startRuntime, type Runtime } from '../api/main/runtime';
import type { TestBackend, TestDb } from './db';
import { checkAnswers } from './openapi-answers';

export const ADMIN = { username: 'admin', password: 'admin-password-1' };

export interface TestServer {
  runtime: Runtime;
  url: string;
  testDb: TestDb;
  dataDir: string;
  /** A fresh cookie-keeping client; `login` then echoes the CSRF cookie on unsafe calls. */
  client: () => TestClient;
  close: () => Promise<void>;
}

export interface TestServerOptions {
  env?: Record<string, string>;
  limits?: Partial<RateLimits>;
  clock?: () => Date;
}

/** The real express app on a real HTTP port, over a fresh database of the given back end. */
export const startTestServer = async (backend: TestBackend, options: TestServerOptions = {}): Promise<TestServer> => {
  const testDb = await backend.create({ migrate: false });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'grc-test-'));
  const config: Config = loadConfig({
    NODE_ENV: 'test',
    PORT: '0',
    DATA_DIR: dataDir,
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
    SEED_DEMO: 'false',
    RECURRING_SCHEDULE: 'false',
    REMINDER_SCHEDULE: 'false',
    ...options.env,
  });
  // TEST_WEB_DIST: a private build, so another engineer's `vite build` cannot swap chunks mid-test.
  const runtime = await startRuntime(config, { db: testDb.db, limits: options.limits, clock: options.clock, webDist: process.env.TEST_WEB_DIST || undefined });
  // The base a deployment would set, unless the test sets its own.
  if (!options.env?.PUBLIC_BASE_URL) config.publicBaseUrl = runtime.url;
  return {
    runtime,
    url: runtime.url,
    testDb,
    dataDir,
    client: () => new TestClient(runtime.url),
    close: async () => {
      await runtime.stop();
      await testDb.destroy();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
};

export class TestClient {
  readonly agent: ReturnType<typeof supertest.agent>;

  constructor(readonly url: string) {
    // Every answer is held to the OpenAPI document (a drift fails the call that met it).
    this.agent = supertest.agent(url).use(checkAnswers);
  }

  csrfToken(): string | undefined {
    const jar = (this.agent as unknown as { jar: { getCookie: (name: string, access: unknown) => { value: string } | undefined } }).jar;
    const host = new URL(this.url).hostname;
    return jar.getCookie('csrftoken', { domain: host, path: '/', secure: false, script: false })?.value;
  }

  async login(username = ADMIN.username, password = ADMIN.password) {
    const res = await this.withCsrf(this.agent.post('/api/login/')).send({ username, password });
    if (res.status !== 200) throw new Error(`login as ${username} failed: ${res.status} ${JSON.stringify(res.body)}`);
    return res;
  }

  get(p: string) {
    return this.agent.get(p);
  }

  /** A GET whose body is kept as the bytes that came (a PDF, an XLSX, an XML file): `res.body` is a Buffer. */
  download(p: string) {
    return this.agent
      .get(p)
      .buffer(true)
      .parse((r, cb) => {
        const chunks: Buffer[] = [];
        r.on('data', (c: Buffer) => chunks.push(c));
        r.on('end', () => cb(null, Buffer.concat(chunks)));
      });
  }

  post(p: string, body?: unknown) {
    return this.withCsrf(this.agent.post(p)).send(body as object);
  }

  put(p: string, body?: unknown) {
    return this.withCsrf(this.agent.put(p)).send(body as object);
  }

  delete(p: string) {
    return this.withCsrf(this.agent.delete(p));
  }

  /** A multipart/form-data POST with one file, as a browser's file input sends it. */
  upload(p: string, field: string, bytes: Buffer | string, filename: string) {
    return this.withCsrf(this.agent.post(p)).attach(field, Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes, 'utf8'), filename);
  }

  graphql(query: string, variables?: Record<string, unknown>) {
    return this.withCsrf(this.agent.post('/graphql')).send({ query, variables });
  }

  private withCsrf<T extends { set: (k: string, v: string) => T }>(req: T): T {
    const token = this.csrfToken();
    return token ? req.set('X-CSRFToken', token) : req;
  }
}
