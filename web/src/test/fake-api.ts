// A fake server behind the mutator for component tests. A test file replaces the mutator's
// apiRequest with it (vi.mock is hoisted, so each file says it once):
//
//   vi.mock('@/api/mutator', async (original) =>
//     (await import('@/test/fake-api')).fakeMutator(await original()),
//   );
//
// then answers the calls it expects: fakeApi({ '/access': accessAnswer(), '/clients': (req) => … }).
// A route is a path (any method) or 'METHOD path'; its answer is a value, or a function of the
// request that returns one, throws (apiError(404, 'Not found')) or waits. A call no route
// answers fails with 404. calls() lists what was asked, in order.
import { vi } from 'vitest';
import type * as Mutator from '@/api/mutator';
import type { Access } from '@/api/gen/model/access';
import type { User } from '@/api/gen/model/user';

export interface FakeRequest {
  method: string;
  url: string;
  params: Record<string, unknown>;
  data: unknown;
}

export type FakeRoute = unknown | ((request: FakeRequest) => unknown);

let routes: Record<string, FakeRoute> = {};
const made: FakeRequest[] = [];
let ApiErrorClass: typeof Mutator.ApiError | undefined;

/** The mutator module with apiRequest answered by the routes of fakeApi. */
export function fakeMutator(actual: typeof Mutator): typeof Mutator {
  ApiErrorClass = actual.ApiError;
  return { ...actual, apiRequest: vi.fn(answer) as typeof actual.apiRequest };
}

async function answer(config: Mutator.RequestConfig): Promise<unknown> {
  const request: FakeRequest = {
    method: config.method.toUpperCase(),
    url: config.url,
    params: (config.params ?? {}) as Record<string, unknown>,
    data: config.data,
  };
  made.push(request);
  const key = [`${request.method} ${request.url}`, request.url].find((k) => k in routes);
  if (key === undefined) throw apiError(404, 'Not found');
  const route = routes[key];
  return typeof route === 'function' ? await route(request) : route;
}

/** Sets the answers (replacing those of an earlier test) and forgets the calls made so far. */
export function fakeApi(answers: Record<string, FakeRoute>): void {
  routes = answers;
  made.length = 0;
}

/** The calls made since fakeApi, in order; with a path, only those to it. */
export function calls(url?: string): FakeRequest[] {
  return url === undefined ? [...made] : made.filter((c) => c.url === url);
}

/** A failure as the mutator gives it (the real ApiError). */
export function apiError(status: number, message: string, body?: unknown): Mutator.ApiError {
  if (!ApiErrorClass) throw new Error('fake-api: mock @/api/mutator with fakeMutator first');
  return new ApiErrorClass(status, message, [], body);
}

/** An answer that waits until `release` is called. */
export function held<T>(value: T): { answer: () => Promise<T>; release: () => void } {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  return { answer: () => gate.then(() => value), release };
}

export const AGENT_USER: User = {
  id: 1,
  code: 'AGT100',
  name: 'Alex Carter',
  email: 'agent@example.com',
  is_staff: false,
  is_senior_level: false,
};

export const STAFF_USER: User = {
  id: 9,
  name: 'Sam Staffer',
  email: 'staff@example.com',
  is_staff: true,
  is_senior_level: false,
};

/** GET /access: the agent (a senior one with `senior`), or a staff user without a code. */
export function accessAnswer({
  staff = false,
  senior = false,
  permissions = staff ? ['clients.read'] : [],
}: { staff?: boolean; senior?: boolean; permissions?: string[] } = {}): Access {
  const user = staff ? STAFF_USER : { ...AGENT_USER, is_senior_level: senior };
  return { permissions, user };
}
