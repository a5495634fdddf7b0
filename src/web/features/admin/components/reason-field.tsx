import { useId } from 'react';
import { BAN_REASON_MAX } from '#shared/sanctions.js';
import { Label } from '#web/components/ui/label.js';
import { Textarea } from '#web/components/ui/textarea.js';

/** The reason a sanction is told with (decision 047): optional, at most BAN_REASON_MAX characters, counted as typed. */
export function ReasonField({ label, value, onChange }: { label: string; value: string; onChange: (value: string) => void }) {
  const ids = { field: useId(), counter: useId() };
  return (
    <div className="grid gap-2">
      <Label htmlFor={ids.field}>{label}</Label>
      <Textarea id={ids.field} rows={3} maxLength={BAN_REASON_MAX} value={value} onChange={(event) => onChange(event.target.value)} aria-describedby={ids.counter} />
      <p id={ids.counter} className="text-right text-xs text-muted-foreground">
        {value.length}/{BAN_REASON_MAX}
      </p>
    </div>
  );
}
