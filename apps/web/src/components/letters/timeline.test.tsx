import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Timeline, type TimelineEvent } from './timeline.tsx';

const submitted: TimelineEvent = {
  id: 1,
  from_status: null,
  to_status: 'submitted',
  to_label: 'Diajukan',
  note: null,
  changes: null,
  created_at: '2026-11-20T02:00:00.000Z',
};
const edited: TimelineEvent = {
  id: 2,
  from_status: 'processing',
  to_status: 'processing',
  to_label: 'Diproses',
  note: null,
  changes: [
    { field: 'purpose', label: 'Keperluan', old: 'Melamar kerja', new: 'Membuka rekening' },
    { field: 'phone', label: 'No. HP', old: null, new: '081234567890' },
  ],
  created_at: '2026-11-21T02:00:00.000Z',
};

describe('Timeline', () => {
  it('shows an edit as "Isian diubah" with each old and new value, newest first, by its actor', () => {
    render(<Timeline events={[submitted, edited]} actor={(e) => (e.id === 2 ? 'Budi' : 'Anda')} />);
    const items = screen
      .getAllByRole('listitem')
      .filter((li) => li.parentElement?.tagName === 'OL');
    expect(items.map((li) => within(li).getAllByRole('paragraph')[0]!.textContent)).toEqual([
      'Isian diubah',
      'Diajukan',
    ]);
    expect(items[0]).toHaveTextContent('Budi');
    expect(items[0]).toHaveTextContent('Keperluan: Melamar kerja → menjadi Membuka rekening');
    expect(items[0]).toHaveTextContent('No. HP: (kosong) → menjadi 081234567890');
    expect(within(items[0]!).getByText('Melamar kerja').tagName).toBe('DEL');
    expect(within(items[0]!).getByText('Membuka rekening').tagName).toBe('INS');
    expect(items[1]).toHaveTextContent('Anda');
  });

  it('names the status too when an edit moved it (a resident resubmitting)', () => {
    render(
      <Timeline
        events={[
          {
            ...edited,
            from_status: 'needs_revision',
            to_status: 'submitted',
            to_label: 'Diajukan',
          },
        ]}
        actor={() => 'Anda'}
      />,
    );
    expect(screen.getByText('Isian diubah, Diajukan')).toBeInTheDocument();
  });
});
