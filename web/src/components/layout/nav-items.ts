import { Bot, CalendarDays, Inbox, type LucideIcon, PenSquare, Settings, Star, Users } from 'lucide-react';

export type NavItem = { to: '/posts' | '/calendar' | '/inbox' | '/reviews' | '/automations' | '/accounts' | '/settings'; label: string; icon: LucideIcon };

/** The sidebar, in order. A new page adds its route file and, when it is top-level, a line here. */
export const NAV_ITEMS: NavItem[] = [
  { to: '/posts', label: 'Posts', icon: PenSquare },
  { to: '/calendar', label: 'Calendar', icon: CalendarDays },
  { to: '/inbox', label: 'Inbox', icon: Inbox },
  { to: '/reviews', label: 'Reviews', icon: Star },
  { to: '/automations', label: 'Automations', icon: Bot },
  { to: '/accounts', label: 'Accounts', icon: Users },
  { to: '/settings', label: 'Settings', icon: Settings },
];
