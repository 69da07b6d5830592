import { Check } from 'lucide-react';
import { PlatformIcon } from '@/components/platform-icon';
import { cn } from '@/lib/cn';
import { platformLabel, type PostPlatform } from '@/lib/post-platforms';
import type { SocialAccount } from '@/api/get-team-accounts';

export function accountName(account: SocialAccount): string {
  return account.username ? `@${account.username.replace(/^@/, '')}` : (account.displayName ?? account.userDisplayName ?? platformLabel(account.type));
}

/** The team's connected accounts as toggles; a post goes to one account per platform. */
export function AccountPicker({
  accounts,
  selected,
  onToggle,
}: {
  accounts: SocialAccount[];
  selected: PostPlatform[];
  onToggle: (account: SocialAccount, on: boolean) => void;
}) {
  return (
    <ul aria-label="Accounts" className="flex flex-wrap gap-2">
      {accounts.map((account) => {
        const checked = selected.includes(account.type);
        return (
          <li key={account.id}>
            <button
              type="button"
              role="checkbox"
              aria-checked={checked}
              aria-label={`${platformLabel(account.type)} ${accountName(account)}`}
              onClick={() => onToggle(account, !checked)}
              className={cn(
                'flex items-center gap-2 rounded-full border py-1 pr-3 pl-1 text-sm transition-colors',
                checked ? 'border-accent-300 bg-accent-50 text-accent-800' : 'border-zinc-300 bg-white text-zinc-700 hover:bg-zinc-50',
              )}
            >
              <PlatformIcon platform={account.type} size="md" className="rounded-full" />
              <span className="font-medium">{accountName(account)}</span>
              <span className="text-xs text-zinc-500">{platformLabel(account.type)}</span>
              {checked ? <Check className="size-4 text-accent-600" aria-hidden /> : null}
            </button>
          </li>
        );
      })}
    </ul>
  );
}
