import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Modal } from './modal.tsx';

function Harness({ scrollable = false }: { scrollable?: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Buka dialog
      </button>
      <p>Isi halaman</p>
      <Modal
        open={open}
        onClose={() => setOpen(false)}
        title="Konfirmasi"
        description="Apakah anda yakin ingin keluar?"
        scrollable={scrollable}
        footer={
          <>
            <button type="button" onClick={() => setOpen(false)}>
              Batal
            </button>
            <button type="button">Keluar</button>
          </>
        }
      />
    </>
  );
}

async function openDialog(scrollable = false) {
  const user = userEvent.setup();
  render(<Harness scrollable={scrollable} />);
  const opener = screen.getByRole('button', { name: 'Buka dialog' });
  await user.click(opener);
  const dialog = screen.getByRole('dialog', { name: 'Konfirmasi' });
  return { user, opener, dialog };
}

const gone = () => waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

describe('Modal', () => {
  it('is a labelled, described modal dialog', async () => {
    const { dialog } = await openDialog();
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveAccessibleName('Konfirmasi');
    expect(dialog).toHaveAccessibleDescription('Apakah anda yakin ingin keluar?');
  });

  it('closes on Escape', async () => {
    const { user } = await openDialog();
    await user.keyboard('{Escape}');
    await gone();
  });

  it('closes on a click outside, not on a click inside', async () => {
    const { user, dialog } = await openDialog();
    await user.click(screen.getByText('Apakah anda yakin ingin keluar?'));
    expect(screen.getByRole('dialog')).toBe(dialog);
    await user.click(screen.getByTestId('modal-overlay'));
    await gone();
  });

  it('fades out before it leaves the page', async () => {
    const { user } = await openDialog();
    await user.keyboard('{Escape}');
    expect(screen.getByTestId('modal-overlay')).toHaveAttribute('data-state', 'closed');
    await gone();
  });

  it('moves focus inside, keeps Tab inside, and returns focus to the opener', async () => {
    const { user, opener, dialog } = await openDialog();
    const close = screen.getByRole('button', { name: 'Tutup' });
    const last = screen.getByRole('button', { name: 'Keluar' });
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
    expect(close).toHaveFocus();

    await user.tab();
    expect(screen.getByRole('button', { name: 'Batal' })).toHaveFocus();
    await user.tab();
    expect(last).toHaveFocus();
    await user.tab();
    expect(close).toHaveFocus(); // wrapped to the first
    await user.tab({ shift: true });
    expect(last).toHaveFocus(); // and back to the last

    await user.click(screen.getByRole('button', { name: 'Batal' }));
    await gone();
    expect(opener).toHaveFocus();
  });

  it('locks page scroll while open and releases it on close', async () => {
    const { user } = await openDialog();
    expect(document.body.style.overflow).toBe('hidden');
    await user.keyboard('{Escape}');
    expect(document.body.style.overflow).toBe('');
  });

  it('leaves the page scrollable when configured so', async () => {
    await openDialog(true);
    expect(document.body.style.overflow).toBe('');
  });

  it('closes only the top-most of two dialogs on Escape', async () => {
    const user = userEvent.setup();
    function Two() {
      const [outer, setOuter] = useState(true);
      const [inner, setInner] = useState(true);
      return (
        <>
          <Modal open={outer} onClose={() => setOuter(false)} title="Luar" />
          <Modal open={inner} onClose={() => setInner(false)} title="Dalam" />
        </>
      );
    }
    render(<Two />);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Dalam' })).toBeNull());
    expect(screen.getByRole('dialog', { name: 'Luar' })).toBeInTheDocument();
  });
});
