import { Navigate, useParams } from 'react-router';
import { ResourceFormPage } from '../../features/admin-content/components/resource-form-page.tsx';
import { ResourceListPage } from '../../features/admin-content/components/resource-list-page.tsx';
import { DeskDetailPage } from '../../features/letter-desk/components/desk-detail-page.tsx';
import { AttachmentList } from '../../features/letters/components/attachment-list.tsx';
import {
  DeskCreatePage,
  DeskEditPage,
} from '../../features/letter-desk/components/desk-form-pages.tsx';
import { DeskListPage } from '../../features/letter-desk/components/desk-list-page.tsx';
import {
  CHART_RESOURCE_KEYS,
  RegisterChartNotice,
} from '../../features/register/components/register-chart-notice.tsx';
import { paths } from '../../lib/paths.ts';
import { resolveGroup } from './resolve-group.ts';

/** The slug of the cross-type queue: `/admin/service`. */
const ALL_DESKS = 'service';

/**
 * `/admin/{group}`: the group's list, or /404 for a slug no registry knows. `/admin/service` is
 * the letter desks' cross-type queue ("Semua Layanan"); it is answered here rather than by a
 * route of its own, which would sit in the first load's route table.
 */
export function GroupListRoute() {
  const slug = useParams().group;
  if (slug === ALL_DESKS) return <DeskListPage key="all" />;
  const group = resolveGroup(slug);
  if (!group) return <Navigate to={paths.notFound} replace />;
  if (group.kind === 'desk') return <DeskListPage key={group.type.code} type={group.type} />;
  return (
    <>
      {CHART_RESOURCE_KEYS.includes(group.resource.key) && <RegisterChartNotice />}
      <ResourceListPage key={group.resource.key} resource={group.resource} />
    </>
  );
}

/** `/admin/{group}/create`. */
export function GroupCreateRoute() {
  const group = resolveGroup(useParams().group);
  if (!group) return <Navigate to={paths.notFound} replace />;
  if (group.kind === 'desk') return <DeskCreatePage key={group.type.code} type={group.type} />;
  return <ResourceFormPage key={group.resource.key} resource={group.resource} />;
}

/** `/admin/{group}/{id}/edit`: a positive whole-number id, else /404. */
export function GroupEditRoute() {
  const params = useParams();
  const group = resolveGroup(params.group);
  const id = Number(params.id);
  if (!group || !Number.isInteger(id) || id < 1) return <Navigate to={paths.notFound} replace />;
  if (group.kind === 'desk') {
    return <DeskEditPage key={`${group.type.code}-${id}`} type={group.type} id={id} />;
  }
  return <ResourceFormPage key={`${group.resource.key}-${id}`} resource={group.resource} id={id} />;
}

/** `/admin/{group}/{id}`: a letter desk's review page; content groups have none (/404). */
export function GroupDetailRoute() {
  const params = useParams();
  const group = resolveGroup(params.group);
  const id = Number(params.id);
  if (group?.kind !== 'desk' || !/^[1-9]\d{0,9}$/.test(params.id ?? '')) {
    return <Navigate to={paths.notFound} replace />;
  }
  return (
    <DeskDetailPage
      key={`${group.type.code}-${id}`}
      type={group.type}
      id={id}
      renderAttachments={(request) => <AttachmentList attachments={request.attachments ?? []} />}
    />
  );
}
