import { useFormContext, useWatch } from 'react-hook-form';
import { FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from '#web/components/ui/form.js';
import { Input } from '#web/components/ui/input.js';
import { nativeSelectClasses } from '#web/components/ui/native-select.js';
import { ClearingCheckboxField } from './clearing-checkbox-field.js';
import type { ListingFormValues } from './listing-form-values.js';

/** Rate (a budget on requests) and its type; 'Prices Vary' hides and clears both. */
export function RateFields({ listingType }: { listingType: 'offer' | 'request' }) {
  const { control } = useFormContext<ListingFormValues>();
  const pricesVary = useWatch({ control, name: 'pricesVary' });
  const offer = listingType === 'offer';

  return (
    <div className="grid gap-4">
      <ClearingCheckboxField name="pricesVary" label="Prices Vary" clears={['rate']} />
      {!pricesVary && (
        <div className="grid items-start gap-6 sm:grid-cols-2">
          <FormField
            control={control}
            name="rate"
            render={({ field }) => (
              <FormItem>
                <FormLabel>{offer ? 'Rate ($)' : 'Budget ($, optional)'}</FormLabel>
                <FormControl>
                  <Input type="number" inputMode="decimal" min={0} step={offer ? 0.01 : 'any'} placeholder={offer ? 'e.g. 25' : 'Leave empty if negotiable'} {...field} />
                </FormControl>
                {!offer && <FormDescription>Leave empty and the listing shows &lsquo;Budget: Negotiable&rsquo;.</FormDescription>}
                <FormMessage />
              </FormItem>
            )}
          />
          <FormField
            control={control}
            name="rateType"
            render={({ field }) => (
              <FormItem>
                <FormLabel>{offer ? 'Rate type' : 'Budget type (optional)'}</FormLabel>
                <FormControl>
                  <select className={nativeSelectClasses} {...field}>
                    {!offer && <option value="">Not specified</option>}
                    <option value="hourly">Hourly</option>
                    <option value="fixed">Fixed</option>
                  </select>
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
