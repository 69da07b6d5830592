import { CalendarPlus, Trash2 } from 'lucide-react';
import { Controller, get, useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Card, CardHeader } from '@/components/ui/card';
import { Form, FormError } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { Switch } from '@/components/ui/switch';
import { toast } from '@/lib/toast';
import { useUpdateHours } from '../api/update-hours';
import { DAY_LABELS, HoursForm, hoursFormValues, hoursUpdate, type HoursFormValues } from '../lib/hours';
import type { GbpLocation } from '../lib/location-types';

/** Regular opening hours per weekday, and dated exceptions (holidays, events): saved together. */
export function HoursCard({ teamId, location }: { teamId: string; location: GbpLocation }) {
  const update = useUpdateHours(teamId);
  return (
    <Card aria-label="Opening hours">
      <CardHeader title="Opening hours" description="A closing time earlier than the opening time closes after midnight." />
      <Form
        schema={HoursForm}
        className="space-y-0"
        defaultValues={hoursFormValues(location.regularHours?.periods, location.specialHours?.specialHourPeriods)}
        onSubmit={async (values, form) => {
          const saved = await update.mutateAsync(hoursUpdate(values));
          form.reset(hoursFormValues(saved.regularHours?.periods, saved.specialHours?.specialHourPeriods));
          toast.success('Opening hours saved');
        }}
      >
        {(form) => (
          <>
            <RegularHours />
            <SpecialHours />
            <div className="space-y-3 border-t border-zinc-100 px-5 py-4">
              <FormError />
              <div className="flex items-center justify-end gap-3">
                {form.formState.isDirty ? <span className="text-xs text-zinc-500">Unsaved changes</span> : null}
                <Button type="submit" pending={form.formState.isSubmitting} disabled={!form.formState.isDirty}>
                  Save hours
                </Button>
              </div>
            </div>
          </>
        )}
      </Form>
    </Card>
  );
}

function RegularHours() {
  const { control, register, formState } = useFormContext<HoursFormValues>();
  const days = useWatch({ control, name: 'days' });
  return (
    <fieldset className="px-5 py-4">
      <legend className="sr-only">Regular hours</legend>
      <ul className="divide-y divide-zinc-100">
        {days.map((row, index) => {
          const label = DAY_LABELS[row.day];
          const openError = (get(formState.errors, `days.${index}.openTime`) as { message?: string } | undefined)?.message;
          const closeError = (get(formState.errors, `days.${index}.closeTime`) as { message?: string } | undefined)?.message;
          return (
            <li key={row.day} className="flex flex-col gap-2 py-2.5 sm:flex-row sm:items-center sm:gap-4" aria-label={label}>
              <div className="flex items-center justify-between gap-3 sm:w-48 sm:shrink-0">
                <span className="text-sm font-medium text-zinc-800">{label}</span>
                <label className="flex w-20 items-center gap-2 text-sm text-zinc-600">
                  <Controller
                    control={control}
                    name={`days.${index}.open`}
                    render={({ field }) => (
                      <Switch checked={field.value} onCheckedChange={field.onChange} onBlur={field.onBlur} aria-label={`Open on ${label}`} />
                    )}
                  />
                  {row.open ? 'Open' : 'Closed'}
                </label>
              </div>
              {row.open ? (
                <div className="flex min-w-0 flex-1 flex-wrap items-center gap-x-2 gap-y-1">
                  <div className="min-w-0 flex-1">
                    <Input type="time" aria-label={`${label} opens at`} aria-invalid={openError ? true : undefined} {...register(`days.${index}.openTime`)} />
                  </div>
                  <span className="text-sm text-zinc-400" aria-hidden>
                    to
                  </span>
                  <div className="min-w-0 flex-1">
                    <Input
                      type="time"
                      aria-label={`${label} closes at`}
                      aria-invalid={closeError ? true : undefined}
                      {...register(`days.${index}.closeTime`)}
                    />
                  </div>
                  {openError || closeError ? (
                    <p role="alert" className="w-full text-xs font-medium text-red-600">
                      {openError ?? closeError}
                    </p>
                  ) : null}
                </div>
              ) : (
                <span className="text-sm text-zinc-400">Closed all day</span>
              )}
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}

function SpecialHours() {
  const { control, register, formState } = useFormContext<HoursFormValues>();
  const { fields, append, remove } = useFieldArray({ control, name: 'special' });
  const rows = useWatch({ control, name: 'special' });
  return (
    <fieldset className="border-t border-zinc-100 px-5 py-4">
      <div className="flex items-center justify-between gap-3">
        <legend className="text-sm font-semibold text-zinc-900">Special hours</legend>
        <Button type="button" variant="secondary" size="sm" onClick={() => append({ date: '', closed: true, openTime: '', closeTime: '' })}>
          <CalendarPlus className="size-3.5" aria-hidden />
          Add a date
        </Button>
      </div>
      {fields.length === 0 ? (
        <p className="mt-2 text-sm text-zinc-500">No special hours. Add holidays or event days that differ from the regular week.</p>
      ) : (
        <ul className="mt-3 space-y-2">
          {fields.map((field, index) => {
            const row = rows[index];
            const error = ['date', 'openTime', 'closeTime']
              .map((key) => (get(formState.errors, `special.${index}.${key}`) as { message?: string } | undefined)?.message)
              .find(Boolean);
            const name = row?.date ? `Special hours on ${row.date}` : `Special hours ${index + 1}`;
            return (
              <li key={field.id} aria-label={name} className="flex flex-wrap items-center gap-2 rounded-lg border border-zinc-200 px-3 py-2">
                <Input type="date" className="max-w-44" aria-label="Date" aria-invalid={error ? true : undefined} {...register(`special.${index}.date`)} />
                <label className="flex items-center gap-2 text-sm text-zinc-600">
                  <Controller
                    control={control}
                    name={`special.${index}.closed`}
                    render={({ field: closed }) => (
                      <Switch checked={!closed.value} onCheckedChange={(open) => closed.onChange(!open)} aria-label="Open on this date" />
                    )}
                  />
                  {row?.closed ? 'Closed' : 'Open'}
                </label>
                {row && !row.closed ? (
                  <>
                    <div className="w-32">
                      <Input type="time" aria-label="Opens at" {...register(`special.${index}.openTime`)} />
                    </div>
                    <span className="text-sm text-zinc-400" aria-hidden>
                      to
                    </span>
                    <div className="w-32">
                      <Input type="time" aria-label="Closes at" {...register(`special.${index}.closeTime`)} />
                    </div>
                  </>
                ) : null}
                <Button type="button" variant="danger-ghost" size="icon" className="ml-auto" onClick={() => remove(index)} aria-label={`Remove ${name}`}>
                  <Trash2 className="size-4" aria-hidden />
                </Button>
                {error ? (
                  <p role="alert" className="w-full text-xs font-medium text-red-600">
                    {error}
                  </p>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
    </fieldset>
  );
}
