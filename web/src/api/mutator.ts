// The one HTTP entry point of the web app: every generated hook and every upload comes here,
// and this is the only file that calls fetch.
//
// - prefixes /api (the contract's server URL) and sends JSON
// - Authorization: Bearer <token>; in admin app mode also `access-token: <associate code>`
// - replaces the stored token with a response's `x-token`
// - bracket-style query strings with unencoded brackets (filter[state][in][]=CA)
// - retries idempotent calls on 429, 5xx (not 501 or 505) and network errors: up to 3 retries,
//   1000 ms doubling, at most 30000 ms; a Retry-After header (seconds or an HTTP date) sets the
//   wait instead, and one longer than 30000 ms ends the retries (as the Go SDK does)
// - turns failures into ApiError {status, message, errors, body}
// - on 401 away from the login page: expires the session (see lib/session) and goes to /login

import { config } from '@/lib/config';
import {
  LOGIN_PATH,
  expireSession,
  getAccessToken,
  getToken,
  goToLogin,
  setToken,
} from '@/lib/session';

export const API_BASE = '/api';

export interface FieldError {
  field: string;
  message: string;
}

export class ApiError extends Error {
  readonly status: number;
  readonly errors: FieldError[];
  readonly body: unknown;
  /** Why, for the program (the contract's ErrorCode), when the server says. */
  readonly code: string | undefined;

  constructor(status: number, message: string, errors: FieldError[] = [], body?: unknown) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.errors = errors;
    this.body = body;
    const code =
      typeof body === 'object' && body !== null ? (body as { code?: unknown }).code : undefined;
    this.code = typeof code === 'string' ? code : undefined;
  }
}

/** Status 0: the request never got an answer (network failure). */
export const NETWORK_ERROR_STATUS = 0;

// Types orval's generated hooks refer to.
export type ErrorType<_E> = ApiError;
export type BodyType<B> = B;

export interface RequestConfig {
  url: string;
  method: string;
  params?: object;
  data?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** 'blob' for file downloads; JSON (or text) otherwise. */
  responseType?: 'blob' | 'json' | 'text';
}

export interface RequestOptions {
  headers?: Record<string, string>;
  /** Overrides the retry policy of this call (tests, or a call that must not wait). */
  retries?: number;
}

export const RETRY_POLICY = { retries: 3, initialDelayMs: 1000, maxDelayMs: 30000 } as const;

const IDEMPOTENT_METHODS = new Set(['GET', 'HEAD', 'OPTIONS', 'PUT', 'DELETE']);

/** The wait before retry number `attempt` (0-based): 1000, 2000, 4000 … capped at 30000 ms. */
export function retryDelay(attempt: number): number {
  return Math.min(RETRY_POLICY.initialDelayMs * 2 ** attempt, RETRY_POLICY.maxDelayMs);
}

/**
 * Whether asking again may get another answer than a failure with this status: 429, a 5xx
 * other than 501 and 505 (which a retry cannot change, as in the Go SDK), or no answer at all
 * (NETWORK_ERROR_STATUS). The one rule of which failures may pass: the retries here and the
 * error pages' 'Try again' (components/error-panel.tsx) both follow it.
 */
export function mayPassOnRetry(status: number): boolean {
  if (status === 501 || status === 505) return false;
  return status === NETWORK_ERROR_STATUS || status === 429 || status >= 500;
}

/** Only idempotent methods, and only when the failure may pass (mayPassOnRetry). */
export function isRetryable(method: string, status: number): boolean {
  return IDEMPOTENT_METHODS.has(method.toUpperCase()) && mayPassOnRetry(status);
}

const HTTP_DATE = /^(mon|tue|wed|thu|fri|sat|sun)[a-z]*,?\s/i;

/**
 * A Retry-After header in milliseconds: delay seconds (a whole number) or an HTTP date (a date
 * already past waits 0). Undefined when absent or unreadable; the policy's delay applies then.
 */
export function parseRetryAfter(
  value: string | null,
  now: number = Date.now(),
): number | undefined {
  const v = value?.trim();
  if (!v) return undefined;
  if (/^[+-]?\d+$/.test(v)) {
    const seconds = Number(v);
    return seconds < 0 ? undefined : seconds * 1000;
  }
  if (!HTTP_DATE.test(v)) return undefined;
  // The asctime form carries no zone: HTTP dates are always GMT.
  const at = Date.parse(/\b(gmt|utc)$/i.test(v) ? v : `${v} GMT`);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, at - now);
}

/**
 * How long to wait before retry number `attempt` (0-based) after a retryable answer: its
 * Retry-After, else the policy's delay. Undefined when the answer asks for longer than the
 * policy's longest wait: it is returned as is rather than retried early.
 */
export function retryWait(response: Response, attempt: number): number | undefined {
  const after = parseRetryAfter(response.headers.get('Retry-After'));
  if (after === undefined) return retryDelay(attempt);
  return after > RETRY_POLICY.maxDelayMs ? undefined : after;
}

function encodeKey(key: string): string {
  return encodeURIComponent(key).replace(/%5B/gi, '[').replace(/%5D/gi, ']');
}

function appendParam(parts: string[], key: string, value: unknown) {
  if (value === undefined || value === null || value === '') return;
  if (Array.isArray(value)) {
    const listKey = key.endsWith('[]') ? key : `${key}[]`;
    for (const item of value) appendParam(parts, listKey, item);
    return;
  }
  if (value instanceof Date) {
    parts.push(`${encodeKey(key)}=${encodeURIComponent(value.toISOString())}`);
    return;
  }
  if (typeof value === 'object') {
    for (const [sub, subValue] of Object.entries(value as Record<string, unknown>)) {
      appendParam(parts, `${key}[${sub}]`, subValue);
    }
    return;
  }
  parts.push(`${encodeKey(key)}=${encodeURIComponent(String(value))}`);
}

/**
 * Bracket-style query string, brackets left unencoded:
 * {'filter[state][in][]': ['CA', 'NY'], order: {created_at: 'DESC'}} →
 * filter[state][in][]=CA&filter[state][in][]=NY&order[created_at]=DESC
 */
export function toQueryString(params: object | undefined): string {
  const parts: string[] = [];
  for (const [key, value] of Object.entries(params ?? {})) appendParam(parts, key, value);
  return parts.join('&');
}

function buildUrl(url: string, params: object | undefined): string {
  const base =
    /^https?:\/\//.test(url) || url.startsWith(`${API_BASE}/`) ? url : `${API_BASE}${url}`;
  const query = toQueryString(params);
  if (!query) return base;
  return `${base}${base.includes('?') ? '&' : '?'}${query}`;
}

function isFieldErrors(value: unknown): value is FieldError[] {
  return (
    Array.isArray(value) &&
    value.every(
      (e) =>
        typeof e === 'object' &&
        e !== null &&
        typeof (e as FieldError).field === 'string' &&
        typeof (e as FieldError).message === 'string',
    )
  );
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204 || response.status === 205) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('json')) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  }
  return text;
}

function toApiError(response: Response, body: unknown): ApiError {
  if (typeof body === 'object' && body !== null) {
    const b = body as { message?: unknown; errors?: unknown; error_message?: unknown };
    const message =
      typeof b.message === 'string'
        ? b.message
        : typeof b.error_message === 'string'
          ? b.error_message
          : undefined;
    return new ApiError(
      response.status,
      message || response.statusText || 'Something went wrong',
      isFieldErrors(b.errors) ? b.errors : [],
      body,
    );
  }
  return new ApiError(response.status, response.statusText || 'Something went wrong', [], body);
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

function isAbort(error: unknown, signal?: AbortSignal): boolean {
  return Boolean(signal?.aborted) || (error instanceof DOMException && error.name === 'AbortError');
}

function onLoginPage(): boolean {
  return window.location.pathname === LOGIN_PATH;
}

interface SendOptions {
  method: string;
  headers: Record<string, string>;
  body?: BodyInit;
  signal?: AbortSignal;
  retries: number;
}

async function send(url: string, options: SendOptions): Promise<Response> {
  const method = options.method.toUpperCase();
  for (let attempt = 0; ; attempt++) {
    let response: Response | undefined;
    try {
      response = await fetch(url, {
        method,
        headers: options.headers,
        body: options.body,
        signal: options.signal,
        credentials: 'same-origin',
      });
    } catch (error) {
      if (isAbort(error, options.signal)) throw error;
      if (attempt < options.retries && isRetryable(method, NETWORK_ERROR_STATUS)) {
        await sleep(retryDelay(attempt), options.signal);
        continue;
      }
      throw new ApiError(
        NETWORK_ERROR_STATUS,
        'The server cannot be reached. Check your connection and try again.',
      );
    }
    const wait =
      !response.ok && attempt < options.retries && isRetryable(method, response.status)
        ? retryWait(response, attempt)
        : undefined;
    if (wait === undefined) return response;
    // Free the connection before waiting.
    await response.body?.cancel().catch(() => undefined);
    await sleep(wait, options.signal);
  }
}

function authHeaders(): Record<string, string> {
  const headers: Record<string, string> = {};
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  if (config.isAdmin) {
    const accessToken = getAccessToken();
    if (accessToken) headers['access-token'] = accessToken;
  }
  return headers;
}

function handleResponseSession(response: Response) {
  const renewed = response.headers.get('x-token');
  if (renewed) setToken(renewed);
  if (response.status === 401 && !onLoginPage()) {
    expireSession();
    goToLogin();
  }
}

/** The mutator orval's generated client calls for every operation. */
export async function apiRequest<T>(request: RequestConfig, options?: RequestOptions): Promise<T> {
  const method = request.method.toUpperCase();
  const headers: Record<string, string> = {
    Accept: 'application/json',
    ...authHeaders(),
    ...request.headers,
    ...options?.headers,
  };
  let body: BodyInit | undefined;
  if (request.data !== undefined) {
    if (
      typeof request.data === 'string' ||
      request.data instanceof Blob ||
      request.data instanceof FormData
    ) {
      body = request.data;
    } else {
      body = JSON.stringify(request.data);
      headers['Content-Type'] ??= 'application/json';
    }
  }

  const response = await send(buildUrl(request.url, request.params), {
    method,
    headers,
    body,
    signal: request.signal,
    retries: options?.retries ?? RETRY_POLICY.retries,
  });
  handleResponseSession(response);
  if (response.ok && request.responseType === 'blob') return (await response.blob()) as T;
  const data = await readBody(response);
  if (!response.ok) throw toApiError(response, data);
  return data as T;
}

/**
 * PUTs content to a signed URL from a `signed-url` call. Only status 200 counts as success;
 * anything else fails with 'File upload failed', and no answer at all with 'Failed to upload file'.
 */
export async function uploadToSignedUrl(
  url: string,
  content: Blob | string,
  contentType: string,
  signal?: AbortSignal,
): Promise<unknown> {
  let response: Response;
  try {
    response = await send(url, {
      method: 'PUT',
      headers: { 'Content-Type': contentType },
      body: content,
      signal,
      retries: RETRY_POLICY.retries,
    });
  } catch (error) {
    if (isAbort(error, signal)) throw error;
    throw new ApiError(NETWORK_ERROR_STATUS, 'Failed to upload file');
  }
  const data = await readBody(response);
  if (response.status !== 200) {
    const failure = toApiError(response, data);
    throw new ApiError(response.status, 'File upload failed', failure.errors, data);
  }
  return data;
}
