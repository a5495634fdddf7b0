import { useFormContext } from 'react-hook-form';
import { Checkbox } from '#web/components/ui/checkbox.js';
import { FormControl, FormField, FormItem, FormLabel } from '#web/components/ui/form.js';
import type { ListingFormValues } from './listing-form-values.js';

type TextField = 'rate' | 'zipCode' | 'city' | 'state';

/**
 * A yes/no choice that makes other fields irrelevant (the specification, §4: 'Prices Vary' hides the rate,
 * virtual hides the location): ticking it empties those fields and their errors.
 */
export function ClearingCheckboxField({ name, label, clears }: { name: 'pricesVary' | 'isVirtual'; label: string; clears: readonly TextField[] }) {
  const { control, setValue, clearErrors } = useFormContext<ListingFormValues>();
  return (
    <FormField
      control={control}
      name={name}
      render={({ field }) => (
        <FormItem className="flex flex-row items-center gap-3">
          <FormControl>
            <Checkbox
              ref={field.ref}
              name={field.name}
              checked={field.value}
              onBlur={field.onBlur}
              onCheckedChange={(checked) => {
                field.onChange(checked === true);
                if (checked !== true) return;
                for (const cleared of clears) setValue(cleared, '');
                clearErrors([...clears]);
              }}
            />
          </FormControl>
          <FormLabel className="font-normal leading-5">{label}</FormLabel>
        </FormItem>
      )}
    />
  );
}
