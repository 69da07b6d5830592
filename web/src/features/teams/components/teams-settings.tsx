import { useQueryClient } from '@tanstack/react-query';
import { Pencil, Plus, Trash2, UsersRound } from 'lucide-react';
import { useState } from 'react';
import { toast } from '@/lib/toast';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardHeader } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { formatDate } from '@/lib/format';
import { useDeleteTeam } from '../api/delete-team';
import { teamsQueryOptions, useTeams, type Team } from '../api/get-teams';
import { TeamAvatar } from './team-avatar';
import { CreateTeamDialog, RenameTeamDialog } from './team-name-dialogs';

type TeamsSettingsProps = { currentTeamId: string | undefined; onSelectTeam: (teamId: string) => void };

export function TeamsSettings({ currentTeamId, onSelectTeam }: TeamsSettingsProps) {
  const { data } = useTeams();
  const queryClient = useQueryClient();
  const [creating, setCreating] = useState(false);
  const [renaming, setRenaming] = useState<Team | null>(null);
  const [deleting, setDeleting] = useState<Team | null>(null);
  const remove = useDeleteTeam();

  const confirmDelete = (team: Team) =>
    remove.mutate(team.id, {
      onSuccess: async () => {
        toast.success(`Team “${team.name}” deleted`);
        if (team.id !== currentTeamId) return;
        // The selected team is gone: move to another one rather than leave the URL pointing at nothing.
        const { items } = await queryClient.ensureQueryData(teamsQueryOptions());
        const next = items.find((candidate) => candidate.id !== team.id);
        if (next) onSelectTeam(next.id);
      },
      onSettled: () => setDeleting(null),
    });

  return (
    <Card>
      <CardHeader
        title="Teams"
        description="Each team has its own connected accounts, posts, inbox and automations. Everyone in the organization can work in every team."
        actions={
          <Button onClick={() => setCreating(true)}>
            <Plus className="size-4" aria-hidden />
            Create team
          </Button>
        }
      />
      {data.items.length === 0 ? (
        <EmptyState icon={UsersRound} title="No teams" description="Create a team to start connecting accounts." />
      ) : (
        <ul aria-label="Teams" className="divide-y divide-zinc-100">
          {data.items.map((team) => (
            <li key={team.id} aria-label={team.name} className="flex items-center gap-4 px-5 py-3.5">
              <TeamAvatar name={team.name} />
              <div className="min-w-0 flex-1">
                <p className="flex items-center gap-2">
                  <span className="truncate font-medium text-zinc-900">{team.name}</span>
                  {team.id === currentTeamId ? <Badge tone="accent">Current</Badge> : null}
                </p>
                <p className="text-xs text-zinc-500">{team.createdAt ? `Created ${formatDate(team.createdAt)}` : null}</p>
              </div>
              <div className="flex shrink-0 items-center gap-1">
                {team.id === currentTeamId ? null : (
                  <Button variant="ghost" size="sm" onClick={() => onSelectTeam(team.id)} aria-label={`Switch to ${team.name}`}>
                    Switch to
                  </Button>
                )}
                <Button variant="ghost" size="icon" onClick={() => setRenaming(team)} aria-label={`Rename ${team.name}`} title="Rename">
                  <Pencil className="size-4" aria-hidden />
                </Button>
                <Button variant="danger-ghost" size="icon" onClick={() => setDeleting(team)} aria-label={`Delete ${team.name}`} title="Delete">
                  <Trash2 className="size-4" aria-hidden />
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <div className="border-t border-zinc-100 px-5 py-3 text-xs text-zinc-500">
        {data.total === 1 ? '1 team' : `${data.total} teams`}. An organization always keeps at least one team.
      </div>

      <CreateTeamDialog
        open={creating}
        onOpenChange={setCreating}
        onCreated={(team) => {
          setCreating(false);
          toast.success(`Team “${team.name}” created`, { action: { label: 'Switch to it', onClick: () => onSelectTeam(team.id) } });
        }}
      />
      <RenameTeamDialog team={renaming} onClose={() => setRenaming(null)} />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={`Delete the team “${deleting?.name ?? ''}”?`}
        description={`This removes “${deleting?.name ?? ''}” and everything it owns: its connected accounts, uploads, posts, conversations and automations. This cannot be undone.`}
        confirmLabel="Delete team"
        pending={remove.isPending}
        onConfirm={() => deleting && confirmDelete(deleting)}
      />
    </Card>
  );
}
