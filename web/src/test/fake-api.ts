// A fake server behind the mutator, for every test file. src/test/setup.ts mocks @/api/mutator
// once with fakeMutator (one mock for all files: with isolation off, the generated clients of
// a worker stay bound to the first mutator module they imported, so a file must not bring its
// own vi.mock of it); each test then answers the calls it expects:
//
//   fakeApi({ '/access': accessAnswer(), '/clients': (req) => … })
//
// A route is a path (any method) or 'METHOD path'; its answer is a value, or a function of the
// request that returns one, throws (apiError(404, 'Not found')) or waits. A call no route
// answers fails with 404. A test that answers every call itself passes one function instead
// of routes: fakeApi((config) => …) gets the mutator's request config as it was called.
// fakeUploads(…) answers uploadToSignedUrl the same way; without it an upload fails.
// calls() lists what was asked, in order.
//
// After each test (setup.ts: resetFakeApi) the answers are forgotten, and the mocked
// apiRequest and uploadToSignedUrl lose their calls and any mockResolvedValueOnce etc.
// src/api/mutator.test.ts, which tests the real mutator, unmocks it.
import { beforeEach, vi } from 'vitest';
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

/** A whole fake server: answers every apiRequest from its config. */
export type FakeServer = (config: Mutator.RequestConfig) => unknown;

/** Answers uploadToSignedUrl(url, content, contentType, signal). (A method's parameters are
 *  bivariant: an answer may take the content as the File or string its test uploads.) */
export type FakeUpload = {
  answer(url: string, content: Blob | string, contentType: string, signal?: AbortSignal): unknown;
}['answer'];

let routes: Record<string, FakeRoute> | FakeServer = {};
let upload: FakeUpload | undefined;
const made: FakeRequest[] = [];
let ApiErrorClass: typeof Mutator.ApiError | undefined;
// One apiRequest and one uploadToSignedUrl for every copy of the mocked module: Vitest makes
// the mock again for each file, while modules an earlier file loaded (the generated clients)
// keep the copy they imported.
const apiRequest = vi.fn(answer);
const uploadToSignedUrl = vi.fn(answerUpload);

/** The mutator module with apiRequest and uploadToSignedUrl answered by fakeApi and fakeUploads. */
export function fakeMutator(actual: typeof Mutator): typeof Mutator {
  ApiErrorClass = actual.ApiError;
  return {
    ...actual,
    apiRequest: apiRequest as typeof actual.apiRequest,
    uploadToSignedUrl: uploadToSignedUrl as typeof actual.uploadToSignedUrl,
  };
}

async function answer(config: Mutator.RequestConfig): Promise<unknown> {
  const request: FakeRequest = {
    method: config.method.toUpperCase(),
    url: config.url,
    params: (config.params ?? {}) as Record<string, unknown>,
    data: config.data,
  };
  made.push(request);
  if (typeof routes === 'function') return await routes(config);
  const key = [`${request.method} ${request.url}`, request.url].find((k) => k in routes);
  if (key === undefined) throw apiError(404, 'Not found');
  const route = (routes as Record<string, FakeRoute>)[key];
  return typeof route === 'function' ? await route(request) : route;
}

async function answerUpload(
  url: string,
  content: Blob | string,
  contentType: string,
  signal?: AbortSignal,
): Promise<unknown> {
  if (!upload) throw apiError(404, 'fake-api: no fakeUploads answer for this upload');
  return await upload(url, content, contentType, signal);
}

/** Sets the answers (replacing those of an earlier call) and forgets the calls made so far. */
export function fakeApi(answers: Record<string, FakeRoute> | FakeServer): void {
  routes = answers;
  made.length = 0;
}

/** Sets how uploadToSignedUrl answers (until the end of the test). */
export function fakeUploads(answerWith: FakeUpload): void {
  upload = answerWith;
}

/** A file upload as recordUploads keeps it. */
export interface RecordedUpload {
  url: string;
  name: string;
  type: string;
}

/** Answers every upload of the calling file's tests as the file host does (the given file id,
 *  the content type — the uploaded one unless given — and the size) and records it; the list
 *  is emptied before each test. Call it at the top of a test file. */
export function recordUploads(id: string, contentType?: string): RecordedUpload[] {
  const uploads: RecordedUpload[] = [];
  beforeEach(() => {
    uploads.length = 0;
    fakeUploads(async (url: string, content: File, type: string) => {
      uploads.push({ url, name: content.name, type });
      return { id, content_type: contentType ?? type, size: content.size };
    });
  });
  return uploads;
}

/** After each test (setup.ts): no answers, no calls, and the mocks as fakeMutator made them. */
export function resetFakeApi(): void {
  routes = {};
  upload = undefined;
  made.length = 0;
  apiRequest.mockReset();
  uploadToSignedUrl.mockReset();
}

/** The calls made since fakeApi, in order; with a path, only those to it. */
export function calls(url?: string): FakeRequest[] {
  return url === undefined ? [...made] : made.filter((c) => c.url === url);
}

/** A failure as the mutator gives it (the real ApiError). */
export function apiError(status: number, message: string, body?: unknown): Mutator.ApiError {
  if (!ApiErrorClass)
    throw new Error('fake-api: @/api/mutator is not loaded yet (setup.ts mocks it)');
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
