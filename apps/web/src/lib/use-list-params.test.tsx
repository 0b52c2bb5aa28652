import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, Link, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import {
  applyListChange,
  nextSort,
  parseSort,
  readListParams,
  useListParams,
  writeListParams,
  type ListParams,
  type ListParamsOptions,
} from './use-list-params.ts';

const OPTIONS: ListParamsOptions = {
  sort: '-created_at',
  sortFields: ['created_at', 'name', 'email'],
  filters: ['role', 'active', 'verified'],
};
const DEFAULT: ListParams = { page: 1, perPage: 15, sort: '-created_at', search: '', filters: {} };

const read = (query: string, options = OPTIONS) =>
  readListParams(new URLSearchParams(query), options);
const write = (state: ListParams, options = OPTIONS) => writeListParams(state, options).toString();

describe('list state in the address', () => {
  it.each<[string, ListParams]>([
    ['', DEFAULT],
    ['page=3', { ...DEFAULT, page: 3 }],
    ['per_page=50', { ...DEFAULT, perPage: 50 }],
    ['sort=name', { ...DEFAULT, sort: 'name' }],
    ['sort=-email', { ...DEFAULT, sort: '-email' }],
    ['search=siti+aminah', { ...DEFAULT, search: 'siti aminah' }],
    ['role=WARGA&verified=true', { ...DEFAULT, filters: { role: 'WARGA', verified: 'true' } }],
    [
      'search=budi&active=false&sort=name&per_page=25&page=2',
      { page: 2, perPage: 25, sort: 'name', search: 'budi', filters: { active: 'false' } },
    ],
  ])('"%s" round-trips', (query, state) => {
    expect(read(query)).toEqual(state);
    expect(write(state)).toBe(query);
    expect(read(write(state))).toEqual(state);
  });

  it('leaves the defaults out of the address', () => {
    expect(write(DEFAULT)).toBe('');
    expect(write({ ...DEFAULT, sort: '-created_at', page: 1, perPage: 15 })).toBe('');
    // A list without an order of its own: no sort is the default.
    expect(writeListParams({ ...DEFAULT, sort: '' }, {}).toString()).toBe('');
  });

  it('reads what is missing or wrong as the default', () => {
    expect(read('page=0&per_page=-5&sort=password&role=')).toEqual(DEFAULT);
    expect(read('page=abc&per_page=1e3')).toEqual(DEFAULT);
    expect(read('per_page=500').perPage).toBe(100); // the API's largest page
    expect(read('colour=red')).toEqual(DEFAULT); // not a filter of this list
  });

  it('keeps parameters that are not the list’s', () => {
    const base = new URLSearchParams('tab=arsip&page=4');
    expect(writeListParams({ ...DEFAULT, page: 2 }, OPTIONS, base).toString()).toBe(
      'tab=arsip&page=2',
    );
  });

  it('starts again at page 1 on a new search, filter, order or page size', () => {
    const on5 = { ...DEFAULT, page: 5 };
    expect(applyListChange(on5, { search: 'siti' }).page).toBe(1);
    expect(applyListChange(on5, { filters: { role: 'WARGA' } })).toMatchObject({
      page: 1,
      filters: { role: 'WARGA' },
    });
    expect(applyListChange(on5, { sort: { field: 'name', direction: 'desc' } })).toMatchObject({
      page: 1,
      sort: '-name',
    });
    expect(applyListChange(on5, { perPage: 50 }).page).toBe(1);
    // The same value again is no change, and a page is a page.
    expect(applyListChange(on5, { search: '', sort: '-created_at' }).page).toBe(5);
    expect(applyListChange(on5, { page: 6 }).page).toBe(6);
    expect(
      applyListChange({ ...DEFAULT, filters: { role: 'WARGA' } }, { filters: { role: null } })
        .filters,
    ).toEqual({});
  });

  it('sort: parsed, and the next order of a header ascending first', () => {
    expect(parseSort('-created_at')).toEqual({ field: 'created_at', direction: 'desc' });
    expect(parseSort('name')).toEqual({ field: 'name', direction: 'asc' });
    expect(parseSort('')).toBeNull();
    expect(nextSort(null, 'name')).toEqual({ field: 'name', direction: 'asc' });
    expect(nextSort({ field: 'name', direction: 'asc' }, 'name')).toEqual({
      field: 'name',
      direction: 'desc',
    });
    expect(nextSort({ field: 'name', direction: 'desc' }, 'name')).toEqual({
      field: 'name',
      direction: 'asc',
    });
    expect(nextSort({ field: 'name', direction: 'asc' }, 'email')).toEqual({
      field: 'email',
      direction: 'asc',
    });
  });
});

function UserList() {
  const list = useListParams(OPTIONS);
  return (
    <>
      <output aria-label="query">{JSON.stringify(list.query)}</output>
      <Link to={list.hrefFor({ page: list.page + 1 })}>Berikutnya</Link>
      <button onClick={() => list.update({ search: 'siti' })}>Cari</button>
      <button onClick={() => list.update({ filters: { role: 'WARGA' } }, { replace: true })}>
        Warga
      </button>
      <button onClick={() => list.update({ sort: null, filters: { role: null } })}>Reset</button>
    </>
  );
}

describe('useListParams', () => {
  it('reads the address, links to a change, navigates on one, defaults left out', async () => {
    const router = createMemoryRouter([{ path: '/admin/user', element: <UserList /> }], {
      initialEntries: ['/admin/user?sort=name&page=2'],
    });
    const user = userEvent.setup();
    render(<RouterProvider router={router} />);
    const query = () => JSON.parse(screen.getByLabelText('query').textContent!) as unknown;
    expect(query()).toEqual({ page: 2, per_page: 15, sort: 'name' });
    expect(screen.getByRole('link', { name: 'Berikutnya' })).toHaveAttribute(
      'href',
      '/admin/user?sort=name&page=3',
    );

    await user.click(screen.getByRole('button', { name: 'Cari' }));
    expect(router.state.location.search).toBe('?search=siti&sort=name');
    expect(query()).toEqual({ page: 1, per_page: 15, sort: 'name', search: 'siti' });

    await user.click(screen.getByRole('button', { name: 'Warga' }));
    expect(router.state.location.search).toBe('?search=siti&role=WARGA&sort=name');
    expect(router.state.historyAction).toBe('REPLACE');

    await user.click(screen.getByRole('button', { name: 'Reset' }));
    expect(router.state.location.search).toBe('?search=siti');
    expect(query()).toEqual({ page: 1, per_page: 15, sort: '-created_at', search: 'siti' });

    await act(() => router.navigate(-1));
    expect(router.state.location.search).toBe('?search=siti&role=WARGA&sort=name');
  });
});
