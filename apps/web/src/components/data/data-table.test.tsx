import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useListParams } from '../../lib/use-list-params.ts';
import { DataTable, type DataColumn } from './data-table.tsx';

interface Official {
  id: number;
  name: string;
  position_title: string;
  position: number;
}

const ROWS: Official[] = [
  { id: 1, name: 'Ahmad', position_title: 'Kepala Desa', position: 1 },
  { id: 2, name: 'Budi', position_title: 'Sekretaris Desa', position: 2 },
];

const COLUMNS: DataColumn<Official>[] = [
  { key: 'name', header: 'Nama', cell: (r) => r.name, sortable: true, rowHeader: true },
  { key: 'position_title', header: 'Jabatan', cell: (r) => r.position_title },
  { key: 'position', header: 'Urutan', cell: (r) => r.position, sortable: true, numeric: true },
];

/** A list page the way the admin builds one: rows sorted as the address says. */
function OfficialList({ rows = ROWS }: { rows?: Official[] }) {
  const list = useListParams({ sort: 'position', sortFields: ['name', 'position'] });
  const sorted = [...rows].sort((a, b) => {
    const field = list.sortState!.field as 'name' | 'position';
    const order = a[field] < b[field] ? -1 : a[field] > b[field] ? 1 : 0;
    return list.sortState!.direction === 'asc' ? order : -order;
  });
  return (
    <DataTable
      caption="Aparat Desa"
      columns={COLUMNS}
      rows={sorted}
      rowKey={(r) => r.id}
      sort={list.sortState}
      sortHref={(sort) => list.hrefFor({ sort })}
      empty={<p>Belum ada aparat desa. Buat yang pertama.</p>}
      actions={(r) => <a href={`/admin/about-official/${r.id}/edit`}>Ubah {r.name}</a>}
    />
  );
}

function renderList(path = '/admin/about-official', rows?: Official[]) {
  const router = createMemoryRouter(
    [{ path: '/admin/about-official', element: <OfficialList rows={rows} /> }],
    { initialEntries: [path] },
  );
  const user = userEvent.setup();
  render(<RouterProvider router={router} />);
  return { router, user };
}

const names = () =>
  within(screen.getByRole('table'))
    .getAllByRole('rowheader')
    .map((c) => c.textContent);

describe('DataTable', () => {
  it('has a caption, headers from the columns, row headers and an actions column', () => {
    renderList();
    const table = screen.getByRole('table', { name: 'Aparat Desa' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Nama⇅', 'Jabatan', 'Urutan▲', 'Aksi']);
    expect(names()).toEqual(['Ahmad', 'Budi']);
    expect(screen.getByRole('link', { name: 'Ubah Budi' })).toBeInTheDocument();
    expect(within(table).getByRole('cell', { name: '2' })).toHaveClass('text-right');
  });

  it('sorts through the address: the header links, aria-sort follows', async () => {
    const { router, user } = renderList();
    const header = (name: string) =>
      screen.getAllByRole('columnheader').find((h) => h.textContent?.startsWith(name))!;
    expect(header('Urutan')).toHaveAttribute('aria-sort', 'ascending');
    expect(header('Nama')).toHaveAttribute('aria-sort', 'none');
    expect(header('Jabatan')).not.toHaveAttribute('aria-sort');

    await user.click(within(header('Nama')).getByRole('link', { name: /Nama/ }));
    expect(router.state.location.search).toBe('?sort=name');
    expect(header('Nama')).toHaveAttribute('aria-sort', 'ascending');
    expect(header('Urutan')).toHaveAttribute('aria-sort', 'none');

    await user.click(within(header('Nama')).getByRole('link', { name: /Nama/ }));
    expect(router.state.location.search).toBe('?sort=-name');
    expect(header('Nama')).toHaveAttribute('aria-sort', 'descending');
    expect(names()).toEqual(['Budi', 'Ahmad']);

    // Back to the list's own order: the address is plain again.
    await user.click(within(header('Urutan')).getByRole('link', { name: /Urutan/ }));
    expect(router.state.location.search).toBe('');
    expect(names()).toEqual(['Ahmad', 'Budi']);
  });

  it('starts from the order in the address (a bookmarked list)', () => {
    renderList('/admin/about-official?sort=-position&page=2');
    expect(names()).toEqual(['Budi', 'Ahmad']);
    // Choosing another order starts at page 1.
    expect(screen.getByRole('link', { name: /Nama/ })).toHaveAttribute(
      'href',
      '/admin/about-official?sort=name',
    );
  });

  it('scrolls sideways inside a labelled region that takes focus (375 px)', async () => {
    const { user } = renderList();
    const region = screen.getByRole('region', { name: 'Aparat Desa' });
    expect(region).toHaveClass('overflow-x-auto');
    await user.tab();
    expect(region).toHaveFocus();
  });

  it('shows the empty state instead of an empty table', () => {
    renderList('/admin/about-official', []);
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getByText('Belum ada aparat desa. Buat yang pertama.')).toBeInTheDocument();
  });
});
