// Part of the desk's review screen (desk-detail-page.tsx).
import { useEffect, useRef } from 'react';

export interface Banner {
  kind: 'success' | 'error';
  title: string;
  text: string;
}

/** GOV.UK notification banner: what just happened, focused so it is read out. */
export function NotificationBanner({ banner }: { banner: Banner }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), [banner]);
  const success = banner.kind === 'success';
  return (
    <div
      ref={ref}
      tabIndex={-1}
      role={success ? 'status' : 'alert'}
      aria-labelledby="banner-title"
      className={`mb-6 rounded-md border-4 outline-none ${
        success ? 'border-emerald-700' : 'border-red-700'
      }`}
    >
      <p
        id="banner-title"
        className={`px-4 py-1 font-semibold text-white ${success ? 'bg-emerald-700' : 'bg-red-700'}`}
      >
        {banner.title}
      </p>
      <p className="bg-white px-4 py-3 text-lg font-semibold text-slate-900">{banner.text}</p>
    </div>
  );
}
