import type { ReactNode } from 'react';
import { Card, CardHeader } from './ui/card';

/** One block of a post's page: the platforms, the comments, the analytics (each from its own feature). */
export function PostSection({ title, description, actions, children }: { title: string; description?: string; actions?: ReactNode; children: ReactNode }) {
  return (
    <Card aria-label={title}>
      <CardHeader title={title} description={description} actions={actions} />
      {children}
    </Card>
  );
}
