import { lazy, Suspense } from 'react';
import { LoadingBlock } from '../../components/ui/load-state.tsx';
import { ServiceTypePage } from '../../features/service/components/service-type-page.tsx';

// The form, the profile and the resident's own list load only for a signed-in visitor.
const ResidentSection = lazy(async () => ({
  default: (await import('../../features/letters/components/resident-section.tsx')).ResidentSection,
}));

/**
 * /service/{type}: the public service page (features/service) with, for a signed-in resident,
 * the request form and their own requests (features/letters) composed in.
 */
export function ServiceTypeRoute() {
  return (
    <ServiceTypePage
      signedIn={(code) => (
        <Suspense fallback={<LoadingBlock />}>
          <ResidentSection code={code} />
        </Suspense>
      )}
    />
  );
}
