import type { RefObject } from 'react';
import { NotificationBell } from '../../features/notifications/components/notification-bell.tsx';
import { UserMenu } from './user-menu.tsx';

export interface SignedInControlsProps {
  userName: string;
  buttonRef: RefObject<HTMLButtonElement | null>;
  onLogout: () => void;
}

/** The bell, the name and the user menu: a chunk of its own, loaded only for signed-in users. */
export function SignedInControls({ userName, buttonRef, onLogout }: SignedInControlsProps) {
  return (
    <>
      <NotificationBell />
      <span className="hidden max-w-32 truncate px-1 font-medium text-slate-800 md:inline lg:max-w-48">
        {userName}
      </span>
      <div className="hidden md:block">
        <UserMenu userName={userName} buttonRef={buttonRef} onLogout={onLogout} />
      </div>
    </>
  );
}
