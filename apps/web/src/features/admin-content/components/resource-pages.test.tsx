import { CONTENT_RESOURCES, type ContentResource } from '@balai/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { CONTENT_EXAMPLES } from '../../../../../../packages/domain/src/testing/content-examples.ts';
import { createFakeServer } from '../../../testing/fake-server.ts';
import { renderApp } from '../../../testing/render-app.tsx';
import { ADMIN, seedSession } from '../../../testing/session.ts';

/** A stored record as the API returns it, from the domain's example. */
function record(resource: ContentResource, id = 5) {
  const example = CONTENT_EXAMPLES[resource.key]!;
  const row: Record<string, unknown> = {
    id,
    created_at: '2026-11-01T00:00:00Z',
    updated_at: '2026-11-01T00:00:00Z',
  };
  for (const f of resource.fields) {
    const v = example[f.name];
    row[f.name] =
      f.kind === 'number' || f.kind === 'image' || f.kind === 'reference'
        ? v == null
          ? null
          : Number(v)
        : (v ?? null);
    if (f.kind === 'image') {
      row[`${f.name}_url`] = {
        original: `/files/${row[f.name]}`,
        thumb: `/files/${row[f.name]}/thumb`,
        width: 800,
        height: 600,
        thumb_width: 400,
        thumb_height: 300,
      };
    }
  }
  return row;
}

function server(resource: ContentResource) {
  const row = record(resource);
  return createFakeServer({
    [`GET ${resource.base}`]: () => ({
      body: { data: [row], meta: { page: 1, per_page: 15, total: 1, last_page: 1 } },
    }),
    [`GET ${resource.base}/5`]: () => ({ body: { data: row } }),
    // Reference selects list the referenced resource.
    ...Object.fromEntries(
      CONTENT_RESOURCES.filter((r) => r !== resource).map((r) => [
        `GET ${r.base}`,
        () => ({ body: { data: [], meta: { page: 1, per_page: 100, total: 0, last_page: 1 } } }),
      ]),
    ),
  });
}

const columnLabels = (r: ContentResource) =>
  r.listColumns.map((name) => r.fields.find((f) => f.name === name)!.label);

describe.each(CONTENT_RESOURCES.map((r) => [r.key, r] as const))(
  'admin content: %s',
  (_key, resource) => {
    beforeEach(() => {
      window.localStorage.clear();
      window.sessionStorage.clear();
      seedSession(ADMIN);
    });

    it('lists the records under a header per list column, with edit and delete', async () => {
      server(resource);
      renderApp(`/admin/${resource.group}`);
      const table = await screen.findByRole('table');
      const headers = within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent?.replace(/[▲▼↕⇅↑↓]/g, '').trim());
      expect(headers).toEqual([...columnLabels(resource), 'Aksi']);
      expect(within(table).getAllByRole('row')).toHaveLength(2);
      expect(within(table).getByRole('link', { name: /^Ubah / })).toHaveAttribute(
        'href',
        `/admin/${resource.group}/5/edit`,
      );
      expect(within(table).getByRole('button', { name: /^Hapus / })).toBeInTheDocument();
    });

    it('shows every field on the create form, "(opsional)" on the optional ones, and lists the required ones under "Ada masalah" on an empty submit', async () => {
      server(resource);
      const { user } = renderApp(`/admin/${resource.group}/create`);
      await screen.findByRole('heading', { level: 1, name: `Buat ${resource.labels.singular}` });
      for (const f of resource.fields) {
        const label = screen.getAllByText(f.label, { exact: true })[0]!;
        expect(label, f.name).toBeInTheDocument();
        const optional = label.parentElement?.textContent?.includes('(opsional)');
        if (f.kind !== 'boolean') expect(optional, `${f.name} optional`).toBe(!f.required);
      }
      await user.click(screen.getByRole('button', { name: 'Buat' }));
      const summary = await screen.findByRole('heading', { name: 'Ada masalah' });
      const box = summary.closest('div')!.parentElement!;
      const required = resource.fields.filter(
        (f) => f.required && f.default === undefined && f.kind !== 'boolean',
      );
      for (const f of required) {
        expect(
          within(box).getByRole('link', { name: new RegExp(f.label) }),
          f.name,
        ).toBeInTheDocument();
      }
    });

    it('opens the edit form filled in with the stored record', async () => {
      server(resource);
      renderApp(`/admin/${resource.group}/5/edit`);
      await screen.findByRole('heading', { level: 1, name: `Ubah ${resource.labels.singular}` });
      const example = CONTENT_EXAMPLES[resource.key]!;
      for (const f of resource.fields) {
        if (!['text', 'textarea', 'number', 'date'].includes(f.kind) || example[f.name] == null)
          continue;
        await waitFor(() =>
          expect(document.getElementById(f.name)).toHaveValue(
            f.kind === 'number' ? Number(example[f.name]) : String(example[f.name]),
          ),
        );
      }
    });
  },
);
