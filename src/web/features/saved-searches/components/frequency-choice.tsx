import { useId } from 'react';
import { ALERT_FREQUENCIES, type AlertFrequency, FREQUENCY_LABELS } from '#shared/saved-search-texts.js';

const HINTS: Record<AlertFrequency, string> = {
  instant: 'One email soon after new listings appear, at most every 10 minutes.',
  daily: 'One email each morning with the day’s new listings.',
  off: 'Nothing by email; new listings are counted on your Saved searches page.',
};

/** How often to be told of new listings: three radio buttons with a line each. */
export function FrequencyChoice({ value, onChange, disabled }: { value: AlertFrequency; onChange: (value: AlertFrequency) => void; disabled?: boolean }) {
  const name = useId();
  return (
    <fieldset className="space-y-2" disabled={disabled}>
      <legend className="mb-2 text-sm font-medium">Email alerts</legend>
      {ALERT_FREQUENCIES.map((frequency) => {
        const id = `${name}-${frequency}`;
        return (
          <div key={frequency} className="flex items-start gap-3 rounded-md border p-3 has-[:checked]:border-primary">
            <input
              id={id}
              type="radio"
              name={name}
              value={frequency}
              checked={value === frequency}
              onChange={() => onChange(frequency)}
              aria-describedby={`${id}-hint`}
              className="mt-1 size-4 accent-primary"
            />
            <div className="space-y-0.5">
              <label htmlFor={id} className="text-sm font-medium">
                {FREQUENCY_LABELS[frequency]}
              </label>
              <p id={`${id}-hint`} className="text-xs text-muted-foreground">
                {HINTS[frequency]}
              </p>
            </div>
          </div>
        );
      })}
    </fieldset>
  );
}
