import { useState } from 'react';
import { LoadState } from '../../../components/ui/load-state.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { imageSrcSet, useContentList, type GalleryItem } from '../../../lib/content.ts';
import { usePageMeta } from '../../../lib/page-meta.ts';
import { useSettings } from '../../../lib/settings.ts';
import { Lightbox } from './lightbox.tsx';

/** Galeri: every photo as a thumbnail; a click opens it large in the lightbox. */
export function GalleryPage() {
  const { settings } = useSettings();
  const village = settings?.village_name;
  usePageMeta('Galeri', `Foto kegiatan dan suasana Desa${village ? ` ${village}` : ''}.`);
  const { items, error, isLoading, retry } = useContentList<GalleryItem>('homepage-galleries');
  const [open, setOpen] = useState<number | null>(null);

  return (
    <>
      <PageHeader
        title="Galeri"
        lead="Foto kegiatan dan suasana desa. Pilih foto untuk memperbesarnya."
      />
      <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6">
        <LoadState
          data={items}
          error={error}
          isLoading={isLoading}
          onRetry={retry}
          empty="Belum ada foto di galeri."
        >
          {(photos) => (
            <>
              <ul className="grid grid-cols-2 gap-3 md:grid-cols-3 lg:grid-cols-4">
                {photos.map((photo, index) => (
                  <li key={photo.id}>
                    <button
                      type="button"
                      onClick={() => setOpen(index)}
                      className="group block w-full text-left"
                    >
                      {photo.image_url && (
                        <img
                          src={photo.image_url.thumb}
                          srcSet={imageSrcSet(photo.image_url)}
                          sizes="(min-width: 1024px) 25vw, (min-width: 768px) 33vw, 50vw"
                          width={photo.image_url.thumb_width}
                          height={photo.image_url.thumb_height}
                          alt={photo.title}
                          loading={index < 4 ? 'eager' : 'lazy'}
                          className="aspect-[3/2] w-full rounded-md object-cover group-hover:opacity-90"
                        />
                      )}
                      <span
                        aria-hidden="true"
                        className="mt-1 block text-sm font-medium text-slate-800 group-hover:underline"
                      >
                        {photo.title}
                      </span>
                    </button>
                  </li>
                ))}
              </ul>
              <Lightbox
                items={photos}
                index={open}
                onChange={setOpen}
                onClose={() => setOpen(null)}
              />
            </>
          )}
        </LoadState>
      </div>
    </>
  );
}
