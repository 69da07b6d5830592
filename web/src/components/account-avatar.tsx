import { useState } from 'react';
import type { SocialAccount } from '@/api/get-team-accounts';
import { PlatformIcon } from './platform-icon';

/** The profile picture with the platform's mark in the corner; initials when there is no picture. */
export function AccountAvatar({
  account,
}: {
  account: Pick<SocialAccount, 'type' | 'avatarUrl' | 'displayName' | 'username' | 'userDisplayName' | 'userUsername'>;
}) {
  const [broken, setBroken] = useState(false);
  // A page-type account without its page picked yet has no identity of its own: show the person's.
  const name = account.displayName ?? account.userDisplayName ?? account.username ?? account.userUsername ?? '?';
  return (
    <span className="relative shrink-0">
      {account.avatarUrl && !broken ? (
        <img src={account.avatarUrl} alt="" className="size-11 rounded-full bg-zinc-100 object-cover ring-1 ring-zinc-200" onError={() => setBroken(true)} />
      ) : (
        <span
          aria-hidden
          className="flex size-11 items-center justify-center rounded-full bg-zinc-100 text-sm font-semibold text-zinc-600 uppercase ring-1 ring-zinc-200"
        >
          {name.replace(/^@/, '').slice(0, 2)}
        </span>
      )}
      <PlatformIcon platform={account.type} size="sm" className="absolute -right-1 -bottom-1 ring-2 ring-white" />
    </span>
  );
}
