import { Fragment, type ReactNode } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import type { DeskShortcut } from './use-desk-shortcuts.ts';

/** How the help writes a key. */
const KEY_NAMES: Record<string, string> = {
  Escape: 'Esc',
  ArrowDown: '↓',
  ArrowUp: '↑',
};

function Kbd({ children }: { children: ReactNode }) {
  return (
    <kbd className="inline-block min-w-7 rounded border border-b-2 border-slate-400 bg-slate-50 px-1.5 text-center font-mono text-sm font-semibold text-slate-900">
      {children}
    </kbd>
  );
}

function Keys({ keys }: { keys: readonly string[] }) {
  return (
    <>
      {keys.map((key, i) => (
        <Fragment key={key}>
          {i > 0 && <span className="px-1 text-sm text-slate-700">atau</span>}
          <Kbd>{KEY_NAMES[key] ?? key}</Kbd>
        </Fragment>
      ))}
    </>
  );
}

/** The line that tells the page has shortcuts; a button, so the help opens by mouse too. */
export function ShortcutHint({
  onOpen,
  className = '',
}: {
  onOpen: () => void;
  className?: string;
}) {
  return (
    <p className={`text-sm text-slate-700 ${className}`}>
      <button
        type="button"
        onClick={onOpen}
        aria-haspopup="dialog"
        aria-keyshortcuts="Shift+?"
        className="inline-flex min-h-11 items-center gap-1 text-brand-800 underline underline-offset-2 hover:text-brand-900"
      >
        Tekan <Kbd>?</Kbd> untuk pintasan papan ketik
      </button>
    </p>
  );
}

/** "Pintasan papan ketik": the page's shortcuts by group, in a dialog. */
export function ShortcutHelp({
  open,
  onClose,
  shortcuts,
}: {
  open: boolean;
  onClose: () => void;
  shortcuts: readonly DeskShortcut[];
}) {
  const groups = [...new Set(shortcuts.map((s) => s.group))];
  return (
    <Modal
      open={open}
      onClose={onClose}
      title="Pintasan papan ketik"
      description={
        <>
          <Kbd>?</Kbd> membuka daftar ini, <Kbd>Esc</Kbd> menutupnya. Pintasan tidak berlaku saat
          Anda mengetik di kotak isian atau menahan Ctrl, Alt, atau Cmd.
        </>
      }
    >
      {groups.map((group) => (
        <section key={group} className="mt-4">
          <h3 className="font-semibold text-slate-900">{group}</h3>
          <dl className="mt-1 divide-y divide-slate-200 border-y border-slate-200">
            {shortcuts
              .filter((s) => s.group === group)
              .map((s) => (
                <div key={s.label} className="flex items-baseline gap-4 py-1.5">
                  <dt className="w-28 shrink-0">
                    <Keys keys={s.show ?? s.keys} />
                  </dt>
                  <dd className="min-w-0 text-slate-900">{s.label}</dd>
                </div>
              ))}
          </dl>
        </section>
      ))}
      {/* In the scrolling part, so a long list can be scrolled from the keyboard. */}
      <div className="mt-5 flex justify-end">
        <Button onClick={onClose}>Tutup</Button>
      </div>
    </Modal>
  );
}
