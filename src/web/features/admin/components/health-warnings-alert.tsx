import { TriangleAlert } from '#web/components/icons/index.js';
import { HEALTH_WARNINGS_TITLE } from '#shared/safe-defaults.js';
import { useHealthWarnings } from '../api/health-warnings.js';

/** Settings that lose mail or sessions on a real site, at the top of the dashboard until they are fixed. */
export function HealthWarningsAlert() {
  const { data } = useHealthWarnings();
  const warnings = data?.warnings ?? [];
  if (warnings.length === 0) return null;
  return (
    <section role="alert" aria-labelledby="health-warnings-title" className="mb-6 rounded-md border border-destructive p-4 text-sm">
      <h2 id="health-warnings-title" className="mb-2 flex items-center gap-2 font-semibold text-destructive">
        <TriangleAlert className="size-5 shrink-0" aria-hidden="true" />
        {HEALTH_WARNINGS_TITLE}
      </h2>
      <ul className="list-disc space-y-1 pl-5 text-foreground">
        {warnings.map((warning) => (
          <li key={warning}>{warning}</li>
        ))}
      </ul>
    </section>
  );
}
