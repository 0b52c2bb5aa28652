import { useCallback, useEffect, useEffectEvent, useState, type RefObject } from 'react';

/** One keyboard shortcut of a desk page, and how the help lists it. */
export interface DeskShortcut {
  /** The `KeyboardEvent.key` values that run it: 'j', 'ArrowDown', '/', 'Escape'. */
  keys: readonly string[];
  /** How the help writes the keys, when not as `keys` (e.g. ['j', '↓']). */
  show?: readonly string[];
  /** What it does, as the help says it ("Permohonan berikutnya"). */
  label: string;
  /** The help's heading it is listed under ("Daftar", "Tindakan"). */
  group: string;
  /** Left out: listed in the help only (Enter on a link, which the browser handles). */
  run?: (event: KeyboardEvent) => void;
  /** Does nothing now (its button is disabled), and the key is left to the browser. */
  disabled?: boolean;
  /** Only for a key pressed inside this element (the arrows, inside the table). */
  within?: RefObject<HTMLElement | null>;
  /** Also while the key is held down (moving through rows); actions run once per press. */
  repeat?: boolean;
}

/** Inputs that take no typing: a key pressed on them may still be a shortcut. */
const NOT_TYPED = new Set(['checkbox', 'radio', 'button', 'submit', 'reset', 'image', 'color']);

/** True while the user is typing: in a text input, a textarea, a select or an editor. */
export function isTypingIn(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target instanceof HTMLInputElement) return !NOT_TYPED.has(target.type);
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  return (
    target.isContentEditable ||
    target.closest('[contenteditable]:not([contenteditable="false"]), [role="textbox"]') !== null
  );
}

/** A dialog is open (its keys, Escape above all, are its own); one fading out no longer counts. */
const dialogOpen = () =>
  [...document.querySelectorAll('[aria-modal="true"]')].some((d) => d.closest('[inert]') === null);

/**
 * The key was pressed in the page's own content (`<main>`, or nothing focused). Escape counts
 * only there: the top bar's menus and the sliding sidebar close on it.
 */
const fromPage = (target: EventTarget | null) =>
  target === document.body ||
  target === document.documentElement ||
  (target instanceof Element && target.closest('main') !== null);

/**
 * The keyboard shortcuts of a desk page (the queue, the review), and `?` for their help.
 * Nothing fires while the user types (an input, textarea, select or editor), with Ctrl, Alt or
 * Meta held (the browser's and the screen reader's own keys), while a dialog is open, or for a
 * key another handler has already taken. Returns the help dialog's state.
 */
export function useDeskShortcuts(shortcuts: readonly DeskShortcut[]) {
  const [helpOpen, setHelpOpen] = useState(false);

  const onKeyDown = useEffectEvent((event: KeyboardEvent) => {
    if (event.defaultPrevented || event.isComposing) return;
    if (event.ctrlKey || event.altKey || event.metaKey) return;
    if (isTypingIn(event.target) || dialogOpen()) return;
    if (event.key === '?') {
      event.preventDefault();
      if (!event.repeat) setHelpOpen(true);
      return;
    }
    const target = event.target instanceof Node ? event.target : null;
    const shortcut = shortcuts.find(
      (s) =>
        s.run !== undefined &&
        !s.disabled &&
        s.keys.includes(event.key) &&
        (!s.within || (target !== null && s.within.current?.contains(target) === true)) &&
        (event.key !== 'Escape' || fromPage(event.target)),
    );
    if (!shortcut) return;
    event.preventDefault();
    if (event.repeat && !shortcut.repeat) return;
    shortcut.run!(event);
  });

  useEffect(() => {
    const listener = (event: KeyboardEvent) => onKeyDown(event);
    document.addEventListener('keydown', listener);
    return () => document.removeEventListener('keydown', listener);
  }, []);

  return {
    helpOpen,
    openHelp: useCallback(() => setHelpOpen(true), []),
    closeHelp: useCallback(() => setHelpOpen(false), []),
  };
}
