import { Link } from '@tanstack/react-router';
import { Users } from 'lucide-react';
import { usePostingAccounts } from '@/api/get-team-accounts';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import type { Post } from '../api/get-posts';
import { ComposerForm } from './composer/composer-form';
import { ComposerHeader } from './composer/composer-header';

/** A new post, or `post` opened for editing (its saved values are the form's defaults). */
export function ComposerPage({ teamId, post }: { teamId: string; post?: Post }) {
  const { data: accounts } = usePostingAccounts(teamId);

  if (accounts.length === 0) {
    return (
      <>
        <ComposerHeader editing={!!post} />
        <Card>
          <EmptyState
            icon={Users}
            title="Connect an account first"
            description="Posts go to the social accounts connected to this team. Connect one, then come back to write your post."
            action={
              <Button asChild>
                <Link to="/accounts">Go to Accounts</Link>
              </Button>
            }
          />
        </Card>
      </>
    );
  }

  return <ComposerForm teamId={teamId} post={post} accounts={accounts} />;
}

export function ComposerSkeleton() {
  return (
    <div aria-busy="true" aria-label="Loading the composer">
      <PageHeader title="New post" />
      <div className="grid gap-6 xl:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="space-y-6">
          <Skeleton className="h-28" />
          <Skeleton className="h-48" />
        </div>
        <Skeleton className="h-64" />
      </div>
    </div>
  );
}
