import { Link } from '@tanstack/react-router';
import { ChevronsUpDown, Settings2 } from 'lucide-react';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { useTeams } from '../api/get-teams';
import { TeamAvatar } from './team-avatar';

type TeamSwitcherProps = { currentTeamId: string | undefined; onSelect: (teamId: string) => void };

export function TeamSwitcher({ currentTeamId, onSelect }: TeamSwitcherProps) {
  const { data } = useTeams();
  const current = data.items.find((team) => team.id === currentTeamId);
  return (
    <DropdownMenu>
      <DropdownMenuTrigger
        className="flex w-full items-center gap-3 rounded-lg border border-zinc-200 bg-white px-2.5 py-2 text-left shadow-xs transition-colors hover:bg-zinc-50 data-[state=open]:bg-zinc-50"
        aria-label={`Switch team (current: ${current?.name ?? 'none'})`}
      >
        <TeamAvatar name={current?.name ?? '?'} />
        <span className="min-w-0 flex-1">
          <span className="block text-xs text-zinc-500">Team</span>
          <span className="block truncate text-sm font-medium text-zinc-900">{current?.name ?? 'No team'}</span>
        </span>
        <ChevronsUpDown className="size-4 shrink-0 text-zinc-400" aria-hidden />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="start" className="w-(--radix-dropdown-menu-trigger-width) max-h-96 overflow-y-auto">
        <DropdownMenuLabel>Teams ({data.total})</DropdownMenuLabel>
        <DropdownMenuRadioGroup value={currentTeamId} onValueChange={onSelect}>
          {data.items.map((team) => (
            <DropdownMenuRadioItem key={team.id} value={team.id}>
              <TeamAvatar name={team.name} size="sm" />
              <span className="truncate">{team.name}</span>
            </DropdownMenuRadioItem>
          ))}
        </DropdownMenuRadioGroup>
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <Link to="/settings/teams">
            <Settings2 className="size-4 text-zinc-500" aria-hidden />
            Manage teams
          </Link>
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
