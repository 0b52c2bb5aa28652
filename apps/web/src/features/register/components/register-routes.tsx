import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes, useParams } from 'react-router';
import { LoadingBlock } from '../../../components/ui/load-state.tsx';
import { paths } from '../../../lib/paths.ts';

/**
 * `/admin/register/*`: the population register's screens (issue 24), the Kependudukan group of
 * the sidebar. One route in the admin table leads here, so the register adds nothing to the
 * first load nor to the admin's route table; each screen is a chunk of its own.
 */
const PersonListPage = lazy(() => import('./person-list-page.tsx'));
const PersonDetailPage = lazy(() => import('./person-detail-page.tsx'));
const PersonEditPage = lazy(() => import('./person-edit-page.tsx'));
const FamilyListPage = lazy(() => import('./family-list-page.tsx'));
const FamilyPage = lazy(() => import('./family-page.tsx'));
const AreasPage = lazy(() => import('./areas-page.tsx'));
const ImportPage = lazy(() => import('./import-page.tsx'));
const EventsPage = lazy(() => import('./events-page.tsx'));
const MonthlyReportPage = lazy(() => import('./monthly-report-page.tsx'));

/** A positive whole-number id from the address, else null (the page goes to /404). */
function useId(): number | null {
  const raw = useParams().id ?? '';
  return /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : null;
}

function WithId({ children }: { children: (id: number) => React.ReactNode }) {
  const id = useId();
  return id === null ? <Navigate to={paths.notFound} replace /> : <>{children(id)}</>;
}

export function RegisterRoutes() {
  return (
    <Suspense fallback={<LoadingBlock />}>
      <Routes>
        <Route index element={<Navigate to="persons" replace />} />
        <Route path="persons" element={<PersonListPage />} />
        <Route
          path="persons/:id"
          element={<WithId>{(id) => <PersonDetailPage key={id} id={id} />}</WithId>}
        />
        <Route
          path="persons/:id/edit"
          element={<WithId>{(id) => <PersonEditPage key={id} id={id} />}</WithId>}
        />
        <Route path="families" element={<FamilyListPage />} />
        <Route
          path="families/:id"
          element={<WithId>{(id) => <FamilyPage key={id} id={id} />}</WithId>}
        />
        <Route path="areas" element={<AreasPage />} />
        <Route path="import" element={<ImportPage />} />
        <Route path="events" element={<EventsPage />} />
        <Route path="report" element={<MonthlyReportPage />} />
        <Route path="*" element={<Navigate to={paths.notFound} replace />} />
      </Routes>
    </Suspense>
  );
}
