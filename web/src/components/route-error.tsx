import { useQueryErrorResetBoundary } from '@tanstack/react-query';
import { useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { TriangleAlert } from 'lucide-react';
import { useEffect } from 'react';
import { errorMessage } from '@/lib/api-client';
import { Button } from './ui/button';
import { Card } from './ui/card';
import { EmptyState } from './ui/empty-state';

/** What a page shows when its data could not be loaded: the API's message and a way to try again. */
export function RouteError({ error }: ErrorComponentProps) {
  const router = useRouter();
  const queryErrorResetBoundary = useQueryErrorResetBoundary();
  useEffect(() => queryErrorResetBoundary.reset(), [queryErrorResetBoundary]);
  return (
    <Card>
      <EmptyState
        icon={TriangleAlert}
        title="This page could not be loaded"
        description={errorMessage(error)}
        action={
          <Button variant="secondary" onClick={() => router.invalidate()}>
            Try again
          </Button>
        }
      />
    </Card>
  );
}
