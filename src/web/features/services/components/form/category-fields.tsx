import { useFormContext, useWatch } from 'react-hook-form';
import { FormControl, FormField, FormItem, FormLabel, FormMessage } from '#web/components/ui/form.js';
import { nativeSelectClasses } from '#web/components/ui/native-select.js';
import { useCategories } from '#web/features/categories/index.js';
import { useServiceTypes } from '../../api/get-service-types.js';
import type { ListingFormValues } from './listing-form-values.js';

/** Category, then the service types of that category; a new category clears the chosen service. */
export function CategoryFields() {
  const { control, setValue } = useFormContext<ListingFormValues>();
  const categoryId = Number(useWatch({ control, name: 'categoryId' })) || undefined;
  const categories = useCategories();
  const serviceTypes = useServiceTypes(categoryId);

  return (
    <div className="grid items-start gap-6 sm:grid-cols-2">
      <FormField
        control={control}
        name="categoryId"
        render={({ field }) => (
          <FormItem>
            <FormLabel>Category</FormLabel>
            <FormControl>
              <select
                className={nativeSelectClasses}
                name={field.name}
                ref={field.ref}
                value={field.value}
                onBlur={field.onBlur}
                onChange={(event) => {
                  field.onChange(event.target.value);
                  setValue('serviceTypeId', '');
                }}
                disabled={categories.isPending}
              >
                <option value="">{categories.isPending ? 'Loading categories...' : 'Select a category'}</option>
                {categories.data?.map((category) => (
                  <option key={category.id} value={String(category.id)}>
                    {category.name}
                  </option>
                ))}
              </select>
            </FormControl>
            <FormMessage>{categories.isError ? 'Categories could not be loaded. Please refresh the page.' : null}</FormMessage>
          </FormItem>
        )}
      />
      <FormField
        control={control}
        name="serviceTypeId"
        render={({ field }) => (
          <FormItem>
            <FormLabel>Service</FormLabel>
            <FormControl>
              <select
                className={nativeSelectClasses}
                {...field}
                disabled={!categoryId || serviceTypes.isPending || serviceTypes.isError}
              >
                <option value="">
                  {!categoryId ? 'Select a category first' : serviceTypes.isPending ? 'Loading services...' : 'Select a service'}
                </option>
                {serviceTypes.data?.map((type) => (
                  <option key={type.id} value={String(type.id)}>
                    {type.name}
                  </option>
                ))}
              </select>
            </FormControl>
            <FormMessage>{serviceTypes.isError ? serviceTypes.error.message : null}</FormMessage>
          </FormItem>
        )}
      />
    </div>
  );
}
