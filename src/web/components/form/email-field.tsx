import type { FieldValues } from 'react-hook-form';
import { InputField, type InputFieldProps } from './input-field.js';

type EmailFieldProps<T extends FieldValues> = Omit<InputFieldProps<T>, 'label' | 'type' | 'inputMode'> & { label?: string };

/**
 * An email address, labelled 'Email' unless told otherwise; phones show their email keyboard. `autoComplete` is 'email'
 * unless told otherwise (the sign-in form's is 'username webauthn' where the browser offers passkeys there).
 */
export function EmailField<T extends FieldValues>({ label = 'Email', autoComplete = 'email', ...props }: EmailFieldProps<T>) {
  return <InputField type="email" autoComplete={autoComplete} inputMode="email" label={label} {...props} />;
}
