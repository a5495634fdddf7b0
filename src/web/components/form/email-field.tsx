import type { FieldValues } from 'react-hook-form';
import { InputField, type InputFieldProps } from './input-field.js';

type EmailFieldProps<T extends FieldValues> = Omit<InputFieldProps<T>, 'label' | 'type' | 'autoComplete' | 'inputMode'> & { label?: string };

/** An email address, labelled 'Email' unless told otherwise; phones show their email keyboard. */
export function EmailField<T extends FieldValues>({ label = 'Email', ...props }: EmailFieldProps<T>) {
  return <InputField type="email" autoComplete="email" inputMode="email" label={label} {...props} />;
}
