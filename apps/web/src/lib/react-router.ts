/**
 * What the app's `import … from 'react-router'` resolves to (vite.config.ts, `slimRouterLinks`):
 * React Router itself, with this app's smaller `Link` and `NavLink` (router-links.tsx). The
 * explicit exports take precedence over the `export *`, so React Router's own are left out of
 * the bundle. Imports in this folder's two files reach React Router itself.
 */
export * from 'react-router';
export { Link, NavLink } from './router-links.tsx';
