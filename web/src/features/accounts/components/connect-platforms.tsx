import { Check, TriangleAlert } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardHeader } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { Label } from '@/components/ui/label';
import type { AccountType } from '@/api/get-team-accounts';
import { ACCOUNT_TYPES, MESSAGING_TYPES, platformLabel, readableList } from '../lib/platforms';
import { NativeSelect } from '@/components/ui/native-select';
import { PlatformIcon } from '@/components/platform-icon';
import { Badge } from '@/components/ui/badge';
import type { OfferedPlatforms } from '../api/get-offered-platforms';

export type InstagramLogin = 'INSTAGRAM' | 'FACEBOOK';

type ConnectPlatformsProps = {
  connectedTypes: Set<string>;
  instagramLogin: InstagramLogin;
  onInstagramLoginChange: (value: InstagramLogin) => void;
  dmsEnabled: boolean;
  withMessaging: boolean;
  onWithMessagingChange: (value: boolean) => void;
  pendingType: AccountType | null;
  /** What the server offers (LIVE_PLATFORMS, SANDBOX): only these are shown, live first. */
  offered: OfferedPlatforms['platforms'];
  /** The server's word that Instagram, Facebook or Threads cannot fetch media from PUBLIC_URL. */
  mediaFetchWarning: string | null;
  onConnect: (type: AccountType, mode: 'sandbox' | 'live') => void;
};

/** One button per platform; each opens the platform's consent page and comes back here. */
export function ConnectPlatforms(props: ConnectPlatformsProps) {
  const { connectedTypes, dmsEnabled, withMessaging, onWithMessagingChange, pendingType, onConnect } = props;
  const modesOf = new Map(props.offered.map((platform) => [platform.type, platform.modes]));
  // One button per platform and mode: a live platform is also offered in the sandbox while the sandbox is on.
  const buttons = ACCOUNT_TYPES.flatMap((type) => (modesOf.get(type) ?? []).map((mode) => ({ type, mode })));
  return (
    <Card id="connect" aria-label="Connect an account">
      <CardHeader
        title="Connect an account"
        description="You log in at the platform, choose the account and what it may do, and come back here. A team has one account per platform."
      />
      <div className="flex flex-col gap-3 border-b border-zinc-100 px-5 py-3 md:flex-row md:items-start md:justify-between">
        {dmsEnabled ? (
          <div className="flex items-start gap-3">
            <Checkbox
              id="connect-with-messaging"
              className="mt-0.5"
              checked={withMessaging}
              onCheckedChange={(checked) => onWithMessagingChange(checked === true)}
            />
            <Label htmlFor="connect-with-messaging" className="cursor-pointer font-normal">
              Ask for direct-message access
              <span className="block text-xs text-zinc-500">
                {readableList(MESSAGING_TYPES.map(platformLabel))} only. Needed to read and answer DMs in the inbox and for DM automations.
              </span>
            </Label>
          </div>
        ) : (
          <span />
        )}
        <div className="flex shrink-0 items-center gap-2">
          <Label htmlFor="connect-instagram-login" className="font-normal whitespace-nowrap text-zinc-600">
            Instagram login
          </Label>
          <NativeSelect
            id="connect-instagram-login"
            className="h-8 w-auto text-xs"
            value={props.instagramLogin}
            onChange={(event) => props.onInstagramLoginChange(event.target.value as InstagramLogin)}
          >
            <option value="INSTAGRAM">With Instagram</option>
            <option value="FACEBOOK">With Facebook (pick the account after)</option>
          </NativeSelect>
        </div>
      </div>
      {props.mediaFetchWarning ? (
        <p role="alert" className="mx-4 mt-4 flex items-start gap-2 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2.5 text-sm text-amber-900">
          <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
          <span>{props.mediaFetchWarning}</span>
        </p>
      ) : null}
      <ul aria-label="Platforms" className="grid gap-2 p-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
        {buttons.map(({ type, mode }) => {
          const connected = connectedTypes.has(type);
          const label = platformLabel(type);
          const live = mode === 'live';
          const name = live ? `${label} (live)` : label;
          return (
            <li key={`${type}-${mode}`}>
              <Button
                variant="secondary"
                className="h-auto w-full justify-start gap-3 px-3 py-2.5 text-left"
                disabled={connected || pendingType !== null}
                pending={pendingType === type}
                onClick={() => onConnect(type, mode)}
                aria-label={connected ? `${name} (connected)` : `Connect ${name}`}
              >
                {pendingType === type ? null : <PlatformIcon platform={type} size="lg" />}
                <span className="min-w-0 flex-1 truncate">{label}</span>
                {live ? <Badge tone="success">Live</Badge> : null}
                {connected ? <Check className="size-4 text-emerald-600" aria-hidden /> : null}
              </Button>
            </li>
          );
        })}
      </ul>
    </Card>
  );
}
