import { useFormContext } from 'react-hook-form';
import { CLICK_TRIGGERS, MATCH_MODES, PLATFORM_SUPPORT, TEXT_TRIGGERS, type AutomationPlatform } from '@server/automations/shared/automation-constants';
import { TriggerSchema, type TriggerInput } from '@server/automations/shared/flow-definition';
import type { SocialAccount } from '@/api/get-team-accounts';
import { FormField } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { usePostedPosts } from '../../api/team-data';
import { accountLabel, TRIGGER_LABELS } from '../../lib/flow-summary';
import { NodeForm, SelectField } from './node-form';

type Props = { teamId: string; trigger: TriggerInput; accounts: SocialAccount[]; platforms: AutomationPlatform[]; onChange: (trigger: TriggerInput) => void };

/** Keywords and payloads are edited as one comma-separated line. */
const toList = (text: string) =>
  text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);

export function TriggerForm({ teamId, trigger, accounts, platforms, onChange }: Props) {
  return (
    <NodeForm<TriggerInput> schema={TriggerSchema} value={trigger} onChange={onChange} label="Trigger settings">
      {(form) => {
        const type = form.watch('type');
        const platform = form.watch('platform');
        const onAccount = accounts.filter((account) => account.type === platform && !account.deletedAt);
        return (
          <>
            <FormField name="type" label="Starts when">
              {({ id }) => (
                <NativeSelect
                  id={id}
                  {...form.register('type', {
                    // Click triggers read payloads, text triggers keywords: the other kind's fields go.
                    onChange: (event: { target: { value: TriggerInput['type'] } }) => {
                      const clicks = CLICK_TRIGGERS.includes(event.target.value);
                      form.setValue('keywords', clicks ? undefined : (form.getValues('keywords') ?? []));
                      form.setValue('matchMode', clicks ? undefined : (form.getValues('matchMode') ?? 'ANY'));
                      form.setValue('caseSensitive', undefined);
                      form.setValue('payloads', clicks ? (form.getValues('payloads') ?? []) : undefined);
                      if (event.target.value !== 'COMMENT_CREATED') form.setValue('postId', undefined);
                    },
                  })}
                >
                  {PLATFORM_SUPPORT[platform].triggers.map((value) => (
                    <option key={value} value={value}>
                      {TRIGGER_LABELS[value]}
                    </option>
                  ))}
                </NativeSelect>
              )}
            </FormField>
            <SelectField name="platform" label="Platform" options={platforms} />
            <FormField name="socialAccountId" label="Account">
              {({ id, invalid }) => (
                <NativeSelect
                  id={id}
                  aria-invalid={invalid || undefined}
                  {...form.register('socialAccountId', { setValueAs: (value: string) => value || null })}
                >
                  <option value="">Choose an account</option>
                  {onAccount.map((account) => (
                    <option key={account.id} value={account.id}>
                      {accountLabel(account)}
                    </option>
                  ))}
                </NativeSelect>
              )}
            </FormField>
            {type === 'COMMENT_CREATED' ? <PostField teamId={teamId} socialAccountId={form.watch('socialAccountId') ?? null} /> : null}
            {TEXT_TRIGGERS.includes(type) ? (
              <>
                <ListField name="keywords" label="Keywords" description="Separate with commas; empty: any text" />
                <SelectField name="matchMode" label="Match" options={MATCH_MODES} />
              </>
            ) : (
              <ListField name="payloads" label="Payloads" description="The button or quick reply payloads that start the flow" />
            )}
          </>
        );
      }}
    </NodeForm>
  );
}

function ListField({ name, label, description }: { name: 'keywords' | 'payloads'; label: string; description: string }) {
  const { getValues, setValue } = useFormContext<TriggerInput>();
  // The input holds the text as typed; the form holds the list it means.
  return (
    <FormField name={name} label={label} description={description}>
      {({ id, invalid, describedBy }) => (
        <Input
          id={id}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          defaultValue={(getValues(name) ?? []).join(', ')}
          onChange={(event) => setValue(name, toList(event.target.value), { shouldDirty: true, shouldValidate: true })}
        />
      )}
    </FormField>
  );
}

function PostField({ teamId, socialAccountId }: { teamId: string; socialAccountId: string | null }) {
  const { register } = useFormContext<TriggerInput>();
  const posts = usePostedPosts(teamId);
  // A comment flow listens on one post published through the service on its account.
  const onAccount = (posts.data ?? []).filter(
    (post) => !socialAccountId || post.socialAccounts.some((target) => target.socialAccountId === socialAccountId && !target.deletedAt),
  );
  return (
    <FormField name="postId" label="Post" description="Comments on this published post start the flow">
      {({ id, invalid, describedBy }) => (
        <NativeSelect
          id={id}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          {...register('postId', { setValueAs: (value: string) => value || null })}
        >
          <option value="">Choose a post</option>
          {onAccount.map((post) => (
            <option key={post.id} value={post.id}>
              {post.title || post.id}
            </option>
          ))}
        </NativeSelect>
      )}
    </FormField>
  );
}
