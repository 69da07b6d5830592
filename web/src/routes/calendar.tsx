import { createRoute } from '@tanstack/react-router';
import { CalendarDays } from 'lucide-react';
import { ComingSoon } from '../components/coming-soon';
import { appRoute } from './app-layout';

export const calendarRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'calendar',
  component: () => (
    <ComingSoon
      title="Calendar"
      icon={CalendarDays}
      summary="See what this team has scheduled and published, day by day."
      planned={[
        'Month and week views of scheduled and published posts',
        'Open a post from the calendar to edit or reschedule it',
        'Spot gaps and busy days across all platforms at a glance',
        'Filter by connected account or platform',
      ]}
    />
  ),
});
