import { defineConfig } from 'orval';

// Generated from ../openapi.yaml. Run `npm run generate`; never edit src/api/gen by hand.
export default defineConfig({
  portal: {
    input: { target: '../openapi.yaml' },
    output: {
      mode: 'tags-split',
      target: 'src/api/gen/endpoints',
      schemas: 'src/api/gen/model',
      client: 'react-query',
      httpClient: 'axios',
      clean: true,
      override: {
        mutator: { path: 'src/api/mutator.ts', name: 'apiRequest' },
      },
    },
  },
  portalZod: {
    input: { target: '../openapi.yaml' },
    output: {
      mode: 'tags-split',
      target: 'src/api/gen/zod',
      client: 'zod',
      fileExtension: '.zod.ts',
      clean: true,
    },
  },
});
