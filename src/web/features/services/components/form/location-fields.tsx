import { useEffect, useRef } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { ZIP_MAX_LENGTH } from '#shared/service-texts.js';
import { FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from '#web/components/ui/form.js';
import { Input } from '#web/components/ui/input.js';
import { useZipLookup, zipToLookUp } from '#web/features/zip/index.js';
import { ClearingCheckboxField } from './clearing-checkbox-field.js';
import type { ListingFormValues } from './listing-form-values.js';

/** Virtual option, then ZIP (which looks up city and state), city and state. Virtual hides and clears the three. */
export function LocationFields() {
  const { control, setValue, getValues, trigger, formState } = useFormContext<ListingFormValues>();
  const [isVirtual, zipCode] = useWatch({ control, name: ['isVirtual', 'zipCode'] });
  const lookup = useZipLookup(isVirtual ? '' : zipCode);
  // The ZIP a saved listing already had: opening the edit form must not overwrite the city it was saved with.
  const initialZip = useRef(zipToLookUp(getValues('zipCode')));
  const { isSubmitted } = formState;

  useEffect(() => {
    const place = lookup.data;
    const zip = zipToLookUp(zipCode);
    // The query is keyed by the ZIP, so its data always belongs to the ZIP in the field.
    if (!place || zip === null || zip === initialZip.current) return;
    initialZip.current = null;
    setValue('city', place.city, { shouldDirty: true });
    setValue('state', place.state, { shouldDirty: true });
    if (isSubmitted) void trigger(['zipCode', 'city', 'state']);
  }, [lookup.data, zipCode, setValue, trigger, isSubmitted]);

  return (
    <div className="grid gap-4">
      <ClearingCheckboxField name="isVirtual" label="Virtual service (done online, no location needed)" clears={['zipCode', 'city', 'state']} />
      {!isVirtual && (
        <div className="grid items-start gap-6 sm:grid-cols-[minmax(0,1fr)_minmax(0,2fr)_minmax(0,1fr)]">
          <FormField
            control={control}
            name="zipCode"
            render={({ field }) => (
              <FormItem>
                <FormLabel>ZIP code</FormLabel>
                <FormControl>
                  <Input inputMode="numeric" autoComplete="postal-code" maxLength={ZIP_MAX_LENGTH} placeholder="e.g. 07042" {...field} />
                </FormControl>
                <FormDescription>City and state fill in from the ZIP code.</FormDescription>
                <FormMessage />
              </FormItem>
            )}
          />
          <FormField
            control={control}
            name="city"
            render={({ field }) => (
              <FormItem>
                <FormLabel>City</FormLabel>
                <FormControl>
                  <Input autoComplete="address-level2" maxLength={100} {...field} />
                </FormControl>
                <FormMessage />
              </FormItem>
            )}
          />
          <FormField
            control={control}
            name="state"
            render={({ field }) => (
              <FormItem>
                <FormLabel>State</FormLabel>
                <FormControl>
                  <Input autoComplete="address-level1" maxLength={50} {...field} />
                </FormControl>
                <FormMessage />
              </FormItem>
            )}
          />
        </div>
      )}
    </div>
  );
}
