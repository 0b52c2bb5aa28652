import { useEffect, useRef, type RefObject } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { QueueReturnState } from './desk-queue.ts';
import { useDeskShortcuts, type DeskShortcut } from './use-desk-shortcuts.ts';
import type { ApiLetterRequest } from '@balai/domain/contract';

/** The reference links of the table's rows (each row has one: `data-request`). */
const rowLinks = (table: HTMLElement | null) => [
  ...(table?.querySelectorAll<HTMLAnchorElement>('tbody a[data-request]') ?? []),
];

/**
 * Moves focus to the next (1) or previous (-1) row's reference link; from outside the table,
 * to the first row (or, going up, the last). Focus is real, so Enter opens the request and a
 * screen reader reads the row's reference.
 */
function moveRow(table: HTMLElement | null, delta: 1 | -1) {
  const links = rowLinks(table);
  if (links.length === 0) return;
  const at = links.findIndex((a) => a.closest('tr')?.contains(document.activeElement));
  const next =
    at === -1
      ? delta === 1
        ? 0
        : links.length - 1
      : Math.min(Math.max(at + delta, 0), links.length - 1);
  links[next]!.focus();
}

/**
 * The queue's keys: `/` to the search, j and k (and ↓ ↑ inside the table) through the rows,
 * Enter opens one (the link's own), `[` and `]` page. Coming back from a review page (u or Esc
 * there), focus returns to that request's row.
 */
export function useQueueShortcuts({
  searchRef,
  tableRef,
  rows,
  page,
  hrefFor,
}: {
  searchRef: RefObject<HTMLInputElement | null>;
  tableRef: RefObject<HTMLElement | null>;
  rows: readonly ApiLetterRequest[] | undefined;
  /** The page shown. */
  page: number;
  /** The address of that page of the queue, undefined when there is no such page. */
  hrefFor: (page: number) => string | undefined;
}) {
  const navigate = useNavigate();
  const location = useLocation();

  // Back from a review page: focus the row of the request the clerk was on, once.
  const returned = useRef<string | null>(null);
  useEffect(() => {
    const wanted = (location.state as Partial<QueueReturnState> | null)?.deskFocus;
    if (!wanted || !rows || returned.current === location.key) return;
    returned.current = location.key;
    rowLinks(tableRef.current)
      .find((a) => a.dataset.request === wanted)
      ?.focus();
  }, [rows, location, tableRef]);

  const goTo = (target: number) => {
    const href = hrefFor(target);
    if (href) void navigate(href);
  };

  const shortcuts: DeskShortcut[] = [
    {
      keys: ['/'],
      label: 'Ke kotak Cari',
      group: 'Daftar',
      run: () => {
        searchRef.current?.focus();
        searchRef.current?.select();
      },
    },
    {
      keys: ['j'],
      label: 'Sorot permohonan berikutnya',
      group: 'Daftar',
      run: () => moveRow(tableRef.current, 1),
      repeat: true,
    },
    {
      keys: ['k'],
      label: 'Sorot permohonan sebelumnya',
      group: 'Daftar',
      run: () => moveRow(tableRef.current, -1),
      repeat: true,
    },
    {
      keys: ['ArrowDown', 'ArrowUp'],
      label: 'Sorot berikutnya atau sebelumnya, di dalam tabel',
      group: 'Daftar',
      run: (event) => moveRow(tableRef.current, event.key === 'ArrowDown' ? 1 : -1),
      within: tableRef,
      repeat: true,
    },
    { keys: ['Enter'], label: 'Buka permohonan yang disorot', group: 'Daftar' },
    {
      keys: ['['],
      label: 'Halaman sebelumnya',
      group: 'Daftar',
      run: () => goTo(page - 1),
      disabled: hrefFor(page - 1) === undefined,
    },
    {
      keys: [']'],
      label: 'Halaman berikutnya',
      group: 'Daftar',
      run: () => goTo(page + 1),
      disabled: hrefFor(page + 1) === undefined,
    },
  ];
  return { shortcuts, ...useDeskShortcuts(shortcuts) };
}
