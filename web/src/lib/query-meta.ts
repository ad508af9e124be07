import '@tanstack/react-query';

/** What a query or mutation tells the one place that toasts failures (app/query-client.ts). */
export interface RequestMeta extends Record<string, unknown> {
  /** false: the screen shows the failure itself (an error page or an inline panel). */
  toast?: boolean;
  /** true: a 422 is shown next to the form's fields, so it is not toasted. */
  inlineValidation?: boolean;
}

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: RequestMeta;
    mutationMeta: RequestMeta;
  }
}

/** The options of a query whose screen shows its failure itself (not toasted). */
export const QUIET_QUERY = { meta: { toast: false } } satisfies { meta: RequestMeta };
