import { useFormContext, useWatch } from 'react-hook-form';
import { DESCRIPTION_MAX, TITLE_MAX } from '#shared/service-texts.js';
import { FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from '#web/components/ui/form.js';
import { Input } from '#web/components/ui/input.js';
import { Textarea } from '#web/components/ui/textarea.js';
import type { ListingFormValues } from './listing-form-values.js';

function Counter({ length, max }: { length: number; max: number }) {
  return (
    <FormDescription className={length > max ? 'font-medium text-destructive' : undefined}>
      {length}/{max} characters
    </FormDescription>
  );
}

export function TitleAndDescriptionFields({ listingType }: { listingType: 'offer' | 'request' }) {
  const { control } = useFormContext<ListingFormValues>();
  const [title, description] = useWatch({ control, name: ['title', 'description'] });
  const offer = listingType === 'offer';

  return (
    <>
      <FormField
        control={control}
        name="title"
        render={({ field }) => (
          <FormItem>
            <FormLabel>Title</FormLabel>
            <FormControl>
              <Input placeholder={offer ? 'e.g. Friendly dog walking in the neighbourhood' : 'e.g. Looking for a math tutor for my son'} {...field} />
            </FormControl>
            <Counter length={title.length} max={TITLE_MAX} />
            <FormMessage />
          </FormItem>
        )}
      />
      <FormField
        control={control}
        name="description"
        render={({ field }) => (
          <FormItem>
            <FormLabel>Description</FormLabel>
            <FormControl>
              <Textarea
                rows={5}
                placeholder={offer ? 'Describe what you offer, your experience and anything a neighbour should know.' : 'Describe what you need help with, when, and anything a helper should know.'}
                {...field}
              />
            </FormControl>
            <Counter length={description.length} max={DESCRIPTION_MAX} />
            <FormMessage />
          </FormItem>
        )}
      />
    </>
  );
}
