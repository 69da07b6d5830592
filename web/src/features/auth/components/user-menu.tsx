import { ChevronsUpDown, LogOut, MonitorX } from 'lucide-react';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import type { Session } from '../api/get-session';
import { useLogout } from '../api/logout';

export function UserMenu({ user }: { user: Session['user'] }) {
  const logout = useLogout();
  const displayName = user.firstName ?? user.email.split('@')[0]!;
  return (
    <DropdownMenu>
      <DropdownMenuTrigger
        className="flex w-full items-center gap-3 rounded-lg px-2 py-2 text-left transition-colors hover:bg-zinc-100 data-[state=open]:bg-zinc-100"
        aria-label={`Account menu for ${user.email}`}
      >
        <span className="flex size-8 shrink-0 items-center justify-center rounded-full bg-zinc-900 text-xs font-semibold text-white uppercase" aria-hidden>
          {displayName.slice(0, 1)}
        </span>
        <span className="min-w-0 flex-1">
          <span className="block truncate text-sm font-medium text-zinc-900">{displayName}</span>
          <span className="block truncate text-xs text-zinc-500">{user.email}</span>
        </span>
        <ChevronsUpDown className="size-4 shrink-0 text-zinc-400" aria-hidden />
      </DropdownMenuTrigger>
      <DropdownMenuContent side="top" align="start" className="w-(--radix-dropdown-menu-trigger-width)">
        <DropdownMenuLabel>
          Signed in as <span className="font-semibold text-zinc-700">{user.email}</span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem disabled={logout.isPending} onSelect={() => logout.mutate(false)}>
          <LogOut className="size-4 text-zinc-500" aria-hidden />
          Sign out
        </DropdownMenuItem>
        <DropdownMenuItem disabled={logout.isPending} onSelect={() => logout.mutate(true)}>
          <MonitorX className="size-4 text-zinc-500" aria-hidden />
          Sign out everywhere
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
