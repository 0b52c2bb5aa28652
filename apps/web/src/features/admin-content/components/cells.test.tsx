import { field } from '@balai/domain';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Cell, dateText } from './cells.tsx';

describe('admin table cells', () => {
  it.each([
    ['2025-08-17', '17 Agustus 2025'],
    ['2026-01-01', '1 Januari 2026'],
    // An instant is the day it is in the village (WIB, UTC+7), not in UTC.
    ['2025-08-16T17:00:00.000Z', '17 Agustus 2025'],
    ['2025-08-16T16:59:59.000Z', '16 Agustus 2025'],
    ['bukan tanggal', 'bukan tanggal'],
  ])('writes the date %s as "%s"', (value, text) => {
    expect(dateText(value)).toBe(text);
  });

  it('shows a date column the Indonesian way, not as ISO (issue 25: the gallery list)', () => {
    const takenAt = field.date('taken_at', 'Tanggal Pengambilan');
    render(<Cell field={takenAt} row={{ taken_at: '2025-08-17' }} />);
    expect(screen.getByText('17 Agustus 2025')).toBeInTheDocument();
    expect(screen.queryByText(/2025-08-17/)).toBeNull();
  });
});
