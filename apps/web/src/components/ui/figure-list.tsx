import type { Figure } from '../../lib/content.ts';

interface FigureListProps {
  items: Figure[];
  /** 'card' sits on a white card (the profile page); 'plain' on the page background (home). */
  look?: 'plain' | 'card';
}

/** Village figures (label, value, unit) as a definition list of tiles. */
export function FigureList({ items, look = 'plain' }: FigureListProps) {
  const card = look === 'card';
  return (
    <dl className={`grid grid-cols-2 gap-3 ${card ? 'md:grid-cols-3 ' : ''}lg:grid-cols-4`}>
      {items.map((item) => (
        <div
          key={item.id}
          className={`rounded-lg border border-slate-200 ${card ? 'bg-white ' : ''}p-4`}
        >
          <dt className="text-sm font-medium text-slate-700">{item.label}</dt>
          <dd className={`mt-1 ${card ? 'text-xl' : 'text-2xl'} font-bold text-brand-900`}>
            {item.value}
            {item.unit && <span className="ml-1 text-base font-semibold">{item.unit}</span>}
          </dd>
        </div>
      ))}
    </dl>
  );
}
