import { Plus, RefreshCw, X } from 'lucide-react';
import { useFormContext, type FieldValues } from 'react-hook-form';
import { DEFAULT_GET_STARTED_PAYLOAD, FLOW_LIMITS, type ProviderSettingType } from '@server/automations/shared/automation-constants';
import {
  IceBreakersConfigSchema,
  PersistentMenuConfigSchema,
  type IceBreakersConfig,
  type PersistentMenuConfig,
} from '@server/automations/shared/provider-setting-config';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Form, FormError, FormField, TextField } from '@/components/ui/form';
import { NativeSelect } from '@/components/ui/native-select';
import { errorMessage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { toast } from '@/lib/toast';
import { useSaveProviderSetting, useSyncProviderSetting, type ProviderSetting } from '../api/provider-settings';
import { useListField } from '../lib/list-field';
import { PhonePreview } from './phone-preview';

type Props = {
  teamId: string;
  socialAccountId: string;
  accountName: string;
  type: ProviderSettingType;
  platform: 'INSTAGRAM' | 'FACEBOOK';
  setting: ProviderSetting | null;
};

const STATUS_TONES = { DRAFT: 'neutral', DISABLED: 'neutral', SYNCED: 'success', SYNC_FAILED: 'danger' } as const;
const STATUS_LABELS = { DRAFT: 'Saved, not synced', DISABLED: 'Disabled', SYNCED: 'Live on the platform', SYNC_FAILED: 'Sync failed' } as const;

export function ProviderSettingEditor({ teamId, socialAccountId, accountName, type, platform, setting }: Props) {
  const save = useSaveProviderSetting(teamId);
  const sync = useSyncProviderSetting(teamId);
  const onSave = async (config: IceBreakersConfig | PersistentMenuConfig) => {
    const body =
      platform === 'INSTAGRAM' ? { teamId, platform, config: config as IceBreakersConfig } : { teamId, platform, config: config as PersistentMenuConfig };
    await save.mutateAsync({ socialAccountId, type, body });
    toast.success('Saved. Sync to put it live.');
  };
  const status = (
    <div className="space-y-2 text-sm" aria-label="Sync status">
      <div className="flex flex-wrap items-center gap-2">
        {setting ? <Badge tone={STATUS_TONES[setting.status]}>{STATUS_LABELS[setting.status]}</Badge> : <Badge>Not saved yet</Badge>}
        {setting?.lastSyncedAt ? <span className="text-xs text-zinc-500">Last synced {formatDateTime(setting.lastSyncedAt)}</span> : null}
      </div>
      {setting?.lastSyncError ? (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-red-800">
          {setting.lastSyncError.message}
        </p>
      ) : null}
      {sync.isError ? (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-red-800">
          The platform refused it: {errorMessage(sync.error)}
        </p>
      ) : null}
      <Button variant="secondary" disabled={!setting} pending={sync.isPending} onClick={() => setting && sync.mutate(setting.id)}>
        <RefreshCw className="size-4" aria-hidden />
        Sync to {platform === 'INSTAGRAM' ? 'Instagram' : 'Facebook'}
      </Button>
    </div>
  );
  return platform === 'INSTAGRAM' ? (
    <Form
      schema={IceBreakersConfigSchema}
      defaultValues={(setting?.config as IceBreakersConfig | undefined) ?? { iceBreakers: [{ question: '', payload: '' }] }}
      onSubmit={onSave}
      aria-label="Ice breakers"
    >
      {(form) => (
        <Layout
          status={status}
          pending={save.isPending}
          preview={<PhonePreview kind="ice-breakers" accountName={accountName} questions={(form.watch('iceBreakers') ?? []).map((item) => item.question)} />}
        >
          <ItemList name="iceBreakers" max={FLOW_LIMITS.iceBreakers} empty={{ question: '', payload: '' }} addLabel="Add a question">
            {(index) => (
              <>
                <TextField name={`iceBreakers.${index}.question`} label={`Question ${index + 1}`} />
                <TextField name={`iceBreakers.${index}.payload`} label="Payload" description="What a flow's quick reply trigger matches" />
              </>
            )}
          </ItemList>
        </Layout>
      )}
    </Form>
  ) : (
    <Form
      schema={PersistentMenuConfigSchema}
      defaultValues={
        (setting?.config as PersistentMenuConfig | undefined) ?? {
          getStartedPayload: DEFAULT_GET_STARTED_PAYLOAD,
          composerInputDisabled: false,
          items: [{ type: 'POSTBACK', title: '', payload: '' }],
        }
      }
      onSubmit={onSave}
      aria-label="Persistent menu"
    >
      {(form) => (
        <Layout
          status={status}
          pending={save.isPending}
          preview={
            <PhonePreview
              kind="menu"
              accountName={accountName}
              items={(form.watch('items') ?? []).map((item) => item.title)}
              composerDisabled={!!form.watch('composerInputDisabled')}
            />
          }
        >
          <TextField name="getStartedPayload" label="Get started payload" />
          <label className="flex items-center gap-2 text-sm text-zinc-700">
            <input type="checkbox" {...form.register('composerInputDisabled')} />
            People can only use the menu (no typing)
          </label>
          <ItemList name="items" max={FLOW_LIMITS.menuItems} empty={{ type: 'POSTBACK', title: '', payload: '' }} addLabel="Add a menu item">
            {(index) => <MenuItemFields index={index} />}
          </ItemList>
        </Layout>
      )}
    </Form>
  );
}

function Layout({ children, preview, status, pending }: { children: React.ReactNode; preview: React.ReactNode; status: React.ReactNode; pending: boolean }) {
  return (
    <div className="grid gap-6 lg:grid-cols-[1fr_18rem]">
      <Card className="space-y-4 p-5">
        {children}
        <FormError />
        <div className="flex flex-wrap items-start justify-between gap-4 border-t border-zinc-100 pt-4">
          <Button type="submit" pending={pending}>
            Save
          </Button>
          {status}
        </div>
      </Card>
      {preview}
    </div>
  );
}

function ItemList({
  name,
  max,
  empty,
  addLabel,
  children,
}: {
  name: string;
  max: number;
  empty: FieldValues;
  addLabel: string;
  children: (index: number) => React.ReactNode;
}) {
  const { items, append, remove } = useListField(name);
  return (
    <div className="space-y-3">
      {items.map((_, index) => (
        <fieldset key={index} className="relative space-y-3 rounded-lg border border-zinc-200 p-3">
          {children(index)}
          <Button variant="danger-ghost" size="sm" onClick={() => remove(index)} aria-label={`Remove item ${index + 1}`}>
            <X className="size-3" aria-hidden />
            Remove
          </Button>
        </fieldset>
      ))}
      {items.length < max ? (
        <Button variant="secondary" size="sm" onClick={() => append(empty)}>
          <Plus className="size-3" aria-hidden />
          {addLabel}
        </Button>
      ) : null}
    </div>
  );
}

function MenuItemFields({ index }: { index: number }) {
  const { register, watch, setValue, unregister } = useFormContext<PersistentMenuConfig>();
  const kind = watch(`items.${index}.type`);
  return (
    <>
      <FormField name={`items.${index}.type`} label="Opens">
        {({ id }) => (
          <NativeSelect
            id={id}
            {...register(`items.${index}.type`, {
              // The item is one shape or the other: the field of the other kind must go.
              onChange: (event: { target: { value: string } }) => {
                const [gone, kept] = event.target.value === 'URL' ? (['payload', 'url'] as const) : (['url', 'payload'] as const);
                unregister(`items.${index}.${gone}` as never);
                setValue(`items.${index}.${kept}` as never, '' as never);
              },
            })}
          >
            <option value="POSTBACK">A reply (payload)</option>
            <option value="URL">A web page</option>
          </NativeSelect>
        )}
      </FormField>
      <TextField name={`items.${index}.title`} label={`Item ${index + 1} title`} />
      {kind === 'URL' ? (
        <TextField name={`items.${index}.url`} label="URL" placeholder="https://" />
      ) : (
        <TextField name={`items.${index}.payload`} label="Payload" />
      )}
    </>
  );
}
