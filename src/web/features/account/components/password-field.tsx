import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import { PASSWORD_MIN } from '../../../../shared/limits.js';
import { FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from '../../../components/ui/form.js';
import { Input } from '../../../components/ui/input.js';

interface PasswordFieldProps<T extends FieldValues> {
  control: Control<T>;
  name: FieldPath<T>;
  label: string;
  /** 'current-password' for the one the person has, 'new-password' for one they choose (managers offer to generate it). */
  kind: 'current' | 'new' | 'confirm';
  autoFocus?: boolean;
}

/** One password input of the account forms, with its label, the length hint for a new one, and its message. */
export function PasswordField<T extends FieldValues>({ control, name, label, kind, autoFocus }: PasswordFieldProps<T>) {
  return (
    <FormField
      control={control}
      name={name}
      render={({ field }) => (
        <FormItem>
          <FormLabel>{label}</FormLabel>
          <FormControl>
            <Input
              type="password"
              autoComplete={kind === 'current' ? 'current-password' : 'new-password'}
              autoFocus={autoFocus}
              {...field}
              value={field.value ?? ''}
            />
          </FormControl>
          {kind === 'new' && <FormDescription>At least {PASSWORD_MIN} characters.</FormDescription>}
          <FormMessage />
        </FormItem>
      )}
    />
  );
}
