import { Link } from '@tanstack/react-router';
import { AlertCircle, ArrowLeft, Globe, MapPin, Phone, Store, Tag } from 'lucide-react';
import type { ReactNode } from 'react';
import { AccountAvatar } from '@/components/account-avatar';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { useTeamAccounts } from '@/api/get-team-accounts';
import { errorMessage } from '@/lib/api-client';
import { useLocationAttributes } from '../api/get-attributes';
import { useLocation } from '../api/get-location';
import { usePlaceActionLinks } from '../api/get-place-action-links';
import type { GbpLocation } from '../lib/location-types';
import { AttributesCard } from './attributes-card';
import { HoursCard } from './hours-card';
import { PlaceActionLinksCard } from './place-action-links-card';

/** The Google Business location the team's account acts as: its profile, hours, attributes and action links. */
export function LocationPage({ teamId }: { teamId: string }) {
  const { data: accounts } = useTeamAccounts(teamId);
  const account = accounts.find((item) => item.type === 'GOOGLE_BUSINESS');
  const selected = !!account?.channelId;
  return (
    <div className="space-y-6">
      <Link to="/accounts" className="inline-flex items-center gap-1 text-sm text-zinc-500 hover:text-zinc-800">
        <ArrowLeft className="size-4" aria-hidden />
        All accounts
      </Link>
      <header className="flex items-center gap-3.5">
        {account ? <AccountAvatar account={account} /> : null}
        <div className="min-w-0">
          <h1 className="text-2xl font-semibold tracking-tight text-zinc-900">Google Business location</h1>
          <p className="truncate text-sm text-zinc-500">{account ? (account.displayName ?? account.username ?? 'Google Business') : 'No account connected'}</p>
        </div>
      </header>
      {!account ? (
        <Card>
          <EmptyState
            icon={Store}
            title="No Google Business account"
            description="Connect a Google Business Profile on the Accounts page to manage its location here."
            action={
              <Button asChild variant="secondary">
                <Link to="/accounts">Go to accounts</Link>
              </Button>
            }
          />
        </Card>
      ) : !selected ? (
        <Card>
          <EmptyState
            icon={MapPin}
            title="Choose a location first"
            description="This Google account manages several locations. Pick the one SocialDesk acts as from the account's card."
            action={
              <Button asChild variant="secondary">
                <Link to="/accounts">Choose a location</Link>
              </Button>
            }
          />
        </Card>
      ) : (
        <LocationSections teamId={teamId} />
      )}
    </div>
  );
}

function LocationSections({ teamId }: { teamId: string }) {
  const location = useLocation(teamId);
  const attributes = useLocationAttributes(teamId);
  const links = usePlaceActionLinks(teamId);
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,7fr)_minmax(0,5fr)] lg:items-start">
      <div className="space-y-6">
        <Loaded query={location} what="the location" skeleton="h-52">
          {(data) => (
            <>
              <LocationSummary location={data} />
              <HoursCard teamId={teamId} location={data} />
            </>
          )}
        </Loaded>
      </div>
      <div className="space-y-6">
        <Loaded query={links} what="the action links" skeleton="h-40">
          {(data) => <PlaceActionLinksCard teamId={teamId} links={data} />}
        </Loaded>
        <Loaded query={attributes} what="the attributes" skeleton="h-96">
          {(data) => <AttributesCard teamId={teamId} attributes={data} />}
        </Loaded>
      </div>
    </div>
  );
}

type Query<T> = { data: T | undefined; error: unknown; isPending: boolean; isFetching: boolean; refetch: () => unknown };

/** A section's data, its skeleton while it loads, or the server's message with a retry. */
function Loaded<T>({ query, what, skeleton, children }: { query: Query<T>; what: string; skeleton: string; children: (data: T) => ReactNode }) {
  if (query.data !== undefined) return children(query.data);
  if (query.isPending) return <Skeleton className={`${skeleton} w-full`} aria-label={`Loading ${what}`} />;
  return (
    <Card role="alert" className="flex items-start gap-3 border-red-200 bg-red-50 px-5 py-4 text-sm text-red-800">
      <AlertCircle className="mt-0.5 size-4 shrink-0" aria-hidden />
      <div className="flex-1 space-y-2">
        <p>
          Could not load {what}: {errorMessage(query.error)}
        </p>
        <Button variant="secondary" size="sm" pending={query.isFetching} onClick={() => void query.refetch()}>
          Try again
        </Button>
      </div>
    </Card>
  );
}

function LocationSummary({ location }: { location: GbpLocation }) {
  const address = location.storefrontAddress;
  const addressText = address
    ? [...(address.addressLines ?? []), [address.locality, address.administrativeArea, address.postalCode].filter(Boolean).join(' '), address.regionCode]
        .filter(Boolean)
        .join(', ')
    : '';
  const categories = [location.categories?.primaryCategory, ...(location.categories?.additionalCategories ?? [])].filter(
    (category): category is { name?: string; displayName?: string } => !!category?.name,
  );
  return (
    <Card aria-label="Location profile">
      <div className="flex items-start justify-between gap-3 border-b border-zinc-200 px-5 py-4">
        <div className="min-w-0">
          <h2 className="truncate text-base font-semibold text-zinc-900">{location.title ?? 'Untitled location'}</h2>
          {location.storeCode ? <p className="text-xs text-zinc-500">Store code {location.storeCode}</p> : null}
        </div>
        {location.openInfo?.status ? (
          <Badge tone={location.openInfo.status === 'OPEN' ? 'success' : 'warning'}>{statusLabel(location.openInfo.status)}</Badge>
        ) : null}
      </div>
      <dl className="divide-y divide-zinc-100 text-sm">
        <SummaryRow icon={MapPin} label="Address">
          {addressText || <span className="text-zinc-400">No storefront address</span>}
        </SummaryRow>
        <SummaryRow icon={Phone} label="Phone">
          {location.phoneNumbers?.primaryPhone ?? <span className="text-zinc-400">No phone number</span>}
        </SummaryRow>
        <SummaryRow icon={Globe} label="Website">
          {location.websiteUri ? (
            <a href={location.websiteUri} target="_blank" rel="noreferrer" className="break-all text-accent-700 hover:underline">
              {location.websiteUri}
            </a>
          ) : (
            <span className="text-zinc-400">No website</span>
          )}
        </SummaryRow>
        <SummaryRow icon={Tag} label="Categories">
          {categories.length > 0 ? (
            <span className="flex flex-wrap gap-1">
              {categories.map((category, index) => (
                <Badge key={category.name} tone={index === 0 ? 'accent' : 'neutral'}>
                  {category.displayName ?? categoryLabel(category.name!)}
                  {index === 0 ? <span className="sr-only"> (primary)</span> : null}
                </Badge>
              ))}
            </span>
          ) : (
            <span className="text-zinc-400">No category</span>
          )}
        </SummaryRow>
      </dl>
    </Card>
  );
}

function SummaryRow({ icon: Icon, label, children }: { icon: typeof MapPin; label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[7.5rem_1fr] gap-3 px-5 py-3">
      <dt className="flex items-center gap-2 text-zinc-500">
        <Icon className="size-4" aria-hidden />
        {label}
      </dt>
      <dd className="min-w-0 text-zinc-900">{children}</dd>
    </div>
  );
}

const statusLabel = (status: string) =>
  ({ OPEN: 'Open', CLOSED_TEMPORARILY: 'Temporarily closed', CLOSED_PERMANENTLY: 'Permanently closed' })[status] ?? status;
/** `categories/gcid:coffee_shop` reads "Coffee shop" when Google sent no display name. */
const categoryLabel = (name: string) => {
  const words = name.replace(/^categories\/(gcid:)?/, '').replaceAll('_', ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
};

export function LocationSkeleton() {
  return (
    <div className="space-y-6" aria-busy="true">
      <Skeleton className="h-4 w-24" />
      <Skeleton className="h-11 w-72" />
      <div className="grid gap-6 lg:grid-cols-2">
        <Skeleton className="h-80 w-full" />
        <Skeleton className="h-80 w-full" />
      </div>
    </div>
  );
}
