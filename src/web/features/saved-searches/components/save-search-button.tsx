import { type FormEvent, useId, useState } from 'react';
import { BellPlus } from '#web/components/icons/index.js';
import { Link } from 'wouter';
import { type AlertFrequency, SAVED_SEARCH_NAME_MAX, SAVED_SEARCH_TEXTS } from '#shared/saved-searches.js';
import { paths } from '#web/core/paths.js';
import { SignedInLink } from '#web/components/signed-in-link.js';
import { Button } from '#web/components/ui/button.js';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '#web/components/ui/dialog.js';
import { Input } from '#web/components/ui/input.js';
import { Label } from '#web/components/ui/label.js';
import { toast } from '#web/components/ui/use-toast.js';
import { errorMessage } from '#web/lib/api.js';
import { useCreateSavedSearch } from '../api/saved-searches.js';
import { FrequencyChoice } from './frequency-choice.js';

/** Browse's filters as a saved search keeps them (POST /api/saved-searches without its name and frequency). */
export interface SearchFilters {
  search?: string;
  /** A category id or slug, as browse reads it. */
  categoryId?: string;
  listingType?: 'offer' | 'request';
  near?: string;
  radius?: number;
  includeVirtual?: boolean;
}

interface SaveSearchButtonProps {
  signedIn: boolean;
  filters: SearchFilters;
  /** What the filters say, in words ('“piano” · Tutoring · Offers and requests · Anywhere'), shown in the dialog. */
  summary: string;
  /** The name the search gets when none is typed (`defaultSavedSearchName`), the name box's placeholder. */
  defaultName: string;
}

/** 'Save this search' on the browse page: the current filters, a name and how often to be emailed. */
export function SaveSearchButton({ signedIn, filters, summary, defaultName }: SaveSearchButtonProps) {
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const [frequency, setFrequency] = useState<AlertFrequency>('daily');
  const [failure, setFailure] = useState<string | null>(null);
  const create = useCreateSavedSearch();
  const ids = { name: useId(), summary: useId() };

  if (!signedIn) {
    return (
      <Button asChild variant="outline">
        <SignedInLink signedIn={false} href={paths.savedSearches}>
          <BellPlus aria-hidden="true" />
          {SAVED_SEARCH_TEXTS.save}
        </SignedInLink>
      </Button>
    );
  }

  function onOpenChange(next: boolean) {
    if (create.isPending) return;
    setOpen(next);
    if (next) {
      setName('');
      setFailure(null);
    }
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    try {
      await create.mutateAsync({ ...filters, frequency, ...(name.trim() && { name: name.trim() }) });
      setOpen(false);
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
    <>
      <Button variant="outline" onClick={() => onOpenChange(true)}>
        <BellPlus aria-hidden="true" />
        {SAVED_SEARCH_TEXTS.save}
      </Button>
      <Dialog open={open} onOpenChange={onOpenChange}>
        <DialogContent>
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
    </>
  );
}
