/** A failed call: the HTTP status (0 when the network failed) and the server's {message, errors}. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors?: Record<string, string[]>,
    /** True when the message came from the server's answer rather than from the browser. */
    readonly fromServer = false,
    /** A 429's `Retry-After`, in seconds, when the server sent one. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export const readCookie = (name: string): string | undefined =>
  document.cookie
    .split('; ')
    .find((part) => part.startsWith(`${name}=`))
    ?.slice(name.length + 1);

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** Public forms send no cookies at all; the session areas send theirs and echo the CSRF token. */
  credentials?: 'include' | 'omit';
  signal?: AbortSignal;
}

/** `Retry-After` in seconds: delta-seconds or an HTTP date; undefined when absent or unreadable. */
export const retryAfter = (header: string | null, now = Date.now()): number | undefined => {
  if (!header) return undefined;
  if (/^\d+$/.test(header.trim())) return Number(header.trim());
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - now) / 1000));
};

/** The answer's JSON and its headers (a page's total is in X-Total-Count). */
const exchange = async <T>(path: string, options: RequestOptions): Promise<{ data: T; headers: Headers }> => {
  const method = options.method ?? (options.body === undefined ? 'GET' : 'POST');
  const credentials = options.credentials ?? 'include';
  const headers: Record<string, string> = { Accept: 'application/json' };
  // A FormData body (a file upload) goes as the browser encodes it, multipart with its boundary.
  const form = typeof FormData !== 'undefined' && options.body instanceof FormData;
  if (options.body !== undefined && !form) headers['Content-Type'] = 'application/json';
  if (credentials === 'include' && UNSAFE.has(method)) {
    const token = readCookie('csrftoken');
    if (token) headers['X-CSRFToken'] = decodeURIComponent(token);
  }
  let res: Response;
  try {
    res = await fetch(path, {
      method,
      headers,
      credentials: credentials === 'include' ? 'same-origin' : 'omit',
      body: options.body === undefined ? undefined : form ? (options.body as FormData) : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (err) {
    throw new ApiError(0, err instanceof Error ? err.message : String(err));
  }
  const text = await res.text();
  let data: unknown = undefined;
  try {
    data = text ? JSON.parse(text) : undefined;
  } catch {
    data = undefined;
  }
  if (!res.ok) {
    const body = (data ?? {}) as { message?: unknown; errors?: Record<string, string[]> };
    const serverMessage = typeof body.message === 'string' ? body.message : undefined;
    throw new ApiError(res.status, serverMessage ?? `Request failed with status code ${res.status}`, body.errors, !!serverMessage, retryAfter(res.headers.get('Retry-After')));
  }
  return { data: data as T, headers: res.headers };
};

/** JSON over fetch against /api. Non-2xx answers throw an ApiError carrying the server's message and field errors. */
export const request = async <T>(path: string, options: RequestOptions = {}): Promise<T> => (await exchange<T>(path, options)).data;

/** One page of a list the server pages with `limit`/`offset`, and the total it gives in X-Total-Count. */
const page = async <T>(path: string, options: Omit<RequestOptions, 'method' | 'body'> = {}): Promise<{ items: T[]; total: number }> => {
  const { data, headers } = await exchange<T[]>(path, { ...options, method: 'GET' });
  const total = Number(headers.get('X-Total-Count'));
  return { items: data, total: headers.has('X-Total-Count') && Number.isFinite(total) ? total : data.length };
};

export const http = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) => request<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    request<T>(path, { ...options, method: 'POST', body: body ?? {} }),
  put: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    request<T>(path, { ...options, method: 'PUT', body: body ?? {} }),
  delete: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) => request<T>(path, { ...options, method: 'DELETE' }),
  page,
};
