import type { FieldValues } from 'react-hook-form';
import { PASSWORD_MIN } from '#shared/limits.js';
import { InputField, type InputFieldProps } from './input-field.js';

type PasswordFieldProps<T extends FieldValues> = Omit<InputFieldProps<T>, 'type' | 'autoComplete' | 'description'> & {
  /** 'current-password' for the one the person has, 'new-password' for one they choose (managers offer to generate it). */
  kind: 'current' | 'new' | 'confirm';
};

/** A password, with the length hint under a new one. */
export function PasswordField<T extends FieldValues>({ kind, ...props }: PasswordFieldProps<T>) {
  return (
    <InputField
      type="password"
      autoComplete={kind === 'current' ? 'current-password' : 'new-password'}
      description={kind === 'new' ? `At least ${PASSWORD_MIN} characters.` : undefined}
      {...props}
    />
  );
}
