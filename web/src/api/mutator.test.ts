import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getSessionFlags, getToken, setLoginNavigator, setToken } from '@/lib/session';
import {
  ApiError,
  RETRY_POLICY,
  apiRequest,
  isRetryable,
  mayPassOnRetry,
  parseRetryAfter,
  retryDelay,
  toQueryString,
  uploadToSignedUrl,
} from './mutator';

// The only test that stubs fetch: the mutator is the only code that calls it. It tests the
// real mutator, which setup.ts replaces with the fake server for every other test.
vi.unmock('./mutator');

function json(status: number, body: unknown, headers: Record<string, string> = {}) {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });
}

const fetchMock = vi.fn<typeof fetch>();
const navigate = vi.fn();

beforeEach(() => {
  fetchMock.mockReset();
  navigate.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  setLoginNavigator(navigate);
  window.history.replaceState({}, '', '/business/clients');
});

afterEach(() => {
  vi.useRealTimers();
});

describe('requests', () => {
  it('prefixes /api, sends the bearer token and JSON', async () => {
    setToken('abc');
    fetchMock.mockResolvedValue(json(201, { id: 1 }));
    const result = await apiRequest<{ id: number }>({
      url: '/clients',
      method: 'POST',
      data: { first_name: 'Ann' },
    });
    expect(result).toEqual({ id: 1 });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/clients');
    const headers = init?.headers as Record<string, string>;
    expect(headers.Authorization).toBe('Bearer abc');
    expect(headers['Content-Type']).toBe('application/json');
    expect(headers['access-token']).toBeUndefined();
    expect(init?.body).toBe('{"first_name":"Ann"}');
  });

  it('writes bracket-style query strings with unencoded brackets', async () => {
    fetchMock.mockResolvedValue(json(200, { data: [] }));
    await apiRequest({
      url: '/clients',
      method: 'GET',
      params: {
        page: 2,
        limit: 5,
        'filter[state][in][]': ['CA', 'NY'],
        'filter[last_name][contains]': 'O Brien&Co',
        'filter[email][contains]': undefined,
        order: { last_name: 'ASC', id: 'DESC' },
      },
    });
    expect(fetchMock.mock.calls[0]![0]).toBe(
      '/api/clients?page=2&limit=5&filter[state][in][]=CA&filter[state][in][]=NY' +
        '&filter[last_name][contains]=O%20Brien%26Co&order[last_name]=ASC&order[id]=DESC',
    );
  });

  it('serialises arrays without [] in the key as key[]', () => {
    expect(toQueryString({ include: [1, 2] })).toBe('include[]=1&include[]=2');
    expect(toQueryString({ 'include[]': ['A1'] })).toBe('include[]=A1');
    expect(toQueryString({ empty: '', none: null })).toBe('');
  });

  it('answers undefined for 204', async () => {
    fetchMock.mockResolvedValue(new Response(null, { status: 204 }));
    await expect(apiRequest({ url: '/clients/1', method: 'DELETE' })).resolves.toBeUndefined();
  });
});

describe('x-token', () => {
  it('replaces the stored token with a renewed one', async () => {
    setToken('old');
    fetchMock.mockResolvedValue(json(200, {}, { 'x-token': 'new' }));
    await apiRequest({ url: '/access', method: 'GET' });
    expect(getToken()).toBe('new');
  });

  it('takes the renewal from failed answers too', async () => {
    setToken('old');
    fetchMock.mockResolvedValue(
      json(404, { status: 404, message: 'Not found' }, { 'x-token': 'newer' }),
    );
    await expect(apiRequest({ url: '/clients/9', method: 'GET' })).rejects.toBeInstanceOf(ApiError);
    expect(getToken()).toBe('newer');
  });
});

describe('errors', () => {
  it('throws a typed ApiError with status, message, field errors and body', async () => {
    const body = {
      status: 422,
      message: 'Validation error',
      errors: [{ field: 'first_name', message: 'First name is required' }],
    };
    fetchMock.mockResolvedValue(json(422, body));
    const error = await apiRequest({ url: '/clients', method: 'POST', data: {} }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 422,
      message: 'Validation error',
      errors: body.errors,
      body,
    });
  });

  it('uses the status text when the body is not the error shape', async () => {
    fetchMock.mockResolvedValue(new Response('oops', { status: 400, statusText: 'Bad Request' }));
    await expect(apiRequest({ url: '/x', method: 'GET' })).rejects.toMatchObject({
      status: 400,
      message: 'Bad Request',
    });
  });
});

describe('401', () => {
  it('with a token: removes it, flags the expired session and goes to /login', async () => {
    setToken('stale');
    fetchMock.mockResolvedValue(json(401, { status: 401, message: 'Authentication required' }));
    await expect(apiRequest({ url: '/clients', method: 'GET' })).rejects.toMatchObject({
      status: 401,
    });
    expect(getToken()).toBeNull();
    expect(getSessionFlags()).toEqual({ sessionExpired: true, loginRequired: false });
    expect(navigate).toHaveBeenCalledWith('/login');
  });

  it('without a token: flags that a login is required', async () => {
    fetchMock.mockResolvedValue(json(401, { status: 401, message: 'Authentication required' }));
    await expect(apiRequest({ url: '/access', method: 'GET' })).rejects.toMatchObject({
      status: 401,
    });
    expect(getSessionFlags()).toEqual({ sessionExpired: false, loginRequired: true });
    expect(navigate).toHaveBeenCalledWith('/login');
  });

  it('on the login page: leaves the session alone (a wrong password is a plain error)', async () => {
    window.history.replaceState({}, '', '/login');
    setToken('kept');
    fetchMock.mockResolvedValue(
      json(401, { status: 401, message: 'The login or password is not correct' }),
    );
    await expect(
      apiRequest({ url: '/auth/login', method: 'POST', data: {} }),
    ).rejects.toMatchObject({
      message: 'The login or password is not correct',
    });
    expect(getToken()).toBe('kept');
    expect(getSessionFlags()).toEqual({ sessionExpired: false, loginRequired: false });
    expect(navigate).not.toHaveBeenCalled();
  });
});

describe('retry policy', () => {
  it('waits 1000 ms doubling, at most 30000 ms', () => {
    expect([0, 1, 2, 3, 4, 5, 10].map(retryDelay)).toEqual([
      1000, 2000, 4000, 8000, 16000, 30000, 30000,
    ]);
    expect(RETRY_POLICY.retries).toBe(3);
  });

  it('retries only idempotent methods, only on 429, 5xx and network errors', () => {
    expect(isRetryable('GET', 503)).toBe(true);
    expect(isRetryable('PUT', 429)).toBe(true);
    expect(isRetryable('DELETE', 0)).toBe(true);
    expect(isRetryable('POST', 503)).toBe(false);
    expect(isRetryable('PATCH', 500)).toBe(false);
    expect(isRetryable('GET', 404)).toBe(false);
    expect(isRetryable('GET', 422)).toBe(false);
    // A retry cannot change these (as in the SDK).
    expect(isRetryable('GET', 501)).toBe(false);
    expect(isRetryable('GET', 505)).toBe(false);
  });

  it('says which failures may pass, whatever the method', () => {
    expect([0, 429, 500, 502, 503, 504].every(mayPassOnRetry)).toBe(true);
    expect([400, 401, 403, 404, 408, 409, 422, 501, 505].some(mayPassOnRetry)).toBe(false);
  });

  it('retries a GET up to 3 times with 1000, 2000 and 4000 ms between tries', async () => {
    vi.useFakeTimers();
    fetchMock.mockImplementation(async () => json(503, { status: 503, message: 'Unavailable' }));
    const result = apiRequest({ url: '/clients', method: 'GET' }).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(999);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(2000);
    expect(fetchMock).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(4000);
    expect(fetchMock).toHaveBeenCalledTimes(4);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fetchMock).toHaveBeenCalledTimes(4);
    expect(await result).toMatchObject({ status: 503, message: 'Unavailable' });
  });

  it('recovers when a retry succeeds, also after a network error', async () => {
    vi.useFakeTimers();
    fetchMock
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValueOnce(json(429, { status: 429, message: 'Slow down' }))
      .mockResolvedValueOnce(json(200, { ok: true }));
    const result = apiRequest({ url: '/access', method: 'GET' });
    await vi.advanceTimersByTimeAsync(3000);
    await expect(result).resolves.toEqual({ ok: true });
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('never retries a POST, nor a 4xx', async () => {
    fetchMock.mockResolvedValue(json(503, { status: 503, message: 'Unavailable' }));
    await expect(apiRequest({ url: '/clients', method: 'POST', data: {} })).rejects.toMatchObject({
      status: 503,
    });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    fetchMock.mockClear();
    fetchMock.mockResolvedValue(json(404, { status: 404, message: 'Not found' }));
    await expect(apiRequest({ url: '/clients/1', method: 'GET' })).rejects.toMatchObject({
      status: 404,
    });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('turns a network failure into status 0 after the retries', async () => {
    vi.useFakeTimers();
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const result = apiRequest({ url: '/access', method: 'GET' }).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(fetchMock).toHaveBeenCalledTimes(4);
    expect(await result).toMatchObject({ status: 0 });
  });
});

describe('Retry-After', () => {
  const NOW = Date.UTC(2026, 10, 22, 12, 0, 0);

  it('reads delay seconds and HTTP dates, in milliseconds', () => {
    expect(parseRetryAfter('5', NOW)).toBe(5000);
    expect(parseRetryAfter(' 0 ', NOW)).toBe(0);
    expect(parseRetryAfter('+2', NOW)).toBe(2000);
    expect(parseRetryAfter('Sun, 22 Nov 2026 12:00:07 GMT', NOW)).toBe(7000);
    expect(parseRetryAfter('Sunday, 22-Nov-26 12:00:03 GMT', NOW)).toBe(3000);
    expect(parseRetryAfter('Sun Nov 22 12:00:04 2026', NOW)).toBe(4000);
    // A date already past means now.
    expect(parseRetryAfter('Sun, 22 Nov 2026 11:59:00 GMT', NOW)).toBe(0);
  });

  it('ignores what it cannot read', () => {
    for (const value of [null, '', '-1', '1.5', 'soon', '2026-11-22', 'Sun, 99 Foo 2026 GMT']) {
      expect(parseRetryAfter(value, NOW)).toBeUndefined();
    }
  });

  /** Answers each fetch with the next of `answers`; the last one repeats. */
  function answer(...answers: (() => Response)[]) {
    let n = 0;
    fetchMock.mockImplementation(async () => answers[Math.min(n++, answers.length - 1)]!());
  }

  const busy = (status: number, retryAfter?: string) => () =>
    json(
      status,
      { status, message: 'Busy' },
      retryAfter === undefined ? {} : { 'Retry-After': retryAfter },
    );

  it('waits the seconds a 429 asks for instead of the policy delay', async () => {
    vi.useFakeTimers();
    answer(busy(429, '5'), () => json(200, { ok: true }));
    const result = apiRequest({ url: '/clients', method: 'GET' });
    await vi.advanceTimersByTimeAsync(4999);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    await expect(result).resolves.toEqual({ ok: true });
  });

  it('waits until the HTTP date a 503 names', async () => {
    vi.useFakeTimers();
    vi.setSystemTime(NOW);
    answer(busy(503, 'Sun, 22 Nov 2026 12:00:07 GMT'), () => json(200, { ok: true }));
    const result = apiRequest({ url: '/access', method: 'GET' });
    await vi.advanceTimersByTimeAsync(6999);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    await expect(result).resolves.toEqual({ ok: true });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('retries at once after a date already past, or Retry-After: 0', async () => {
    vi.useFakeTimers();
    vi.setSystemTime(NOW);
    answer(busy(503, 'Sun, 22 Nov 2026 11:00:00 GMT'), busy(429, '0'), () => json(200, {}));
    const result = apiRequest({ url: '/access', method: 'GET' });
    // Two 0 ms waits, where the policy would wait 1000 and 2000 ms.
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchMock).toHaveBeenCalledTimes(3);
    await expect(result).resolves.toEqual({});
  });

  it('decides each wait on its own answer', async () => {
    vi.useFakeTimers();
    // Retry-After 3 s, then no header (the policy: 2000 ms before the second retry), then 1 s.
    answer(busy(503, '3'), busy(503), busy(429, '1'), () => json(200, {}));
    const result = apiRequest({ url: '/clients', method: 'GET' });
    await vi.advanceTimersByTimeAsync(3000);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1999);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchMock).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(1000);
    expect(fetchMock).toHaveBeenCalledTimes(4);
    await expect(result).resolves.toEqual({});
  });

  it('falls back to the policy delay when the header cannot be read', async () => {
    vi.useFakeTimers();
    answer(busy(503, 'soon'), () => json(200, {}));
    const result = apiRequest({ url: '/clients', method: 'GET' });
    await vi.advanceTimersByTimeAsync(999);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    await expect(result).resolves.toEqual({});
  });

  it('waits up to the longest delay, 30000 ms', async () => {
    vi.useFakeTimers();
    answer(busy(429, '30'), () => json(200, {}));
    const result = apiRequest({ url: '/clients', method: 'GET' });
    await vi.advanceTimersByTimeAsync(29_999);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    await expect(result).resolves.toEqual({});
  });

  it('answers at once when asked to wait longer than 30000 ms (seconds or a date)', async () => {
    vi.useFakeTimers();
    vi.setSystemTime(NOW);
    for (const retryAfter of ['31', 'Sun, 22 Nov 2026 12:05:00 GMT']) {
      fetchMock.mockReset();
      answer(busy(429, retryAfter), () => json(200, {}));
      const result = apiRequest({ url: '/clients', method: 'GET' }).catch((e: unknown) => e);
      await vi.advanceTimersByTimeAsync(0);
      expect(await result).toMatchObject({ status: 429, message: 'Busy' });
      await vi.advanceTimersByTimeAsync(120_000);
      expect(fetchMock).toHaveBeenCalledTimes(1);
    }
  });

  it('never turns a call the policy does not retry into a retried one', async () => {
    answer(busy(503, '1'));
    await expect(apiRequest({ url: '/clients', method: 'POST', data: {} })).rejects.toMatchObject({
      status: 503,
    });
    answer(busy(404, '1'));
    await expect(apiRequest({ url: '/clients/1', method: 'GET' })).rejects.toMatchObject({
      status: 404,
    });
    answer(busy(501, '1'));
    await expect(apiRequest({ url: '/clients', method: 'GET' })).rejects.toMatchObject({
      status: 501,
    });
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('still stops after 3 retries', async () => {
    vi.useFakeTimers();
    answer(busy(503, '1'));
    const result = apiRequest({ url: '/clients', method: 'GET' }).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fetchMock).toHaveBeenCalledTimes(4);
    expect(await result).toMatchObject({ status: 503 });
  });

  it('applies to signed URL uploads', async () => {
    vi.useFakeTimers();
    answer(busy(503, '2'), () => json(200, { id: 'f1', content_type: 'image/svg+xml', size: 6 }));
    const result = uploadToSignedUrl('/api/files/a', '<svg/>', 'image/svg+xml');
    await vi.advanceTimersByTimeAsync(1999);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    await expect(result).resolves.toMatchObject({ id: 'f1' });
    expect(fetchMock.mock.calls[1]![1]?.body).toBe('<svg/>');
  });

  it('an abort during the wait ends the call', async () => {
    vi.useFakeTimers();
    answer(busy(429, '10'));
    const controller = new AbortController();
    const result = apiRequest({ url: '/clients', method: 'GET', signal: controller.signal }).catch(
      (e: unknown) => e,
    );
    await vi.advanceTimersByTimeAsync(1000);
    controller.abort(new DOMException('gone', 'AbortError'));
    expect(await result).toMatchObject({ name: 'AbortError' });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});

describe('signed URL uploads', () => {
  it('PUTs the content with its type to the URL as given', async () => {
    fetchMock.mockResolvedValue(json(200, { id: 'f1', content_type: 'image/svg+xml', size: 3 }));
    await uploadToSignedUrl('/api/files/abc?expires=1&signature=s', '<svg/>', 'image/svg+xml');
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/files/abc?expires=1&signature=s');
    expect(init?.method).toBe('PUT');
    expect((init?.headers as Record<string, string>)['Content-Type']).toBe('image/svg+xml');
    expect(init?.body).toBe('<svg/>');
  });

  it('counts only status 200 as success', async () => {
    fetchMock.mockResolvedValue(json(201, {}));
    await expect(uploadToSignedUrl('/api/files/a', 'x', 'image/svg+xml')).rejects.toMatchObject({
      message: 'File upload failed',
      status: 201,
    });
    fetchMock.mockResolvedValue(json(403, { status: 403, message: 'Signature expired' }));
    await expect(uploadToSignedUrl('/api/files/a', 'x', 'image/svg+xml')).rejects.toMatchObject({
      message: 'File upload failed',
    });
  });

  it("says 'Failed to upload file' when the upload never got an answer", async () => {
    vi.useFakeTimers();
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const result = uploadToSignedUrl('/api/files/a', 'x', 'image/svg+xml').catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(await result).toMatchObject({ message: 'Failed to upload file' });
  });
});

describe('admin app mode', () => {
  // The modules loaded here read the Admin name: forget them, so that later tests (and, with
  // isolation off, later files in this worker) load the configuration of the environment.
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.resetModules();
  });

  it('sends the access-token header with the associate code acted for', async () => {
    vi.stubEnv('VITE_APP_NAME', 'Admin');
    vi.resetModules();
    const session = await import('@/lib/session');
    const mutator = await import('./mutator');
    session.setToken('staff-token');
    session.setAccessToken('AGT100');
    fetchMock.mockResolvedValue(json(200, {}));
    await mutator.apiRequest({ url: '/access', method: 'GET' });
    const headers = fetchMock.mock.calls[0]![1]?.headers as Record<string, string>;
    expect(headers['access-token']).toBe('AGT100');
    expect(headers.Authorization).toBe('Bearer staff-token');
  });
});
