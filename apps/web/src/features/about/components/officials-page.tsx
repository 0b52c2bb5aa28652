import { LoadState } from '../../../components/ui/load-state.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { useContentList, type Official } from '../../../lib/content.ts';
import { usePageMeta } from '../../../lib/page-meta.ts';
import { useSettings } from '../../../lib/settings.ts';

interface Level {
  heading: string;
  members: Official[];
}

/**
 * The officials by their `reports_to` chain: the head first, then everyone who reports to the
 * level above, and so on. Someone whose superior is missing joins the top level.
 */
export function groupByLevel(officials: Official[]): Level[] {
  const byId = new Map(officials.map((o) => [o.id, o]));
  const levelOf = new Map<number, number>();
  const depth = (o: Official, seen: Set<number> = new Set()): number => {
    const known = levelOf.get(o.id);
    if (known !== undefined) return known;
    const parent = o.reports_to === null ? undefined : byId.get(o.reports_to);
    const level = !parent || seen.has(parent.id) ? 0 : depth(parent, seen.add(o.id)) + 1;
    levelOf.set(o.id, level);
    return level;
  };
  const levels: Official[][] = [];
  for (const official of officials) (levels[depth(official)] ??= []).push(official);

  return levels.filter(Boolean).map((members, index) => {
    const [only] = members;
    if (members.length === 1 && only) return { heading: only.position_title, members };
    const bosses = [
      ...new Set(
        members
          .map((m) => (m.reports_to === null ? undefined : byId.get(m.reports_to)?.position_title))
          .filter((t): t is string => !!t),
      ),
    ];
    return {
      heading: index === 0 || bosses.length === 0 ? 'Pimpinan' : `Di bawah ${bosses.join(' dan ')}`,
      members,
    };
  });
}

/** Aparat Desa (/about/official): the organisation, level by level, with photos. */
export function OfficialsPage() {
  const { settings } = useSettings();
  const village = settings?.village_name;
  usePageMeta(
    'Aparat Desa',
    `Susunan organisasi dan aparat Pemerintah Desa${village ? ` ${village}` : ''}.`,
  );
  const { items, error, isLoading, retry } = useContentList<Official>('village-structures');
  const byId = new Map((items ?? []).map((o) => [o.id, o]));

  return (
    <>
      <PageHeader
        title="Aparat Desa"
        lead="Susunan organisasi pemerintah desa, dari kepala desa sampai kepala dusun."
      />
      <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6">
        <LoadState
          data={items}
          error={error}
          isLoading={isLoading}
          onRetry={retry}
          empty="Data aparat desa belum diisi."
        >
          {(officials) => (
            <ol>
              {groupByLevel(officials).map((level, index) => (
                <li key={index} aria-labelledby={`tingkat-${index}`}>
                  {index > 0 && (
                    <div aria-hidden="true" className="mx-auto h-8 w-px bg-slate-400" />
                  )}
                  <h2
                    id={`tingkat-${index}`}
                    className="text-center text-xl font-bold text-slate-900"
                  >
                    {level.heading}
                  </h2>
                  <ul className="mt-4 flex flex-wrap justify-center gap-4">
                    {level.members.map((official) => {
                      const boss =
                        official.reports_to === null ? undefined : byId.get(official.reports_to);
                      return (
                        <li
                          key={official.id}
                          className="w-[calc(50%-0.5rem)] overflow-hidden rounded-lg border border-slate-200 bg-white sm:w-52"
                        >
                          {official.photo_url ? (
                            <img
                              src={official.photo_url.thumb}
                              width={official.photo_url.thumb_width}
                              height={official.photo_url.thumb_height}
                              alt={`Foto ${official.name}`}
                              loading={index === 0 ? 'eager' : 'lazy'}
                              className="aspect-[4/5] w-full object-cover"
                            />
                          ) : (
                            <div aria-hidden="true" className="aspect-[4/5] w-full bg-slate-100" />
                          )}
                          <div className="p-3">
                            <p className="font-semibold text-slate-900">{official.name}</p>
                            <p className="text-sm font-medium text-brand-800">
                              {official.position_title}
                            </p>
                            {official.period && (
                              <p className="text-sm text-slate-700">
                                Masa jabatan {official.period}
                              </p>
                            )}
                            {boss && (
                              <p className="mt-1 text-sm text-slate-700">
                                Bertanggung jawab kepada {boss.position_title}
                              </p>
                            )}
                          </div>
                        </li>
                      );
                    })}
                  </ul>
                </li>
              ))}
            </ol>
          )}
        </LoadState>
      </div>
    </>
  );
}
