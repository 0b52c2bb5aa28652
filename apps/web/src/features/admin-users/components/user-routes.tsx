import { Navigate, useParams } from 'react-router';
import { paths } from '../../../lib/paths.ts';
import { UserFormPage } from './user-form-page.tsx';

export { UserListPage as UserListRoute } from './user-list-page.tsx';

/** `/admin/user/create`. */
export function UserCreateRoute() {
  return <UserFormPage />;
}

/** `/admin/user/{id}/edit`: a positive whole-number id, else /404. */
export function UserEditRoute() {
  const id = Number(useParams().id);
  if (!Number.isInteger(id) || id < 1) return <Navigate to={paths.notFound} replace />;
  return <UserFormPage key={id} id={id} />;
}
