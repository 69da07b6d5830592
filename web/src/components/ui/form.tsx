import { zodResolver } from '@hookform/resolvers/zod';
import { useId, type ReactNode } from 'react';
import { FormProvider, get, useForm, useFormContext, type DefaultValues, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { ApiError, errorMessage } from '@/lib/api-client';
import { formErrorMap } from '@/lib/zod-messages';
import { cn } from '@/lib/cn';
import { Input } from './input';
import { Label } from './label';
import { AlertCircle } from 'lucide-react';

type AnySchema = z.ZodType<FieldValues, z.ZodTypeDef, FieldValues>;
export type FormApi<S extends AnySchema> = UseFormReturn<z.input<S>, unknown, z.output<S>>;

type FormProps<S extends AnySchema> = {
  /** The API's own request schema, so the form checks exactly what the server will. */
  schema: S;
  defaultValues?: DefaultValues<z.input<S>>;
  /** Throw (an ApiError) to show the failure: issues land on their fields, the rest above the buttons. */
  onSubmit: (values: z.output<S>, form: FormApi<S>) => unknown;
  children: (form: FormApi<S>) => ReactNode;
  className?: string;
  id?: string;
  'aria-label'?: string;
};

export function Form<S extends AnySchema>({ schema, defaultValues, onSubmit, children, className, ...rest }: FormProps<S>) {
  const form = useForm<z.input<S>, unknown, z.output<S>>({
    // `path` and `async` are required by the type only; zod fills them in itself.
    resolver: zodResolver<z.input<S>, unknown, z.output<S>>(schema, { errorMap: formErrorMap, path: [], async: true }),
    defaultValues,
  });
  const submit = form.handleSubmit(async (values) => {
    try {
      await onSubmit(values, form);
    } catch (error) {
      showServerError(form, error);
    }
  });
  return (
    <FormProvider {...form}>
      <form noValidate onSubmit={submit} className={cn('space-y-4', className)} {...rest}>
        {children(form)}
      </form>
    </FormProvider>
  );
}

function showServerError<S extends AnySchema>(form: FormApi<S>, error: unknown) {
  const fieldIssues = error instanceof ApiError ? error.issues.filter((issue) => issue.path.length > 0) : [];
  const known = fieldIssues.filter((issue) => issue.path[0]! in form.getValues());
  for (const issue of known) form.setError(issue.path.join('.') as Path<z.input<S>>, { message: issue.message });
  if (known.length === 0) form.setError('root.server', { message: errorMessage(error) });
}

/** The error that belongs to no single field (wrong password, conflict, network). */
export function FormError() {
  const { formState } = useFormContext();
  const message = formState.errors.root?.server?.message;
  if (!message) return null;
  return (
    <div role="alert" className="flex items-start gap-2 rounded-lg border border-red-200 bg-red-50 px-3 py-2.5 text-sm text-red-800">
      <AlertCircle className="mt-0.5 size-4 shrink-0" aria-hidden />
      <span>{message}</span>
    </div>
  );
}

type FieldProps = {
  name: string;
  label: string;
  description?: string;
  className?: string;
  children: (field: { id: string; invalid: boolean; describedBy: string | undefined }) => ReactNode;
};

/** Label, control, hint and error of one field, wired together for screen readers. */
export function FormField({ name, label, description, className, children }: FieldProps) {
  const { formState } = useFormContext();
  const id = useId();
  const error = get(formState.errors, name) as { message?: string } | undefined;
  const hintId = description ? `${id}-hint` : undefined;
  const errorId = error?.message ? `${id}-error` : undefined;
  return (
    <div className={cn('space-y-1.5', className)}>
      <Label htmlFor={id}>{label}</Label>
      {children({ id, invalid: !!error, describedBy: [hintId, errorId].filter(Boolean).join(' ') || undefined })}
      {description && !errorId ? (
        <p id={hintId} className="text-xs text-zinc-500">
          {description}
        </p>
      ) : null}
      {errorId ? (
        <p id={errorId} className="text-xs font-medium text-red-600">
          {error?.message}
        </p>
      ) : null}
    </div>
  );
}

type TextFieldProps = Omit<FieldProps, 'children'> & {
  type?: 'text' | 'email' | 'password';
  autoComplete?: string;
  autoFocus?: boolean;
  placeholder?: string;
};

export function TextField({ type = 'text', autoComplete, autoFocus, placeholder, ...field }: TextFieldProps) {
  const { register } = useFormContext();
  return (
    <FormField {...field}>
      {({ id, invalid, describedBy }) => (
        <Input
          id={id}
          type={type}
          autoComplete={autoComplete}
          autoFocus={autoFocus}
          placeholder={placeholder}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          {...register(field.name)}
        />
      )}
    </FormField>
  );
}
