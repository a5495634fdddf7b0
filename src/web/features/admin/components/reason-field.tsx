import { BAN_REASON_MAX } from '#shared/sanctions.js';
import { CountedTextarea } from '#web/components/ui/counted-textarea.js';

/** The reason a sanction is told with (decision 047): optional, at most BAN_REASON_MAX characters, counted as typed. */
export function ReasonField({ label, value, onChange }: { label: string; value: string; onChange: (value: string) => void }) {
  return (
    <CountedTextarea
      label={label}
      length={value.length}
      limit={BAN_REASON_MAX}
      rows={3}
      value={value}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}
