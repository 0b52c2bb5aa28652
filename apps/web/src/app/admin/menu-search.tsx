import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { searchMenu, type AdminMenuSection } from './admin-menu.ts';

/** SPEC section 8: the menu search's text when nothing matches. */
export const MENU_NOT_FOUND = 'Page not found.';

/**
 * "Cari menu...": finds menu items by the words typed (`searchMenu`: title, long name, keywords;
 * case and accents ignored), into a list of links under the box. Arrow keys move between the box and the links, Enter in the box opens the
 * first match, Escape clears the search.
 */
export function MenuSearch({ menu }: { menu: readonly AdminMenuSection[] }) {
  const [query, setQuery] = useState('');
  const inputRef = useRef<HTMLInputElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const navigate = useNavigate();
  const panelId = useId();
  const matches = searchMenu(query, menu);
  const showing = query.trim() !== '';

  const links = () => Array.from(panelRef.current?.querySelectorAll<HTMLAnchorElement>('a') ?? []);

  const close = () => {
    setQuery('');
    inputRef.current?.focus();
  };

  const onInputKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      links()[0]?.focus();
    } else if (event.key === 'Enter' && matches[0]) {
      event.preventDefault();
      setQuery('');
      void navigate(matches[0].item.to);
    } else if (event.key === 'Escape') {
      setQuery('');
    }
  };

  const onPanelKey = (event: KeyboardEvent<HTMLDivElement>) => {
    const all = links();
    const at = all.indexOf(document.activeElement as HTMLAnchorElement);
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      all[Math.min(at + 1, all.length - 1)]?.focus();
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      if (at <= 0) inputRef.current?.focus();
      else all[at - 1]?.focus();
    } else if (event.key === 'Escape') {
      close();
    }
  };

  return (
    <div
      role="search"
      className="relative w-full max-w-sm"
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setQuery('');
      }}
    >
      <label htmlFor={`${panelId}-input`} className="sr-only">
        Cari menu
      </label>
      <input
        ref={inputRef}
        id={`${panelId}-input`}
        type="search"
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        onKeyDown={onInputKey}
        placeholder="Cari menu..."
        autoComplete="off"
        aria-controls={panelId}
        className="h-10 w-full rounded-md border border-slate-500 bg-white px-3 text-base text-slate-900 placeholder:text-slate-600"
      />
      <div
        ref={panelRef}
        id={panelId}
        hidden={!showing}
        onKeyDown={onPanelKey}
        className="absolute left-0 right-0 top-full z-50 mt-1 max-h-[70vh] overflow-y-auto rounded-md border border-slate-200 bg-white py-1 shadow-lg"
      >
        <p className="sr-only" aria-live="polite">
          {showing && matches.length > 0 ? `${matches.length} menu ditemukan` : ''}
        </p>
        {matches.length === 0 ? (
          <p role="status" className="px-3 py-2 text-slate-800">
            {MENU_NOT_FOUND}
          </p>
        ) : (
          <ul>
            {matches.map(({ section, item }) => (
              <li key={item.to} className="px-3 py-1.5">
                <span className="block text-xs text-slate-600">{section}</span>
                <span className="flex flex-wrap items-baseline gap-x-3">
                  <Link
                    to={item.to}
                    onClick={() => setQuery('')}
                    aria-label={item.createTo ? `Daftar ${item.title}` : undefined}
                    className="font-medium text-brand-800 underline-offset-2 hover:underline"
                  >
                    {item.title}
                  </Link>
                  {item.createTo && (
                    <Link
                      to={item.createTo}
                      onClick={() => setQuery('')}
                      className="text-sm text-brand-800 underline underline-offset-2"
                    >
                      Buat<span className="sr-only"> {item.title}</span>
                    </Link>
                  )}
                </span>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
