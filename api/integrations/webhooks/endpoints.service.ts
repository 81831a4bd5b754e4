import { randomBytes, randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { isWebhookEvent, WEBHOOK_EVENTS, type WebhookEventType } from '../../../domain/integrations/webhook';
import { NotFoundError, ValidationError, type FieldErrors } from '../../../domain/shared/errors';
import { textErrors } from '../../../domain/shared/text';
import { writeAudit } from '../../platform/audit';
import { toIso } from '../../platform/wire';
import { markSecretAnswer } from '../../platform/http/request-context';
import { FORBIDDEN_ADDRESS, isForbiddenAddress, resolveAll } from './url-guard';

export interface WebhookEndpoint {
  id: string;
  url: string;
  description: string;
  events: WebhookEventType[];
  enabled: boolean;
  /** Why it was disabled (by the product after three days of failures, or by a user); null while enabled. */
  disabledReason: string | null;
  /** Who disabled it: a user, or the product after three days of failures; null while enabled. */
  disabledBy: 'user' | 'failures' | null;
  /** When failures disabled it: the last failed delivery's answer (an HTTP status or an error). */
  lastFailure: string | null;
  createdAt: string;
}

export interface EndpointInput {
  url?: string;
  description?: string | null;
  events?: readonly string[];
  enabled?: boolean;
}

interface Row {
  id: string;
  url: string;
  description: string;
  events: string;
  secret: string;
  enabled: boolean;
  disabled_reason: string | null;
  disabled_by: 'user' | 'failures' | null;
  last_failure: string | null;
  created_at: Date | string;
}

const NOT_FOUND = 'Webhook endpoint not found.';
/** Why an endpoint a user turned off is off. */
const USER_DISABLED = 'Disabled by a user.';
const MAX_URL = 2000;

export const endpointView = (r: Row): WebhookEndpoint => ({
  id: r.id,
  url: r.url,
  description: r.description,
  events: JSON.parse(r.events) as WebhookEventType[],
  enabled: r.enabled,
  disabledReason: r.disabled_reason,
  disabledBy: r.enabled ? null : r.disabled_by,
  lastFailure: r.enabled ? null : r.last_failure,
  createdAt: toIso(r.created_at),
});

/** Registered receivers of webhooks (superuser): each with its events and its signing secret. */
export class WebhookEndpointService {
  constructor(
    private readonly db: Knex,
    private readonly clock: () => Date,
    /** Development and tests: endpoints on this machine or a private network are allowed. */
    private readonly allowPrivate: boolean,
  ) {}

  /** A 400 naming each wrong field; the URL's host is resolved and refused when it leads somewhere webhooks may not go. */
  private async check(input: EndpointInput, creating: boolean): Promise<void> {
    const errors: FieldErrors = { ...textErrors({ url: input.url, description: input.description ?? undefined }, 'single') };
    if (creating || input.url !== undefined) {
      const problem = await this.urlProblem(input.url ?? '');
      if (problem && !errors.url) errors.url = [problem];
    }
    if ((input.description ?? '').length > 300) errors.description = ['Ensure this field has no more than 300 characters.'];
    if (creating || input.events !== undefined) {
      const events = input.events ?? [];
      const unknown = events.filter((e) => !isWebhookEvent(e));
      if (events.length === 0) errors.events = [`Choose at least one event: ${WEBHOOK_EVENTS.join(', ')}.`];
      else if (unknown.length) errors.events = [`${unknown.map((e) => `"${e}"`).join(', ')} is not an event: use ${WEBHOOK_EVENTS.join(', ')}.`];
    }
    if (Object.keys(errors).length) throw new ValidationError('Please correct the errors below.', errors);
  }

  private async urlProblem(text: string): Promise<string | null> {
    if (!text.trim()) return 'This field may not be blank.';
    if (text.length > MAX_URL) return `Ensure this field has no more than ${MAX_URL} characters.`;
    let url: URL;
    try {
      url = new URL(text);
    } catch {
      return 'Enter a valid URL (https://…).';
    }
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'Enter an http or https URL.';
    if (url.username || url.password) return 'A webhook URL may not hold a user name or password: the signature authenticates each delivery.';
    if (this.allowPrivate) return null;
    let addresses: string[];
    try {
      addresses = await resolveAll(url.hostname);
    } catch {
      return `The host ${url.hostname} could not be found.`;
    }
    return addresses.some(isForbiddenAddress) ? FORBIDDEN_ADDRESS : null;
  }

  async create(input: EndpointInput, actor: string): Promise<WebhookEndpoint & { secret: string }> {
    markSecretAnswer(); // the answer is shown once: an Idempotency-Key never keeps it
    await this.check(input, true);
    const now = this.clock();
    const row: Row = {
      id: randomUUID(),
      url: input.url!.trim(),
      description: (input.description ?? '').trim(),
      events: JSON.stringify([...new Set(input.events)]),
      secret: `whsec_${randomBytes(32).toString('base64url')}`,
      enabled: true,
      disabled_reason: null,
      disabled_by: null,
      last_failure: null,
      created_at: now,
    };
    await this.db.transaction(async (trx) => {
      await trx('webhook_endpoints').insert({ ...row, created_by: actor, updated_at: now });
      await writeAudit(trx, { actor, entity: 'webhook_endpoint', entityId: row.id, action: 'create', before: null, after: { url: row.url, events: JSON.parse(row.events) }, at: now });
    });
    return { ...endpointView(row), secret: row.secret };
  }

  async list(): Promise<WebhookEndpoint[]> {
    return ((await this.db('webhook_endpoints').orderBy([{ column: 'created_at' }, { column: 'id' }])) as Row[]).map(endpointView);
  }

  async get(id: string): Promise<WebhookEndpoint> {
    const row = (await this.db('webhook_endpoints').where({ id }).first()) as Row | undefined;
    if (!row) throw new NotFoundError(NOT_FOUND);
    return endpointView(row);
  }

  /** Changes what is given; enabling it again clears why it was disabled (its pending deliveries go on). */
  async update(id: string, input: EndpointInput, actor: string): Promise<WebhookEndpoint> {
    await this.check(input, false);
    return this.db.transaction(async (trx) => {
      const before = (await trx('webhook_endpoints').where({ id }).forUpdate().first()) as Row | undefined;
      if (!before) throw new NotFoundError(NOT_FOUND);
      const patch = {
        ...(input.url !== undefined ? { url: input.url.trim() } : {}),
        ...(input.description !== undefined ? { description: (input.description ?? '').trim() } : {}),
        ...(input.events !== undefined ? { events: JSON.stringify([...new Set(input.events)]) } : {}),
        ...(input.enabled !== undefined ? { enabled: input.enabled, disabled_reason: input.enabled ? null : USER_DISABLED, disabled_by: input.enabled ? null : 'user', last_failure: null } : {}),
        updated_at: this.clock(),
      };
      const [after] = (await trx('webhook_endpoints').where({ id }).update(patch).returning('*')) as Row[];
      await writeAudit(trx, { actor, entity: 'webhook_endpoint', entityId: id, action: 'update', before: endpointView(before), after: endpointView(after!), at: this.clock() });
      return endpointView(after!);
    });
  }

  async remove(id: string, actor: string): Promise<void> {
    await this.db.transaction(async (trx) => {
      const before = (await trx('webhook_endpoints').where({ id }).forUpdate().first()) as Row | undefined;
      if (!before) throw new NotFoundError(NOT_FOUND);
      await trx('webhook_endpoints').where({ id }).delete();
      await writeAudit(trx, { actor, entity: 'webhook_endpoint', entityId: id, action: 'delete', before: endpointView(before), after: null, at: this.clock() });
    });
  }
}
