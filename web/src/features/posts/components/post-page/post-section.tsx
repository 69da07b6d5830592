import type { ReactNode } from 'react';
import { Card, CardHeader } from '../../../../components/ui/card';

/** One block of the post's page (platforms today; comments and analytics plug in the same way). */
export function PostSection({ title, description, actions, children }: { title: string; description?: string; actions?: ReactNode; children: ReactNode }) {
  return (
    <Card aria-label={title}>
      <CardHeader title={title} description={description} actions={actions} />
      {children}
    </Card>
  );
}
