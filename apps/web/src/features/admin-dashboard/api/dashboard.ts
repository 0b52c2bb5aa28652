import useSWR from 'swr';
import { adminApiPaths } from '../../../lib/admin-paths.ts';

interface GenderRow {
  male: number;
  female: number;
  total: number;
}

/** `GET /api/dashboard` (administrators): see apps/server/src/routes/letters/dashboard.ts. */
export interface DashboardData {
  /** When the figures were computed; they may be up to a minute old. */
  as_of: string;
  /** How old the figures may be, in seconds. */
  max_age_seconds: number;
  residents: number;
  verified_residents: number;
  requests_by_status: { status: string; label: string; count: number }[];
  requests_total: number;
  issued_this_month: number;
  requests_per_month: {
    month: string;
    label: string;
    total: number;
    by_type: Record<string, number>;
  }[];
  median_processing_hours: number | null;
  /** The same median in whole minutes (what the page shows: "6 menit", "5 jam 30 menit"). */
  median_processing_minutes: number | null;
  busiest_types: { type: string; title: string; count: number }[];
  /** Requests waiting on the office (statuses in `statuses`), by age, and the oldest ten. */
  waiting: {
    statuses: { status: string; label: string }[];
    total: number;
    /** How many wait in each status: on the office (submitted, processing) or the signer. */
    by_status: Record<string, number>;
    by_age: {
      key: string;
      label: string;
      min_days: number;
      max_days: number | null;
      count: number;
      by_status: Record<string, number>;
    }[];
    oldest: {
      id: number;
      type: string;
      type_title: string;
      reference: string;
      applicant_name: string;
      status: string;
      status_label: string;
      created_at: string;
      age_days: number;
    }[];
  };
  population: {
    total: GenderRow;
    ages: ({ label: string; age_from: number; age_to: number | null } & GenderRow)[];
    jobs: ({ job: string } & GenderRow)[];
    religions: ({ religion: string } & GenderRow)[];
    infos: { label: string; value: string; unit: string | null }[];
  };
}

export function useDashboard() {
  const { data, error, isLoading, mutate } = useSWR<{ data: DashboardData }>(
    adminApiPaths.dashboard,
  );
  return { dashboard: data?.data, error: error as unknown, isLoading, retry: () => void mutate() };
}
