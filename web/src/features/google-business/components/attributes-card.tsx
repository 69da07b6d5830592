import { ListChecks } from 'lucide-react';
import { useMemo } from 'react';
import { Controller, get, useFormContext } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Card, CardHeader } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { EmptyState } from '@/components/ui/empty-state';
import { Form, FormError } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { Switch } from '@/components/ui/switch';
import { toast } from '@/lib/toast';
import type { LocationAttributes } from '../api/get-attributes';
import { useUpdateAttributes } from '../api/update-attributes';
import { attributeFormValues, attributeKey, attributeOf, attributesFormSchema, groupsOf, type AttributeValue } from '../lib/attributes';
import type { AttributeMeta, GbpAttribute } from '../lib/location-types';

/** The attributes Google offers this location's category, as switches, selects, checkboxes and links. */
export function AttributesCard({ teamId, attributes }: { teamId: string; attributes: LocationAttributes }) {
  const update = useUpdateAttributes(teamId);
  const schema = useMemo(() => attributesFormSchema(attributes.available), [attributes.available]);
  if (attributes.available.length === 0) {
    return (
      <Card aria-label="Attributes">
        <CardHeader title="Attributes" />
        <EmptyState icon={ListChecks} title="No attributes for this category" description="Google offers no attributes for the location's primary category." />
      </Card>
    );
  }
  return (
    <Card aria-label="Attributes">
      <CardHeader title="Attributes" description="What customers see about the place: accessibility, amenities, payments." />
      <Form
        schema={schema}
        className="space-y-0"
        defaultValues={attributeFormValues(attributes.available, attributes.current)}
        onSubmit={async (values, form) => {
          // Only what changed is sent: an attribute left alone keeps whatever Google (or its owner) set.
          const dirty = (form.formState.dirtyFields.values ?? {}) as Record<string, unknown>;
          const changed = attributes.available.filter((meta) => dirty[attributeKey(meta)]);
          const list = changed.map((meta) => attributeOf(meta, values.values[attributeKey(meta)])).filter((item): item is GbpAttribute => item !== null);
          const saved = await update.mutateAsync({ mask: changed.map((meta) => meta.parent), attributes: list });
          form.reset(attributeFormValues(attributes.available, saved.attributes as GbpAttribute[]));
          toast.success('Attributes saved');
        }}
      >
        {(form) => (
          <>
            <div className="divide-y divide-zinc-100">
              {groupsOf(attributes.available).map(([group, items]) => (
                <fieldset key={group} className="px-5 py-4">
                  <legend className="float-left mb-3 w-full text-xs font-semibold tracking-wide text-zinc-500 uppercase">{group}</legend>
                  <div className="clear-both space-y-3">
                    {items.map((meta) => (
                      <AttributeControl key={meta.parent} meta={meta} />
                    ))}
                  </div>
                </fieldset>
              ))}
            </div>
            <div className="space-y-3 border-t border-zinc-100 px-5 py-4">
              <FormError />
              <div className="flex items-center justify-end gap-3">
                {form.formState.isDirty ? <span className="text-xs text-zinc-500">Unsaved changes</span> : null}
                <Button type="submit" pending={form.formState.isSubmitting} disabled={!form.formState.isDirty}>
                  Save attributes
                </Button>
              </div>
            </div>
          </>
        )}
      </Form>
    </Card>
  );
}

function AttributeControl({ meta }: { meta: AttributeMeta }) {
  const { control, register, formState } = useFormContext<{ values: Record<string, AttributeValue> }>();
  const name = `values.${attributeKey(meta)}` as const;
  const label = meta.displayName ?? attributeKey(meta);
  const id = `attribute-${attributeKey(meta)}`;
  const error = (get(formState.errors, name) as { message?: string } | undefined)?.message;
  if (meta.valueType === 'BOOL') {
    return (
      <div className="flex items-center justify-between gap-4">
        <label htmlFor={id} className="text-sm text-zinc-800">
          {label}
        </label>
        <Controller
          control={control}
          name={name}
          render={({ field }) => <Switch id={id} checked={field.value === true} onCheckedChange={field.onChange} onBlur={field.onBlur} />}
        />
      </div>
    );
  }
  if (meta.valueType === 'ENUM') {
    return (
      <div className="flex flex-col gap-1.5 sm:flex-row sm:items-center sm:justify-between sm:gap-4">
        <label htmlFor={id} className="text-sm text-zinc-800">
          {label}
        </label>
        <NativeSelect id={id} className="sm:w-56" {...register(name)}>
          <option value="">Not set</option>
          {meta.valueMetadata?.map((option) => (
            <option key={option.value} value={option.value}>
              {option.displayName ?? option.value}
            </option>
          ))}
        </NativeSelect>
      </div>
    );
  }
  if (meta.valueType === 'REPEATED_ENUM') {
    return (
      <fieldset className="space-y-2">
        <legend className="text-sm text-zinc-800">{label}</legend>
        <Controller
          control={control}
          name={name}
          render={({ field }) => {
            const selected = Array.isArray(field.value) ? field.value : [];
            return (
              <div className="flex flex-wrap gap-x-5 gap-y-2">
                {meta.valueMetadata?.map((option) => (
                  <label key={option.value} className="flex items-center gap-2 text-sm text-zinc-700">
                    <Checkbox
                      checked={selected.includes(option.value)}
                      onCheckedChange={(checked) =>
                        field.onChange(checked === true ? [...selected, option.value] : selected.filter((value) => value !== option.value))
                      }
                    />
                    {option.displayName ?? option.value}
                  </label>
                ))}
              </div>
            );
          }}
        />
      </fieldset>
    );
  }
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm text-zinc-800">
        {label}
      </label>
      <Input
        id={id}
        type="text"
        inputMode="url"
        placeholder="https://"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        {...register(name)}
      />
      {error ? (
        <p id={`${id}-error`} className="text-xs font-medium text-red-600">
          {error}
        </p>
      ) : null}
    </div>
  );
}
