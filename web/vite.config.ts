import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import type { Plugin as PostcssPlugin } from 'postcss';
import { defineConfig, type Rolldown } from 'vite';
import radixUnused from './radix-unused.json' with { type: 'json' };

const src = fileURLToPath(new URL('./src/', import.meta.url));

/**
 * The chunk of the signed-in shell: the layout and the dashboard home, and what they use besides
 * what the entry has. Every signed-in page loads the layout, so the pages under it share this
 * chunk. (So does the toaster, for an icon: a toast on the login page, where none is expected,
 * would load it too.)
 */
function shellChunk(): Rolldown.CodeSplittingGroup {
  let shell: Set<string> | undefined;
  // Through the app's own modules only: Rolldown adds the packages each uses, tree-shaken (a
  // package's index would otherwise seem to import all of its modules).
  const reach = (ctx: Rolldown.ChunkingContext, roots: string[]) => {
    const seen = new Set<string>();
    const stack = [...roots];
    while (stack.length > 0) {
      const id = stack.pop() as string;
      if (seen.has(id)) continue;
      seen.add(id);
      const imported = ctx.getModuleInfo(id)?.importedIds ?? [];
      stack.push(...imported.filter((dep) => dep.startsWith(src)));
    }
    return seen;
  };
  return {
    name: (id, ctx) => {
      shell ??= reach(ctx, [`${src}app/layouts/dashboard-layout.tsx`, `${src}app/home-route.tsx`]);
      return shell.has(id) ? 'shell' : null;
    },
  };
}

/**
 * Leaves out of Radix Themes' stylesheets what the app never uses (radix-unused.json): the
 * rules of the components it does not render (`.rt-Tooltip`, `.rt-TooltipContent`, …) and the
 * media blocks of the breakpoints its responsive props never name (`{ initial, sm, md, lg }`
 * only). That is a third of the CSS the browser parses and matches on every first load.
 * ESLint refuses these components and breakpoints (eslint.config.js): to use one, take it off
 * the list.
 */
function trimRadixThemesCss(): PostcssPlugin {
  const unused = new RegExp(`\\.rt-(${radixUnused.components.join('|')})(?![a-z])`);
  const media = new Set<string>(Object.values(radixUnused.breakpoints));
  return {
    postcssPlugin: 'trim-radix-themes-css',
    Once(root, { result }) {
      if (!result.opts.from?.includes('/node_modules/@radix-ui/themes/')) return;
      root.walkAtRules('media', (rule) => {
        if (media.has(rule.params)) rule.remove();
      });
      root.walkRules((rule) => {
        const kept = rule.selectors.filter((selector) => !unused.test(selector));
        if (kept.length === 0) rule.remove();
        else if (kept.length < rule.selectors.length) rule.selectors = kept;
      });
    },
  };
}

// `npm run dev` proxies the API to a local portald (override with PORTAL_API).
const apiTarget = process.env.PORTAL_API ?? 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  css: { postcss: { plugins: [trimRadixThemesCss()] } },
  server: {
    proxy: { '/api': { target: apiTarget, changeOrigin: false } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1024,
    // Two chunks for the two first loads (docs/benchmarks.md, issue 8) rather than the twenty
    // or so small shared chunks Rolldown would make, each a request of its own: the entry with
    // all that main.tsx loads (React, the router, the query client, Radix Themes, the login
    // page: the `$initial` modules), and the signed-in shell. The other pages keep Rolldown's
    // automatic chunks.
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [{ name: 'index', tags: ['$initial'], priority: 1 }, shellChunk()],
        },
      },
    },
  },
});
