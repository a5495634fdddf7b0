import type { ComponentProps, ReactNode } from 'react';
import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import { FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from '../ui/form.js';
import { Input } from '../ui/input.js';

export interface InputFieldProps<T extends FieldValues> extends Omit<ComponentProps<'input'>, 'name' | 'value' | 'defaultValue'> {
  control: Control<T>;
  name: FieldPath<T>;
  label: string;
  /** Beside the label, such as a 'Forgot your password?' link. */
  labelAside?: ReactNode;
  description?: ReactNode;
}

/** One input of a react-hook-form form: its label, the input, an optional hint and its message, wired together. */
export function InputField<T extends FieldValues>({ control, name, label, labelAside, description, ...inputProps }: InputFieldProps<T>) {
  return (
    <FormField
      control={control}
      name={name}
      render={({ field }) => (
        <FormItem>
          {labelAside ? (
            <div className="flex items-baseline justify-between gap-4">
              <FormLabel>{label}</FormLabel>
              {labelAside}
            </div>
          ) : (
            <FormLabel>{label}</FormLabel>
          )}
          <FormControl>
            <Input {...inputProps} {...field} value={field.value ?? ''} />
          </FormControl>
          {description && <FormDescription>{description}</FormDescription>}
          <FormMessage />
        </FormItem>
      )}
    />
  );
}
