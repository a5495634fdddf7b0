import { useState } from 'react';
import { Star } from '#web/components/icons/index.js';
import { STARS } from '#web/components/stars.js';
import { cn } from '#web/lib/utils.js';

interface StarRatingInputProps {
  name: string;
  value: number;
  onChange: (value: number) => void;
  legend: string;
  disabled?: boolean;
}

const starLabel = (star: number) => `${star} ${star === 1 ? 'star' : 'stars'}`;

/**
 * One to five stars as a radio group: arrows move between stars, the pointer previews a rating on hover,
 * and a screen reader hears '4 stars, 4 of 5'. 0 means none chosen yet.
 */
export function StarRatingInput({ name, value, onChange, legend, disabled }: StarRatingInputProps) {
  const [preview, setPreview] = useState<number | null>(null);
  const shown = preview ?? value;
  return (
    <fieldset disabled={disabled} className="flex flex-wrap items-center gap-x-2">
      {/* Floated, a legend sits on the line of its stars instead of above them. */}
      <legend className="float-left mr-1 text-sm font-medium">{legend}</legend>
      <div className="flex items-center gap-0.5" onPointerLeave={() => setPreview(null)}>
        {STARS.map((star) => (
          <label
            key={star}
            onPointerEnter={() => setPreview(star)}
            className="cursor-pointer rounded-md p-0.5 has-[input:focus-visible]:ring-2 has-[input:focus-visible]:ring-ring has-[input:disabled]:cursor-not-allowed"
          >
            <input type="radio" name={name} value={star} checked={value === star} onChange={() => onChange(star)} className="sr-only" />
            <Star
              aria-hidden="true"
              className={cn('size-6 transition-colors', star <= shown ? 'fill-amber-400 text-amber-500' : 'text-muted-foreground')}
            />
            <span className="sr-only">{starLabel(star)}</span>
          </label>
        ))}
        <span aria-hidden="true" className="ml-1 text-xs text-muted-foreground">
          {shown > 0 ? starLabel(shown) : 'Choose 1 to 5 stars'}
        </span>
      </div>
    </fieldset>
  );
}
