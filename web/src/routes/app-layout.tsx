import { lazy, Suspense } from 'react';
import { createRoute, defaultStringifySearch, Navigate, Outlet, redirect, retainSearchParams, useNavigate } from '@tanstack/react-router';
import { useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { AppShell } from '@/components/layout/app-shell';
import { LiveIndicator } from '@/components/live-indicator';
import { sessionQueryKey, sessionQueryOptions, useSession } from '@/features/auth/api/get-session';
import { UserMenu } from '@/features/auth/components/user-menu';
import { teamsQueryKey, teamsQueryOptions } from '@/features/teams/api/get-teams';
import { TeamSwitcher } from '@/features/teams/components/team-switcher';
import { registerLiveInvalidation, useLiveEvents } from '@/lib/live-events';
import { chooseTeam, rememberedTeamId, rememberTeamId } from '@/lib/team-selection';
import { rootRoute } from './root';

// The navigation's badges load on their own, after the first page: they must not weigh on it.
const LowRatingBadge = lazy(() => import('@/features/reviews/components/low-rating-badge').then((module) => ({ default: module.LowRatingBadge })));
const UnreadBadge = lazy(() => import('@/features/inbox/components/unread-badge').then((module) => ({ default: module.UnreadBadge })));

// Live events refresh the team switcher and the Teams settings when a team changes anywhere
// (another tab, another person, the API). Other features register their own keys likewise.
registerLiveInvalidation('team.*', () => [teamsQueryKey]);

const appSearch = z.object({
  // Ids are opaque strings; anything else in the URL falls back to the remembered team.
  team: z.string().min(1).optional().catch(undefined),
});

/** Everything behind sign-in. Pages add a route file with `getParentRoute: () => appRoute`. */
export const appRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'app',
  validateSearch: appSearch,
  // Links between pages keep the selected team without each link repeating it.
  search: { middlewares: [retainSearchParams(['team'])] },
  beforeLoad: async ({ context: { queryClient }, location, search }) => {
    const session = await queryClient.ensureQueryData(sessionQueryOptions());
    if (!session) throw redirect({ to: '/login', search: { redirect: location.href }, replace: true });

    let teams = (await queryClient.ensureQueryData(teamsQueryOptions())).items;
    // A team created a moment ago (or in another tab) may not be in the cached list yet.
    if (search.team && !teams.some((team) => team.id === search.team)) teams = (await queryClient.fetchQuery(teamsQueryOptions())).items;
    const team = chooseTeam(teams, search.team, rememberedTeamId(session.organization.id));
    if (team && team.id !== search.team) {
      const query = defaultStringifySearch({ ...(location.search as Record<string, unknown>), team: team.id });
      throw redirect({ href: `${location.pathname}${query}`, replace: true });
    }
    if (team) rememberTeamId(session.organization.id, team.id);
  },
  component: AppLayout,
});

function AppLayout() {
  const session = useSession();
  const { team } = appRoute.useSearch();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // One event stream while signed in. When the server refuses it, the session may have ended: asking
  // for the session again sends the person to sign in if so.
  const liveStatus = useLiveEvents({
    enabled: !!session,
    after: session?.eventCursor,
    onConnectionLost: () => queryClient.invalidateQueries({ queryKey: sessionQueryKey }),
  });
  if (!session) return <Navigate to="/login" search={{}} replace />;
  return (
    <AppShell
      organization={session.organization}
      badges={{
        '/inbox': (
          <Suspense fallback={null}>
            <UnreadBadge teamId={team} enabled={!!session.organization.dmsEnabled} />
          </Suspense>
        ),
        '/reviews': (
          <Suspense fallback={null}>
            <LowRatingBadge teamId={team} />
          </Suspense>
        ),
      }}
      teamSwitcher={
        <TeamSwitcher
          currentTeamId={team}
          onSelect={(id) => navigate({ to: '.', search: (previous: Record<string, unknown>) => ({ ...previous, team: id }) })}
        />
      }
      userMenu={
        <>
          <LiveIndicator status={liveStatus} className="mb-1" />
          <UserMenu user={session.user} />
        </>
      }
    >
      <Outlet />
    </AppShell>
  );
}
