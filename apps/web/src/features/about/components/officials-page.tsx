import { LoadState } from '../../../components/ui/load-state.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { useContentList, type Official } from '../../../lib/content.ts';
import { usePageMeta } from '../../../lib/page-meta.ts';
import { useSettings } from '../../../lib/settings.ts';

export interface OrgGroup {
  heading: string;
  /** Whom the members report to; null for the top. */
  boss: Official | null;
  members: Official[];
  /**
   * The group above is its boss alone, so a line joins them. Elsewhere no line is drawn: a line
   * from the middle of a row of several would point at whoever stands there (issue 25: the Kasi
   * Pelayanan seemed to lead the Kepala Dusun of the Kasi Pemerintahan).
   */
  joined: boolean;
}

/**
 * The officials by their `reports_to` tree: the head first, then, boss by boss in the order
 * they appear, a group of each one's direct reports. Someone whose superior is missing (or who
 * is in a loop) joins the top.
 */
export function groupByBoss(officials: Official[]): OrgGroup[] {
  const byId = new Map(officials.map((o) => [o.id, o]));
  // Attached: following reports_to reaches the top without a loop or a missing superior.
  const attached = new Map<number, boolean>();
  const isAttached = (o: Official, seen: Set<number> = new Set()): boolean => {
    const known = attached.get(o.id);
    if (known !== undefined) return known;
    const parent = o.reports_to === null ? undefined : byId.get(o.reports_to);
    const result =
      o.reports_to === null ||
      (!!parent && !seen.has(parent.id) && isAttached(parent, seen.add(o.id)));
    attached.set(o.id, result);
    return result;
  };
  const top = officials.filter((o) => o.reports_to === null || !isAttached(o));
  const reports = new Map<number, Official[]>();
  for (const o of officials) {
    if (o.reports_to === null || !isAttached(o)) continue;
    const list = reports.get(o.reports_to) ?? [];
    list.push(o);
    reports.set(o.reports_to, list);
  }

  const groups: OrgGroup[] = [];
  if (top.length === 0) return groups;
  groups.push({
    heading: top.length === 1 ? top[0]!.position_title : 'Pimpinan',
    boss: null,
    members: top,
    joined: false,
  });
  for (let i = 0; i < groups.length; i++) {
    for (const boss of groups[i]!.members) {
      const members = reports.get(boss.id);
      if (!members) continue;
      const above = groups[groups.length - 1]!;
      groups.push({
        heading:
          members.length === 1 ? members[0]!.position_title : `Di bawah ${boss.position_title}`,
        boss,
        members,
        joined: above.members.length === 1 && above.members[0] === boss,
      });
    }
  }
  return groups;
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
              {groupByBoss(officials).map((level, index) => (
                <li
                  key={index}
                  aria-labelledby={`tingkat-${index}`}
                  data-joined={level.joined}
                  className={index > 0 && !level.joined ? 'mt-10' : undefined}
                >
                  {level.joined && (
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
