import { fillPath, type PathValue } from '@balai/domain/paths';
import { stripApi } from '../lib/paths.ts';

/**
 * A contract route pattern (`@balai/domain/paths`, e.g. `/api/users/detail/:id`) filled in and
 * made relative to the HTTP client's base (`/api`): how the API modules address the server.
 */
export const apiPath = (pattern: string, values: Record<string, PathValue> = {}) =>
  stripApi(fillPath(pattern, values));
