import type { ReactNode } from 'react';
import { useFormContext } from 'react-hook-form';
import { FormField } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { Textarea } from '@/components/ui/textarea';

// The control API's optional fields reject empty strings: an empty box means "leave it out".
const emptyToUndefined = (value: unknown) => (value === '' ? undefined : value);
const toNumber = (value: unknown) => (value === '' || value === undefined || value === null ? undefined : Number(value));

type FieldProps = { name: string; label: string; description?: string; placeholder?: string; className?: string };

export function SandboxTextField({ name, placeholder, number, ...field }: FieldProps & { number?: boolean }) {
  const { register } = useFormContext();
  return (
    <FormField name={name} {...field}>
      {({ id, invalid, describedBy }) => (
        <Input
          id={id}
          type={number ? 'number' : 'text'}
          inputMode={number ? 'numeric' : undefined}
          placeholder={placeholder}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          {...register(name, { setValueAs: number ? toNumber : emptyToUndefined })}
        />
      )}
    </FormField>
  );
}

export function SandboxTextArea({ name, placeholder, ...field }: FieldProps) {
  const { register } = useFormContext();
  return (
    <FormField name={name} {...field}>
      {({ id, invalid, describedBy }) => (
        <Textarea
          id={id}
          rows={3}
          placeholder={placeholder}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          {...register(name, { setValueAs: emptyToUndefined })}
        />
      )}
    </FormField>
  );
}

export function SandboxSelect({ name, children, number, ...field }: FieldProps & { children: ReactNode; number?: boolean }) {
  const { register } = useFormContext();
  return (
    <FormField name={name} {...field}>
      {({ id, invalid, describedBy }) => (
        <NativeSelect
          id={id}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          {...register(name, { setValueAs: number ? toNumber : emptyToUndefined })}
        >
          {children}
        </NativeSelect>
      )}
    </FormField>
  );
}
