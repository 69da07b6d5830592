import { useFormContext, type FieldValues } from 'react-hook-form';

/**
 * A list inside a form (conditions, ice breakers, menu items) without react-hook-form's
 * useFieldArray: that hook is not used elsewhere, and react-hook-form sits in the shared chunk of
 * the first page, so using it would put ~5 kB more there (047). Items are few and keyed by index.
 */
export function useListField<Item extends FieldValues>(name: string) {
  const { watch, getValues, setValue } = useFormContext();
  const items = (watch(name) as Item[] | undefined) ?? [];
  const write = (next: Item[]) => setValue(name, next, { shouldDirty: true, shouldValidate: true });
  return {
    items,
    append: (item: Item) => write([...((getValues(name) as Item[] | undefined) ?? []), item]),
    remove: (index: number) => write(((getValues(name) as Item[] | undefined) ?? []).filter((_, other) => other !== index)),
  };
}
