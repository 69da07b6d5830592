import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogFooter } from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { toast } from '@/lib/toast';
import type { Flow } from '../api/flows';
import { useCopyFlow } from '../api/flows';
import { useOrganizationTeams } from '../api/team-data';

/** Copies land as drafts without an account: the target team points them at one of its own. */
export function CopyFlowDialog({ flow, onClose }: { flow: Flow; onClose: () => void }) {
  const teams = useOrganizationTeams();
  const others = (teams.data ?? []).filter((team) => team.id !== flow.teamId);
  const [target, setTarget] = useState('');
  const copy = useCopyFlow();
  const chosen = target || others[0]?.id || '';
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent
        title={`Copy “${flow.name}” to another team`}
        description="The copy is a draft with no account or post: choose them in the editor before publishing."
      >
        {others.length === 0 && !teams.isPending ? (
          <p className="text-sm text-zinc-600">There is no other team in this organization.</p>
        ) : (
          <div className="space-y-1.5">
            <Label htmlFor="copy-target">Team</Label>
            <NativeSelect id="copy-target" value={chosen} onChange={(event) => setTarget(event.target.value)}>
              {others.map((team) => (
                <option key={team.id} value={team.id}>
                  {team.name}
                </option>
              ))}
            </NativeSelect>
          </div>
        )}
        <DialogFooter>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button
            disabled={!chosen}
            pending={copy.isPending}
            onClick={() =>
              copy.mutate(
                { sourceTeamId: flow.teamId, targetTeamId: chosen, flowId: flow.id },
                { onSuccess: () => (toast.success('Copied as a draft'), onClose()) },
              )
            }
          >
            Copy
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
