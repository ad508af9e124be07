import { describe, expect, it } from 'vitest';
import { ApiError } from '@/api/mutator';
import { describeRouteError } from './route-error';

describe('describeRouteError', () => {
  it('gives the status code and message of an API failure', () => {
    expect(describeRouteError(new ApiError(404, 'Client not found'))).toEqual({
      status: 404,
      message: 'Client not found',
    });
  });

  it("falls back to 'Something went wrong'", () => {
    expect(describeRouteError(new Error('boom'))).toEqual({ message: 'Something went wrong' });
    expect(describeRouteError(undefined)).toEqual({ message: 'Something went wrong' });
    expect(describeRouteError(new ApiError(0, 'The server cannot be reached.'))).toEqual({
      message: 'Something went wrong',
    });
  });
});
