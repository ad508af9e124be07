import { TextField } from '@radix-ui/themes';
import { Controller, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';
import { ChoiceSelect, type Choice } from '@/components/choice-select';
import { FormField, fieldA11y, fieldErrorId } from '@/components/form-field';

interface FieldProps<T extends FieldValues> {
  form: UseFormReturn<T>;
  name: Path<T>;
  label: string;
  required?: boolean;
  hint?: string;
}

const idOf = (name: string) => `account-${name}`;

/** A text input of an account form, its label and its error. */
export function TextInput<T extends FieldValues>({
  form,
  name,
  label,
  required,
  hint,
  type,
  autoComplete,
  placeholder,
}: FieldProps<T> & {
  type?: 'text' | 'email' | 'tel' | 'date';
  autoComplete?: string;
  placeholder?: string;
}) {
  const error = form.getFieldState(name, form.formState).error?.message;
  const id = idOf(name);
  return (
    <FormField id={id} label={label} error={error} required={required} hint={hint}>
      <TextField.Root
        type={type}
        autoComplete={autoComplete}
        placeholder={placeholder}
        {...fieldA11y(id, error)}
        {...form.register(name)}
      />
    </FormField>
  );
}

/** A select of an account form ('' is nothing chosen; optional ones offer to clear it). */
export function ChoiceInput<T extends FieldValues>({
  form,
  name,
  label,
  required,
  hint,
  choices,
}: FieldProps<T> & { choices: readonly Choice[] }) {
  const error = form.getFieldState(name, form.formState).error?.message;
  const id = idOf(name);
  return (
    <FormField id={id} label={label} error={error} required={required} hint={hint}>
      <Controller
        control={form.control}
        name={name}
        render={({ field }) => (
          <ChoiceSelect
            id={id}
            value={field.value as string}
            onChange={field.onChange}
            onBlur={field.onBlur}
            choices={choices}
            allowEmpty={!required}
            invalid={Boolean(error)}
            describedBy={error ? fieldErrorId(id) : undefined}
          />
        )}
      />
    </FormField>
  );
}
