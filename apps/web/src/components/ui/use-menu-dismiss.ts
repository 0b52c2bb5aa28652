import { useEffect, type RefObject } from 'react';

/**
 * A disclosure menu's ways to close: a click outside its wrapper, and Escape (which gives focus
 * back to the button that opened it). Blur out of the wrapper is left to the menu's own onBlur.
 */
export function useMenuDismiss(
  open: boolean,
  close: () => void,
  wrapperRef: RefObject<HTMLElement | null>,
  buttonRef: RefObject<HTMLButtonElement | null>,
) {
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: MouseEvent) => {
      if (!wrapperRef.current?.contains(event.target as Node)) close();
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      close();
      buttonRef.current?.focus();
    };
    document.addEventListener('mousedown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('mousedown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open, close, wrapperRef, buttonRef]);
}
