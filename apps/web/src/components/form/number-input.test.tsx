import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { NumberInput } from './number-input.tsx';

describe('NumberInput', () => {
  it('is a labelled number input that blocks the minus key', async () => {
    const user = userEvent.setup();
    render(<NumberInput name="jumlah" label="Jumlah penduduk" />);
    const input = screen.getByRole('spinbutton', { name: 'Jumlah penduduk' });
    await user.type(input, '-12');
    expect(input).toHaveValue(12);
    expect(fireEvent.keyDown(input, { key: '-' })).toBe(false); // default prevented
    expect(fireEvent.keyDown(input, { key: '5' })).toBe(true);
  });

  it('ignores the mouse wheel while focused, and only then', () => {
    render(<NumberInput name="jumlah" label="Jumlah" />);
    const input = screen.getByRole('spinbutton', { name: 'Jumlah' });
    expect(fireEvent.wheel(input, { deltaY: -100 })).toBe(true);
    input.focus();
    expect(fireEvent.wheel(input, { deltaY: -100 })).toBe(false);
  });

  it('shows its error with the hidden "Kesalahan:" and links it to the input', () => {
    render(<NumberInput name="jumlah" label="Jumlah" error="Jumlah minimal 0." optional />);
    const input = screen.getByRole('spinbutton', { name: 'Jumlah (opsional)' });
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Kesalahan: Jumlah minimal 0.');
  });

  it('passes its ref on (for react-hook-form)', () => {
    let el: HTMLInputElement | null = null;
    render(<NumberInput name="jumlah" label="Jumlah" ref={(node) => void (el = node)} />);
    expect(el).toBe(screen.getByRole('spinbutton'));
  });
});
