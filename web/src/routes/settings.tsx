import { createRoute, Link, Outlet, redirect } from '@tanstack/react-router';
import { Gauge, KeyRound, UsersRound, Webhook } from 'lucide-react';
import { PageHeader } from '@/components/ui/page-header';
import { appRoute } from './app-layout';

const SECTIONS = [
  { to: '/settings/api-keys', label: 'API keys', icon: KeyRound },
  { to: '/settings/teams', label: 'Teams', icon: UsersRound },
  { to: '/settings/webhooks', label: 'Webhooks', icon: Webhook },
  { to: '/settings/usage', label: 'Usage', icon: Gauge },
] as const;

export const settingsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'settings',
  component: SettingsLayout,
});

export const settingsIndexRoute = createRoute({
  getParentRoute: () => settingsRoute,
  path: '/',
  beforeLoad: () => {
    throw redirect({ to: '/settings/api-keys', replace: true });
  },
});

function SettingsLayout() {
  return (
    <>
      <PageHeader
        title="Settings"
        description="Manage your organization's teams, the API keys apps use to reach it, the webhooks it sends, and what it uses of its plan."
      />
      <nav aria-label="Settings sections" className="mb-6 border-b border-zinc-200">
        <ul className="-mb-px flex gap-6">
          {SECTIONS.map(({ to, label, icon: Icon }) => (
            <li key={to}>
              <Link
                to={to}
                className="flex items-center gap-2 border-b-2 border-transparent px-0.5 pb-3 text-sm font-medium text-zinc-500 transition-colors hover:border-zinc-300 hover:text-zinc-800"
                activeProps={{ className: 'border-accent-600! text-accent-700!', 'aria-current': 'page' }}
              >
                <Icon className="size-4" aria-hidden />
                {label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <Outlet />
    </>
  );
}
