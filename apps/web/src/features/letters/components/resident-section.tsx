import { letterTypeByCode } from '@balai/domain';
import { useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { Pagination } from '../../../components/ui/pagination.tsx';
import { EmptyBlock, ErrorBlock, LoadingBlock } from '../../../components/ui/load-state.tsx';
import { useAuth } from '../../../lib/auth/auth-context.ts';
import { useProfile } from '../../../lib/profile.ts';
import { RequestList } from './request-list.tsx';
import { RequestCheck, RequestForm } from './request-flow.tsx';
import { useOwnRequests } from '../../../api/letters.ts';

/**
 * The signed-in part of /service/{type}: the request form with the applicant block from the
 * profile, and below it the resident's own requests of this type; at /service/{type}/periksa
 * (`step="check"`) the answers to check and send. Loaded only once signed in, so the public
 * page stays small.
 */
export function ResidentSection({
  code,
  step = 'form',
}: {
  code: string;
  step?: 'form' | 'check';
}) {
  const type = letterTypeByCode(code);
  const { isAdmin } = useAuth();
  const { profile, error, isLoading, mutate } = useProfile();
  if (!type) return null;
  if (isAdmin) {
    return (
      <div className="mt-8">
        <h2 className="text-2xl font-bold text-slate-900">Ajukan surat</h2>
        <p className="mt-2 text-lg text-slate-800">
          Anda masuk sebagai administrator. Permohonan atas nama warga dibuat dari halaman admin.
        </p>
        <Button href={`/admin/service-${type.code}/create`} className="mt-4">
          Buat permohonan di halaman admin
        </Button>
      </div>
    );
  }
  return (
    <>
      {error && !profile ? (
        <div className="mt-8">
          <ErrorBlock error={error} onRetry={() => void mutate()} />
        </div>
      ) : isLoading || !profile ? (
        <LoadingBlock />
      ) : step === 'check' ? (
        <RequestCheck type={type} profile={profile} />
      ) : (
        <RequestForm type={type} profile={profile} />
      )}
      {step === 'form' && <OwnRequests code={type.code} />}
    </>
  );
}

function OwnRequests({ code }: { code: string }) {
  const type = letterTypeByCode(code)!;
  const [params] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const { page: result, error, isLoading, retry } = useOwnRequests(type, page);
  return (
    <section aria-labelledby="permohonan-saya" className="mt-12">
      <h2 id="permohonan-saya" className="text-2xl font-bold text-slate-900">
        Permohonan saya
      </h2>
      <div className="mt-4">
        {error && !result ? (
          <ErrorBlock error={error} onRetry={retry} />
        ) : isLoading || !result ? (
          <LoadingBlock />
        ) : result.data.length === 0 ? (
          <EmptyBlock>Anda belum pernah mengajukan surat ini.</EmptyBlock>
        ) : (
          <>
            <RequestList requests={result.data} />
            <Pagination
              page={result.meta.page}
              lastPage={result.meta.last_page}
              hrefFor={(p) => (p > 1 ? `?page=${p}` : '?')}
              label="Halaman permohonan saya"
            />
          </>
        )}
      </div>
    </section>
  );
}
