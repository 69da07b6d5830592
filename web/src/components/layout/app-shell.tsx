import * as DialogPrimitive from '@radix-ui/react-dialog';
import { Link } from '@tanstack/react-router';
import { Menu, X } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Badge } from '../ui/badge';
import { Logo } from './logo';
import { NAV_ITEMS, type NavItem } from './nav-items';

type AppShellProps = {
  organization: { name: string | null; plan: string };
  teamSwitcher: ReactNode;
  userMenu: ReactNode;
  /** Something to show beside a navigation item (a count of what waits there), by its path. */
  badges?: Partial<Record<NavItem['to'], ReactNode>>;
  children: ReactNode;
};

/** Sidebar on wide screens, a slide-over menu on narrow ones; the page fills the rest. */
export function AppShell({ organization, teamSwitcher, userMenu, badges, children }: AppShellProps) {
  const [menuOpen, setMenuOpen] = useState(false);
  const sidebar = <Sidebar organization={organization} teamSwitcher={teamSwitcher} userMenu={userMenu} badges={badges} onNavigate={() => setMenuOpen(false)} />;
  return (
    <div className="min-h-screen lg:pl-64">
      <aside className="fixed inset-y-0 left-0 hidden w-64 border-r border-zinc-200 bg-white lg:flex">{sidebar}</aside>

      <DialogPrimitive.Root open={menuOpen} onOpenChange={setMenuOpen}>
        <div className="sticky top-0 z-30 flex h-14 items-center gap-3 border-b border-zinc-200 bg-white/90 px-4 backdrop-blur lg:hidden">
          <DialogPrimitive.Trigger className="rounded-md p-1.5 text-zinc-600 hover:bg-zinc-100" aria-label="Open navigation">
            <Menu className="size-5" aria-hidden />
          </DialogPrimitive.Trigger>
          <Logo />
        </div>
        <DialogPrimitive.Portal>
          <DialogPrimitive.Overlay className="fixed inset-0 z-40 bg-zinc-950/40 lg:hidden" />
          <DialogPrimitive.Content
            className="fixed inset-y-0 left-0 z-50 flex w-72 max-w-[85vw] bg-white shadow-xl focus:outline-none lg:hidden"
            aria-describedby={undefined}
          >
            <DialogPrimitive.Title className="sr-only">Navigation</DialogPrimitive.Title>
            {sidebar}
            <DialogPrimitive.Close className="absolute top-4 right-3 rounded-md p-1 text-zinc-400 hover:bg-zinc-100" aria-label="Close navigation">
              <X className="size-4" aria-hidden />
            </DialogPrimitive.Close>
          </DialogPrimitive.Content>
        </DialogPrimitive.Portal>
      </DialogPrimitive.Root>

      <main className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 lg:px-10 lg:py-10">{children}</main>
    </div>
  );
}

function Sidebar({ organization, teamSwitcher, userMenu, badges, onNavigate }: Omit<AppShellProps, 'children'> & { onNavigate: () => void }) {
  return (
    <div className="flex h-full w-full flex-col">
      <div className="flex h-16 shrink-0 items-center px-5">
        <Logo />
      </div>
      <div className="px-3 pb-3">{teamSwitcher}</div>
      <nav aria-label="Main" className="flex-1 overflow-y-auto px-3 py-2">
        <ul className="space-y-0.5">
          {NAV_ITEMS.map(({ to, label, icon: Icon }) => (
            <li key={to}>
              <Link
                to={to}
                onClick={onNavigate}
                className="group flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium text-zinc-600 transition-colors hover:bg-zinc-100 hover:text-zinc-900"
                activeProps={{ className: 'bg-accent-50! text-accent-700! hover:bg-accent-50!', 'aria-current': 'page' }}
              >
                <Icon className="size-4 shrink-0 opacity-80" aria-hidden />
                {label}
                {badges?.[to] ? <span className="ml-auto">{badges[to]}</span> : null}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <div className="border-t border-zinc-200 p-3">
        <div className="mb-2 flex items-center justify-between gap-2 px-2 py-1">
          <div className="min-w-0">
            <p className="text-xs text-zinc-500">Organization</p>
            <p className="truncate text-sm font-medium text-zinc-900" title={organization.name ?? undefined}>
              {organization.name ?? 'Unnamed organization'}
            </p>
          </div>
          <Badge tone="accent" aria-label={`Plan: ${organization.plan}`}>
            {organization.plan}
          </Badge>
        </div>
        {userMenu}
      </div>
    </div>
  );
}
