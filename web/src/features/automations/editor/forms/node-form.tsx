import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useEffectEvent, type ReactNode } from 'react';
import { FormProvider, useForm, useFormContext, type FieldValues, type Resolver, type UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { FormField } from '@/components/ui/form';
import { NativeSelect } from '@/components/ui/native-select';
import { Textarea } from '@/components/ui/textarea';
import { formErrorMap } from '@/lib/zod-messages';

type Props<V extends FieldValues> = {
  schema: z.ZodTypeAny;
  value: V;
  /** Every edit goes to the editor at once: the canvas re-checks the whole flow and marks the node. */
  onChange: (value: V) => void;
  label: string;
  /** What the form holds, as the definition says it (empty optional fields left out); validated so. */
  clean?: (value: V) => V;
  children: (form: UseFormReturn<V>) => ReactNode;
};

/**
 * A node's form: react-hook-form with the shared zod schema of that node, validating as the person
 * types, so a shape error shows on its field (and, through the editor, on its node) before saving.
 */
export function NodeForm<V extends FieldValues>({ schema, value, onChange, label, clean = (same) => same, children }: Props<V>) {
  // `path` and `async` are required by the type only; the schema is the node's own, so the values keep their type.
  const validate = zodResolver(schema as never, { errorMap: formErrorMap, path: [], async: false }) as unknown as Resolver<V>;
  const resolver: Resolver<V> = (values, context, options) => validate(clean(values), context, options);
  const form = useForm<V>({ resolver, mode: 'onChange', defaultValues: value as never });
  // The latest onChange and clean, without subscribing again when the editor re-renders.
  const emit = useEffectEvent((values: V) => onChange(clean(values)));
  useEffect(() => {
    // Show what is already wrong with a step loaded from the draft, not only after an edit.
    void form.trigger();
    const subscription = form.watch((values) => {
      emit(values as V);
      // With a resolver, react-hook-form re-reads the errors of the edited field only; a rule
      // across fields (buttons or quick replies, never both) must show wherever it lands.
      void form.trigger();
    });
    return () => subscription.unsubscribe();
  }, [form]);
  return (
    <FormProvider {...form}>
      <form noValidate aria-label={label} onSubmit={(event) => event.preventDefault()} className="space-y-4">
        {children(form)}
      </form>
    </FormProvider>
  );
}

export function TextAreaField({ name, label, description, rows = 4 }: { name: string; label: string; description?: string; rows?: number }) {
  const { register } = useFormContext();
  return (
    <FormField name={name} label={label} description={description}>
      {({ id, invalid, describedBy }) => (
        <Textarea id={id} rows={rows} aria-invalid={invalid || undefined} aria-describedby={describedBy} {...register(name)} />
      )}
    </FormField>
  );
}

export function SelectField({ name, label, options }: { name: string; label: string; options: readonly string[] }) {
  const { register } = useFormContext();
  return (
    <FormField name={name} label={label} className="flex-1">
      {({ id }) => (
        <NativeSelect id={id} {...register(name)}>
          {options.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </NativeSelect>
      )}
    </FormField>
  );
}
