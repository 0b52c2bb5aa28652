import {
  ADMIN_ROLE,
  canDeleteLetter,
  canEditLetter,
  type LetterTransition,
  type LetterType,
} from '@balai/domain';
import { useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useToast } from '../../../components/toast/toast-context.ts';
import { adminPaths } from '../../../lib/admin-paths.ts';
import { errorMessage } from '../../../lib/http-client.ts';
import {
  FROM_PARAM,
  parseQueue,
  requestKey,
  typeQueue,
  useQueueSteps,
  type QueueReturnState,
} from './desk-queue.ts';
import { ACTION_KEYS, DELETE_KEY, DOWNLOAD_KEY, EDIT_KEY } from './status-actions.tsx';
import { useDeskShortcuts, type DeskShortcut } from './use-desk-shortcuts.ts';
import type { LetterRequestDetail } from '@balai/domain/contract';

/**
 * The review page's keys: next and previous request of the queue it came from (`?from=`, or
 * the type's queue), back to that queue, and the actions the status allows, each doing exactly
 * what its button does (the note dialog, the draft preview and Hapus's question come first).
 */
export function useReviewShortcuts({
  type,
  request,
  transitions,
  busy,
  issuing,
  onAction,
  onCancelIssue,
  onDownload,
  onDelete,
}: {
  type: LetterType;
  request: LetterRequestDetail;
  /** The status actions the page shows as buttons. */
  transitions: readonly LetterTransition[];
  /** An action is running: the action keys wait, as the buttons do. */
  busy: boolean;
  /** The draft preview is open: Escape closes it instead of leaving. */
  issuing: boolean;
  onAction: (transition: LetterTransition) => void;
  onCancelIssue: () => void;
  onDownload: () => void;
  onDelete: () => void;
}) {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const toast = useToast();
  const queue = parseQueue(searchParams.get(FROM_PARAM)) ?? typeQueue(type);
  const step = useQueueSteps(queue, request);
  const moving = useRef(false);

  const go = async (direction: 1 | -1) => {
    if (moving.current) return;
    moving.current = true;
    try {
      const href = await step(direction);
      if (href) void navigate(href);
      else
        toast.info(
          direction === 1
            ? 'Ini permohonan terakhir di daftar.'
            : 'Ini permohonan pertama di daftar.',
        );
    } catch (e) {
      toast.error(errorMessage(e));
    } finally {
      moving.current = false;
    }
  };
  const back = () =>
    void navigate(queue.href, {
      state: { deskFocus: requestKey(request) } satisfies QueueReturnState,
    });

  const acting = busy || issuing;
  const shortcuts: DeskShortcut[] = [
    {
      keys: ['j'],
      label: 'Buka permohonan berikutnya di daftar',
      group: 'Permohonan',
      run: () => void go(1),
    },
    {
      keys: ['k'],
      label: 'Buka permohonan sebelumnya di daftar',
      group: 'Permohonan',
      run: () => void go(-1),
    },
    ...(issuing
      ? [
          {
            keys: ['Escape'],
            label: 'Tutup pratinjau surat',
            group: 'Permohonan',
            run: onCancelIssue,
            disabled: busy,
          },
        ]
      : []),
    {
      keys: issuing ? ['u'] : ['u', 'Escape'],
      label: 'Kembali ke daftar',
      group: 'Permohonan',
      run: back,
    },
    ...transitions.flatMap((t) => {
      const key = ACTION_KEYS[t.actionLabel];
      if (!key) return [];
      const then = t.noteRequired
        ? ' (menulis catatan dulu)'
        : t.to === 'completed'
          ? ' (pratinjau surat dulu)'
          : '';
      return [
        {
          keys: [key],
          label: `${t.actionLabel}${then}`,
          group: 'Tindakan',
          run: () => onAction(t),
          disabled: acting,
        },
      ];
    }),
    ...(canEditLetter(request.status, ADMIN_ROLE)
      ? [
          {
            keys: [EDIT_KEY],
            label: 'Ubah isian',
            group: 'Tindakan',
            run: () => void navigate(adminPaths.edit(`service-${type.code}`, request.id)),
          },
        ]
      : []),
    ...(request.status === 'completed' && request.pdf
      ? [
          {
            keys: [DOWNLOAD_KEY],
            label: 'Unduh PDF',
            group: 'Tindakan',
            run: onDownload,
            disabled: busy,
          },
        ]
      : []),
    ...(canDeleteLetter(request.status)
      ? [
          {
            keys: [DELETE_KEY],
            label: 'Hapus (ditanya dulu)',
            group: 'Tindakan',
            run: onDelete,
            disabled: busy,
          },
        ]
      : []),
  ];
  return { shortcuts, ...useDeskShortcuts(shortcuts) };
}
