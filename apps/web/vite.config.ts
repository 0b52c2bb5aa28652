import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig, runnerImport, type Plugin, type Rollup } from 'vite';
import type * as RouteData from './src/app/route-data.ts';
import type * as SwrConfig from './src/lib/swr-config.ts';

const api = 'http://localhost:3000';

/**
 * React Router's package points every export condition at its development build. The production
 * build is the same code with its development warnings switched off (`ENABLE_DEV_WARNINGS`), so
 * the minifier drops them: 0.5 KiB gzip less in the first load.
 */
const reactRouterProduction = (file: string) =>
  path.join(
    path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
    'dist/production',
    file,
  );

/**
 * React Router ships `var Form = React.forwardRef(…); Form.displayName = "Form";` without a
 * `@__PURE__` mark, so the bundler must keep `<Form>` and everything it uses (useSubmit, form
 * data encoding…) although nothing here renders it. Marking the `forwardRef` calls pure and
 * leaving out the `displayName` assignments (names for React DevTools) lets tree-shaking drop
 * what is unused: 1.3 KiB gzip less in the first load. Build only.
 */
function reactRouterTreeShaking(): Plugin {
  return {
    name: 'balai:react-router-tree-shaking',
    apply: 'build',
    transform(code, id) {
      if (!/[\\/]react-router[\\/]dist[\\/]/.test(id)) return null;
      return {
        code: code
          .replace(/= (React\d*)\.forwardRef\(/g, '= /* @__PURE__ */ $1.forwardRef(')
          .replace(/^[A-Za-z_$][\w$]*\.displayName = "[^"\n]*";$/gm, ''),
        map: null,
      };
    },
  };
}

/**
 * The app's `import … from 'react-router'` goes to src/lib/react-router.ts (React Router with
 * this app's smaller Link and NavLink, src/lib/router-links.tsx: 2 KiB gzip less in the first
 * load); those two files reach React Router itself (its production build when building). Used by
 * the build and the unit tests (vitest.config.ts), so both run the same links.
 */
export function slimRouterLinks(): Plugin {
  const shim = fileURLToPath(new URL('./src/lib/react-router.ts', import.meta.url));
  const links = fileURLToPath(new URL('./src/lib/router-links.tsx', import.meta.url));
  let build = false;
  return {
    name: 'balai:slim-router-links',
    enforce: 'pre',
    configResolved(config) {
      build = config.command === 'build';
    },
    async resolveId(source, importer, options) {
      if (source !== 'react-router') return null;
      const file = importer?.split('?', 1)[0];
      if (file !== shim && file !== links) return shim;
      if (build) return reactRouterProduction('index.mjs');
      return this.resolve(source, importer, { ...options, skipSelf: true });
    },
  };
}

/**
 * Writes `route-preloads.json` beside index.html: for each public page of `route-data.ts`, the
 * chunks its lazy route and the layout (`LAYOUT_MODULES`) need beyond what index.html loads,
 * and the addresses of its data. The server turns them into `<link rel="modulepreload">` and
 * `<link rel="preload" as="fetch">` in the HTML of a deep link (apps/server/src/plugins/web.ts).
 * route-data.ts and swr-config.ts are loaded through Vite's module runner, not imported by this
 * file: they reach the domain's TypeScript (`@balai/domain/paths`), which Node cannot load, and
 * the config file itself is bundled for Node (ADR 0031).
 */
function routePreloads(): Plugin {
  let base = '/';
  return {
    name: 'balai:route-preloads',
    // The browser build only (not the server's render, `build:ssr`).
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved(config) {
      base = config.base;
    },
    async generateBundle(_options, bundle) {
      const load = async <T>(file: string) =>
        (await runnerImport<T>(fileURLToPath(new URL(file, import.meta.url)))).module;
      const { LAYOUT_DATA, LAYOUT_MODULES, PAGE_PRELOADS } =
        await load<typeof RouteData>('./src/app/route-data.ts');
      const { isPrivateKey, keyUrl } = await load<typeof SwrConfig>('./src/lib/swr-config.ts');
      const chunks = Object.values(bundle).filter(
        (c): c is Rollup.OutputChunk => c.type === 'chunk',
      );
      const withImports = (fileName: string, into = new Set<string>()) => {
        if (into.has(fileName)) return into;
        into.add(fileName);
        const chunk = bundle[fileName];
        if (chunk?.type === 'chunk') for (const i of chunk.imports) withImports(i, into);
        return into;
      };
      const initial = new Set<string>();
      for (const entry of chunks.filter((c) => c.isEntry)) withImports(entry.fileName, initial);

      const routes = PAGE_PRELOADS.map((page) => {
        const modules: string[] = [];
        for (const module of [...(page.module ? [page.module] : []), ...LAYOUT_MODULES]) {
          const id = fileURLToPath(new URL(`./src/${module}`, import.meta.url));
          const chunk = chunks.find((c) => c.moduleIds.includes(id));
          if (!chunk) this.error(`route-preloads: ${page.path}: no chunk holds ${module}`);
          for (const file of withImports(chunk.fileName)) {
            if (!initial.has(file) && !modules.includes(base + file)) modules.push(base + file);
          }
        }
        const keys = [...LAYOUT_DATA, ...page.data];
        const personal = keys.filter(isPrivateKey);
        if (personal.length > 0) {
          this.error(`route-preloads: ${page.path}: not public data: ${personal.map(keyUrl)}`);
        }
        return { path: page.path, modules, data: keys.map(keyUrl) };
      });
      this.emitFile({
        type: 'asset',
        fileName: 'route-preloads.json',
        source: `${JSON.stringify({ routes }, null, 2)}\n`,
      });
    },
  };
}

export default defineConfig(({ command }) => ({
  plugins: [slimRouterLinks(), react(), tailwindcss(), reactRouterTreeShaking(), routePreloads()],
  resolve:
    command === 'build'
      ? {
          alias: [
            { find: /^react-router\/dom$/, replacement: reactRouterProduction('dom-export.mjs') },
            // React 19 has useSyncExternalStore: the CommonJS shim SWR and the editor import is
            // left out (it would be a chunk of its own in the first load).
            { find: /^use-sync-external-store\/shim(\/index\.js)?$/, replacement: 'react' },
          ],
        }
      : {},
  // The server's render of the public pages (`vite build --ssr src/entry-server.tsx`, ADR 0025):
  // the domain package is TypeScript source, so it is bundled; other packages come from
  // node_modules at run time.
  ssr: { noExternal: ['@balai/domain'] },
  server: {
    port: 5173,
    proxy: {
      '/api': api,
      '/files': api,
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Small modern targets keep the first load small on cheap phones.
    target: 'es2022',
    assetsInlineLimit: 0,
    // Every browser this build targets preloads modules itself: no polyfill (0.2 KiB gzip).
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        // React and React Router in one chunk of the first load, as every page needs both. Left
        // to itself the bundler splits React (with its JSX runtime) into a chunk of its own once
        // enough lazy chunks use React without the router: one more request and ~0.5 KiB more.
        codeSplitting: {
          groups: [
            {
              name: 'react',
              // With the app's React Router entry (src/lib/react-router.ts, router-links.tsx),
              // which would otherwise be a tiny chunk of its own in the first load.
              test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]|[\\/]src[\\/]lib[\\/](react-router\.ts|router-links\.tsx)$/,
            },
          ],
        },
      },
    },
  },
}));
