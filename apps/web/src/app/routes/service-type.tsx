import { lazy, Suspense } from 'react';
import { useLocation } from 'react-router';
import { LoadingBlock } from '../../components/ui/load-state.tsx';
import { ServiceTypePage } from '../../features/service/components/service-type-page.tsx';

// The form, the profile and the resident's own list load only for a signed-in visitor.
const ResidentSection = lazy(async () => ({
  default: (await import('../../features/letters/components/resident-section.tsx')).ResidentSection,
}));

/**
 * /service/{type}: the public service page (features/service) with, for a signed-in resident,
 * the request form and their own requests (features/letters) composed in; /service/{type}/periksa
 * (`step="check"`; signed out, the page's way to sign in) the answers to check and send.
 */
export function ServiceTypeRoute() {
  const step = useLocation().pathname.endsWith('/periksa') ? 'check' : 'form';
  return (
    <ServiceTypePage
      step={step}
      signedIn={(code) => (
        <Suspense fallback={<LoadingBlock />}>
          <ResidentSection code={code} step={step} />
        </Suspense>
      )}
    />
  );
}
