import {
  useEffect,
  useId,
  useRef,
  useState,
  type MouseEvent,
  type ReactNode,
  type RefObject,
} from 'react';
import { createPortal } from 'react-dom';
import { focusableIn, trapTab } from './focusable.ts';
import { lockScroll } from './scroll-lock.ts';

/** Fade in and out over 0.3 s (SPEC section 9). */
export const MODAL_FADE_MS = 300;

export interface ModalProps {
  open: boolean;
  /** Called on Escape, on a click outside the dialog and by the close button. */
  onClose: () => void;
  /** The dialog's heading; it also names the dialog (aria-labelledby). */
  title: ReactNode;
  /** A short text under the title; it describes the dialog (aria-describedby). */
  description?: ReactNode;
  children?: ReactNode;
  /** The action buttons, at the bottom. */
  footer?: ReactNode;
  /** Leave the page scrollable while open (locked by default). */
  scrollable?: boolean;
  /** What gets focus on open; by default the first focusable element in the dialog. */
  initialFocusRef?: RefObject<HTMLElement | null>;
  /** Where focus goes on close; by default the element that had it when the dialog opened. */
  finalFocusRef?: RefObject<HTMLElement | null>;
  /** "alertdialog" for confirmations and failures that need an answer. */
  role?: 'dialog' | 'alertdialog';
  /** Show the × button in the corner. */
  showCloseButton?: boolean;
}

/** Open modals, innermost last: Escape closes only the top one. */
const openStack: symbol[] = [];

export function Modal({
  open,
  onClose,
  title,
  description,
  children,
  footer,
  scrollable = false,
  initialFocusRef,
  finalFocusRef,
  role = 'dialog',
  showCloseButton = true,
}: ModalProps) {
  const titleId = useId();
  const descriptionId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  const pressStartedOutside = useRef(false);
  const onCloseRef = useRef(onClose);
  const [rendered, setRendered] = useState(open);

  // Mount at once on open; on close stay for the fade-out, then unmount.
  if (open && !rendered) setRendered(true);
  useEffect(() => {
    if (open || !rendered) return;
    const timer = window.setTimeout(() => setRendered(false), MODAL_FADE_MS);
    return () => window.clearTimeout(timer);
  }, [open, rendered]);

  useEffect(() => {
    onCloseRef.current = onClose;
  }, [onClose]);

  // Focus: into the dialog on open, back to the opener (or finalFocusRef) on close.
  useEffect(() => {
    if (!open) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const panel = panelRef.current;
    if (panel) {
      const target = initialFocusRef?.current ?? focusableIn(panel)[0] ?? panel;
      target.focus();
    }
    return () => {
      const active = document.activeElement;
      const focusIsLost = !active || active === document.body || !!panel?.contains(active);
      if (!focusIsLost) return;
      // The target is read at close time on purpose: it may have been rendered after opening.
      // eslint-disable-next-line react-hooks/exhaustive-deps
      const back = finalFocusRef?.current ?? opener;
      if (back?.isConnected) back.focus();
    };
  }, [open, initialFocusRef, finalFocusRef]);

  // Escape closes the top-most dialog.
  useEffect(() => {
    if (!open) return;
    const me = Symbol('modal');
    openStack.push(me);
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || openStack[openStack.length - 1] !== me) return;
      event.preventDefault();
      onCloseRef.current();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      openStack.splice(openStack.indexOf(me), 1);
    };
  }, [open]);

  useEffect(() => {
    if (!open || scrollable) return;
    return lockScroll();
  }, [open, scrollable]);

  if (!rendered) return null;

  const onOverlayMouseDown = (event: MouseEvent) => {
    pressStartedOutside.current = event.target === event.currentTarget;
  };
  const onOverlayClick = (event: MouseEvent) => {
    // A press that starts inside (selecting text) and ends outside does not close.
    if (event.target === event.currentTarget && pressStartedOutside.current) onClose();
    pressStartedOutside.current = false;
  };

  return createPortal(
    <div
      data-testid="modal-overlay"
      data-state={open ? 'open' : 'closed'}
      inert={!open}
      onMouseDown={onOverlayMouseDown}
      onClick={onOverlayClick}
      className={`fixed inset-0 z-50 flex items-center justify-center bg-slate-950/60 p-4 transition-opacity duration-300 ease-out motion-reduce:transition-none starting:opacity-0 ${
        open ? 'opacity-100' : 'opacity-0'
      }`}
    >
      <div
        ref={panelRef}
        role={role}
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        tabIndex={-1}
        onKeyDown={(event) => panelRef.current && trapTab(event, panelRef.current)}
        className="relative flex max-h-[70vh] w-[340px] max-w-full flex-col overflow-hidden rounded-lg bg-white shadow-xl outline-none md:w-[600px]"
      >
        <div className="flex items-start gap-3 px-5 pb-2 pt-5">
          <h2 id={titleId} className="flex-1 text-lg font-semibold text-slate-900">
            {title}
          </h2>
          {showCloseButton && (
            <button
              type="button"
              onClick={onClose}
              aria-label="Tutup"
              className="-m-1 rounded p-1 text-slate-600 hover:bg-slate-100 hover:text-slate-900"
            >
              <span aria-hidden="true" className="block text-2xl leading-none">
                ×
              </span>
            </button>
          )}
        </div>
        <div className="overflow-y-auto px-5 pb-5">
          {description && (
            <p id={descriptionId} className="text-slate-700">
              {description}
            </p>
          )}
          {children}
        </div>
        {footer && (
          <div className="flex flex-col-reverse gap-2 border-t border-slate-200 px-5 py-4 xs:flex-row xs:justify-end">
            {footer}
          </div>
        )}
      </div>
    </div>,
    document.body,
  );
}
