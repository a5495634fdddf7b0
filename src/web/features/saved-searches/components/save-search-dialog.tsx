import { type FormEvent, type RefObject, useId, useState } from 'react';
import { Link } from 'wouter';
import { type AlertFrequency, SAVED_SEARCH_NAME_MAX, SAVED_SEARCH_TEXTS } from '#shared/saved-search-texts.js';
import { paths } from '#web/core/paths.js';
import { Button } from '#web/components/ui/button.js';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '#web/components/ui/dialog.js';
import { Input } from '#web/components/ui/input.js';
import { Label } from '#web/components/ui/label.js';
import { toast } from '#web/components/ui/use-toast.js';
import { errorMessage } from '#web/lib/api.js';
import { useCreateSavedSearch } from '../api/saved-searches.js';
import { FrequencyChoice } from './frequency-choice.js';
import type { SearchFilters } from './save-search-button.js';

interface SaveSearchDialogProps {
  filters: SearchFilters;
  summary: string;
  defaultName: string;
  onClose: () => void;
  /** The 'Save this search' button: focus goes back to it when the dialog closes. */
  returnFocusTo: RefObject<HTMLElement | null>;
}

/** The Save dialog, loaded when 'Save this search' is first pressed (decision 068): a name and how often to be emailed. */
export default function SaveSearchDialog({ filters, summary, defaultName, onClose, returnFocusTo }: SaveSearchDialogProps) {
  const [name, setName] = useState('');
  const [frequency, setFrequency] = useState<AlertFrequency>('daily');
  const [failure, setFailure] = useState<string | null>(null);
  const create = useCreateSavedSearch();
  const ids = { name: useId(), summary: useId() };

  function onOpenChange(next: boolean) {
    if (create.isPending || next) return;
    onClose();
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    try {
      await create.mutateAsync({ ...filters, frequency, ...(name.trim() && { name: name.trim() }) });
      onClose();
      toast({
        title: SAVED_SEARCH_TEXTS.saved,
        description: (
          <>
            See it on your{' '}
            <Link href={paths.savedSearches} className="underline">
              Saved searches
            </Link>{' '}
            page.
          </>
        ),
      });
    } catch (error) {
      setFailure(errorMessage(error, SAVED_SEARCH_TEXTS.failure));
    }
  }

  return (
    <Dialog open onOpenChange={onOpenChange}>
      <DialogContent
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          returnFocusTo.current?.focus();
        }}
      >
        <form onSubmit={(event) => void onSubmit(event)} className="space-y-5" noValidate>
          <DialogHeader>
            <DialogTitle>{SAVED_SEARCH_TEXTS.saveTitle}</DialogTitle>
            <DialogDescription>{SAVED_SEARCH_TEXTS.saveHelp}</DialogDescription>
          </DialogHeader>
          <p id={ids.summary} className="rounded-md bg-muted p-3 text-sm">
            {summary}
          </p>
          <div className="space-y-2">
            <Label htmlFor={ids.name}>Name (optional)</Label>
            <Input
              id={ids.name}
              value={name}
              maxLength={SAVED_SEARCH_NAME_MAX}
              placeholder={defaultName}
              onChange={(event) => setName(event.target.value)}
              aria-describedby={ids.summary}
            />
          </div>
          <FrequencyChoice value={frequency} onChange={setFrequency} disabled={create.isPending} />
          <div role="alert" className="empty:hidden">
            {failure && <p className="rounded-md border border-destructive p-3 text-sm font-medium text-destructive">{failure}</p>}
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)} disabled={create.isPending}>
              Cancel
            </Button>
            <Button type="submit" disabled={create.isPending}>
              Save search
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
