import type { AnalyticsCapability } from '../../analytics';
import { GbpApi, selectedLocation } from './gbp-api';

/** The Performance API's daily metrics the account's numbers are made of. */
export const DAILY_METRICS = [
  'BUSINESS_IMPRESSIONS_DESKTOP_MAPS',
  'BUSINESS_IMPRESSIONS_DESKTOP_SEARCH',
  'BUSINESS_IMPRESSIONS_MOBILE_MAPS',
  'BUSINESS_IMPRESSIONS_MOBILE_SEARCH',
  'BUSINESS_CONVERSATIONS',
  'BUSINESS_DIRECTION_REQUESTS',
  'CALL_CLICKS',
  'WEBSITE_CLICKS',
  'BUSINESS_BOOKINGS',
  'BUSINESS_FOOD_ORDERS',
] as const;

type Series = { multiDailyMetricTimeSeries?: { dailyMetricTimeSeries?: { dailyMetric: string; timeSeries?: { datedValues?: { value?: string }[] } }[] }[] };

/**
 * Account analytics from the Business Profile Performance API
 * (`locations.fetchMultiDailyMetricsTimeSeries`) over the last 18 months, Google's longest range:
 * impressions are the four impression metrics summed, views the actions people took (calls, website
 * clicks, direction requests, conversations, bookings, orders). Local posts have no insights in any
 * current Google API (v4 `reportInsights` is retired): their numbers stay 0.
 */
export function gbpAnalytics(api: GbpApi): AnalyticsCapability {
  return {
    async account(_env, credentials, target) {
      const location = GbpApi.locationOf(selectedLocation(target.selectedChannelId, 'analytics.account'));
      const end = new Date();
      const start = new Date(end.getTime() - 540 * 24 * 3600_000);
      const query = new URLSearchParams();
      for (const metric of DAILY_METRICS) query.append('dailyMetrics', metric);
      for (const [prefix, date] of [
        ['start_date', start],
        ['end_date', end],
      ] as const) {
        query.set(`dailyRange.${prefix}.year`, String(date.getUTCFullYear()));
        query.set(`dailyRange.${prefix}.month`, String(date.getUTCMonth() + 1));
        query.set(`dailyRange.${prefix}.day`, String(date.getUTCDate()));
      }
      const raw = await api.call<Series>(credentials, {
        operation: 'analytics.account',
        url: `${api.config.performanceBase}/${location}:fetchMultiDailyMetricsTimeSeries?${query}`,
      });
      const totals: Record<string, number> = {};
      for (const group of raw.multiDailyMetricTimeSeries ?? []) {
        for (const series of group.dailyMetricTimeSeries ?? []) {
          totals[series.dailyMetric] = (series.timeSeries?.datedValues ?? []).reduce((sum, item) => sum + Number(item.value ?? 0), 0);
        }
      }
      const sum = (names: string[]) => names.reduce((total, name) => total + (totals[name] ?? 0), 0);
      const impressions = sum(DAILY_METRICS.filter((metric) => metric.startsWith('BUSINESS_IMPRESSIONS')));
      const views = sum(DAILY_METRICS.filter((metric) => !metric.startsWith('BUSINESS_IMPRESSIONS')));
      return {
        metrics: { impressions, impressionsUnique: 0, views, viewsUnique: 0, likes: 0, comments: 0, postCount: 0, followers: 0, following: 0 },
        raw: { ...raw, totals },
      };
    },
    async post() {
      return {
        metrics: { impressions: 0, impressionsUnique: 0, views: 0, viewsUnique: 0, likes: 0, dislikes: 0, comments: 0, shares: 0, saves: 0 },
        raw: { note: 'Google offers no insights for local posts' },
      };
    },
  };
}
