import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { GalleryItem } from '../../../lib/content.ts';
import { Lightbox } from './lightbox.tsx';

const PHOTOS: GalleryItem[] = ['Pasar Desa', 'Kerja Bakti', 'Panen Raya'].map((title, i) => ({
  id: i + 1,
  title,
  description: null,
  taken_at: null,
  image_url: {
    original: `/files/${i}`,
    thumb: `/files/${i}/thumb`,
    width: 1200,
    height: 800,
    thumb_width: 480,
    thumb_height: 320,
  },
}));

function Gallery() {
  const [open, setOpen] = useState<number | null>(null);
  return (
    <>
      {PHOTOS.map((photo, index) => (
        <button key={photo.id} type="button" onClick={() => setOpen(index)}>
          {photo.title}
        </button>
      ))}
      <Lightbox items={PHOTOS} index={open} onChange={setOpen} onClose={() => setOpen(null)} />
    </>
  );
}

function renderGallery() {
  const router = createMemoryRouter([{ path: '/', element: <Gallery /> }]);
  render(<RouterProvider router={router} />);
  return userEvent.setup();
}

describe('gallery lightbox', () => {
  it('shows the photo with its title as alt text and name', async () => {
    const user = renderGallery();
    await user.click(screen.getByRole('button', { name: 'Kerja Bakti' }));
    const dialog = screen.getByRole('dialog', { name: 'Kerja Bakti' });
    expect(dialog).toHaveAccessibleDescription('Foto 2 dari 3');
    expect(screen.getByRole('img', { name: 'Kerja Bakti' })).toHaveAttribute('src', '/files/1');
  });

  it('moves with the arrow keys and the buttons, wrapping at both ends', async () => {
    const user = renderGallery();
    await user.click(screen.getByRole('button', { name: 'Pasar Desa' }));
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('dialog', { name: 'Kerja Bakti' })).toBeInTheDocument();
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(screen.getByRole('dialog', { name: 'Panen Raya' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Foto berikutnya/i }));
    expect(screen.getByRole('dialog', { name: 'Pasar Desa' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Foto sebelumnya/i }));
    expect(screen.getByRole('dialog', { name: 'Panen Raya' })).toBeInTheDocument();
  });

  it('closes on Escape and gives focus back to the thumbnail that opened it', async () => {
    const user = renderGallery();
    const opener = screen.getByRole('button', { name: 'Panen Raya' });
    await user.click(opener);
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.getByTestId('modal-overlay')).toHaveAttribute('data-state', 'closed');
    expect(opener).toHaveFocus();
  });
});
