import { useId } from 'react';
import { useController, useFormContext } from 'react-hook-form';
import type { DayCode } from '#shared/service-texts.js';
import { DAY_LABELS } from '#web/components/listing/format.js';
import { Checkbox } from '#web/components/ui/checkbox.js';
import { Label } from '#web/components/ui/label.js';
import type { ListingFormValues } from './listing-form-values.js';

const DAYS = Object.keys(DAY_LABELS) as DayCode[];

/** Availability as a group of day checkboxes; the group carries the error. */
export function AvailabilityField() {
  const { control } = useFormContext<ListingFormValues>();
  const { field, fieldState } = useController({ control, name: 'availability' });
  const id = useId();
  const errorId = `${id}-error`;
  const selected = new Set(field.value);

  function toggle(day: DayCode, checked: boolean) {
    const next = new Set(selected);
    if (checked) next.add(day);
    else next.delete(day);
    field.onChange(DAYS.filter((d) => next.has(d)));
  }

  return (
    <fieldset
      className="grid gap-3"
      aria-describedby={fieldState.error ? errorId : undefined}
      aria-invalid={fieldState.error ? true : undefined}
    >
      <legend className="mb-1 text-sm font-medium">Availability</legend>
      <div className="flex flex-wrap gap-x-5 gap-y-3">
        {DAYS.map((day, index) => (
          <div key={day} className="flex items-center gap-2">
            <Checkbox
              id={`${id}-${day}`}
              ref={index === 0 ? field.ref : undefined}
              checked={selected.has(day)}
              onCheckedChange={(checked) => toggle(day, checked === true)}
              onBlur={field.onBlur}
            />
            <Label htmlFor={`${id}-${day}`} className="font-normal">
              {DAY_LABELS[day]}
            </Label>
          </div>
        ))}
      </div>
      {fieldState.error?.message && (
        <p id={errorId} className="text-sm font-medium text-destructive">
          {fieldState.error.message}
        </p>
      )}
    </fieldset>
  );
}
