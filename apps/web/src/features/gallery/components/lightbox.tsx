import { formatDateId } from '@balai/domain';
import { useEffect } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { imageSrcSet, type GalleryItem } from '../../../lib/content.ts';

export interface LightboxProps {
  items: GalleryItem[];
  /** The open photo's index, or null when closed. */
  index: number | null;
  onChange: (index: number) => void;
  onClose: () => void;
}

/**
 * One photo at a time in the app's modal: ← and → (or the buttons) move through the photos,
 * Escape closes, and focus goes back to the thumbnail that opened it (the modal does that).
 */
export function Lightbox({ items, index, onChange, onClose }: LightboxProps) {
  const open = index !== null;
  const count = items.length;
  const item = index === null ? null : items[index];

  useEffect(() => {
    if (index === null || count < 2) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'ArrowLeft') onChange((index - 1 + count) % count);
      else if (event.key === 'ArrowRight') onChange((index + 1) % count);
      else return;
      event.preventDefault();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [index, count, onChange]);

  return (
    <Modal
      open={open}
      onClose={onClose}
      title={item?.title ?? ''}
      description={index === null ? undefined : `Foto ${index + 1} dari ${count}`}
      footer={
        count > 1 && index !== null ? (
          // Two equal halves of the dialog's width: at 375 px the pair never spills outside it.
          <div className="grid w-full grid-cols-2 gap-2">
            <Button variant="outlined" block onClick={() => onChange((index - 1 + count) % count)}>
              <span aria-hidden="true">←</span> <span className="sr-only">Foto</span> Sebelumnya
            </Button>
            <Button variant="outlined" block onClick={() => onChange((index + 1) % count)}>
              <span className="sr-only">Foto</span> Berikutnya <span aria-hidden="true">→</span>
            </Button>
          </div>
        ) : undefined
      }
    >
      {item?.image_url && (
        <img
          key={item.id}
          src={item.image_url.original}
          srcSet={imageSrcSet(item.image_url)}
          sizes="(min-width: 768px) 560px, 300px"
          width={item.image_url.width}
          height={item.image_url.height}
          alt={item.title}
          className="mt-3 h-auto max-h-[40vh] w-full rounded-md bg-slate-100 object-contain"
        />
      )}
      {item?.description && <p className="mt-3 text-slate-800">{item.description}</p>}
      {item?.taken_at && (
        <p className="mt-1 text-sm text-slate-700">Diambil {formatDateId(item.taken_at)}</p>
      )}
    </Modal>
  );
}
