import type { Dashboard } from '@balai/domain/contract';
import { dashboardPaths } from '@balai/domain/paths';
import useSWR from 'swr';
import { stripApi } from '../lib/paths.ts';

/** `GET /api/dashboard` (administrators; contract: dashboard.ts): figures up to a minute old. */
export function useDashboard() {
  const { data, error, isLoading, mutate } = useSWR<{ data: Dashboard }>(
    stripApi(dashboardPaths.dashboard),
  );
  return { dashboard: data?.data, error: error as unknown, isLoading, retry: () => void mutate() };
}
