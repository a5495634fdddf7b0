import { TWO_STEP_PAGE_TEXTS, TWO_STEP_TEXTS } from '#shared/two-step.js';
import { Button } from '#web/components/ui/button.js';
import { SITE_NAME } from '#web/lib/site.js';
import { copyText, StepHeading } from './two-step-parts.js';

const asText = (codes: string[]) => `${SITE_NAME}: ${TWO_STEP_PAGE_TEXTS.recoveryListLabel.toLowerCase()} (each works once)\n\n${codes.join('\n')}\n`;

/** Saves the codes as a .txt file, made here: they never travel again. */
function download(codes: string[]) {
  const url = URL.createObjectURL(new Blob([asText(codes)], { type: 'text/plain' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = TWO_STEP_PAGE_TEXTS.downloadName;
  link.click();
  // Revoked a moment later: the download reads the URL after the click returns in some browsers.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** The recovery codes, shown this once (the server keeps only their hashes), and 'Done'. */
export function TwoStepRecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  return (
    <div className="space-y-4 rounded-md border p-4">
      <StepHeading>{TWO_STEP_PAGE_TEXTS.recoveryTitle}</StepHeading>
      <p role="status" className="text-sm font-medium">
        {TWO_STEP_TEXTS.enabled}
      </p>
      <p className="text-sm text-muted-foreground">{TWO_STEP_PAGE_TEXTS.recoveryHelp}</p>
      <ul aria-label={TWO_STEP_PAGE_TEXTS.recoveryListLabel} className="grid grid-cols-2 gap-x-6 gap-y-1 rounded-md bg-muted p-3 font-mono text-sm sm:w-fit">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="outline" size="sm" onClick={() => void copyText(codes.join('\n'), TWO_STEP_PAGE_TEXTS.codesCopied)}>
          {TWO_STEP_PAGE_TEXTS.copyCodes}
        </Button>
        <Button type="button" variant="outline" size="sm" onClick={() => download(codes)}>
          {TWO_STEP_PAGE_TEXTS.download}
        </Button>
        <Button type="button" size="sm" onClick={onDone}>
          {TWO_STEP_PAGE_TEXTS.done}
        </Button>
      </div>
    </div>
  );
}
