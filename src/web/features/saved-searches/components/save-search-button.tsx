import { useRef, useState } from 'react';
import { BellPlus } from '#web/components/icons/index.js';
import { SAVED_SEARCH_TEXTS } from '#shared/saved-search-texts.js';
import { paths } from '#web/core/paths.js';
import { SignedInLink } from '#web/components/signed-in-link.js';
import { Button } from '#web/components/ui/button.js';
import { onDemand } from '#web/lib/on-demand.js';

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

// The dialog and its form load when the button is first pressed (decision 068).
const saveSearchDialog = onDemand(() => import('./save-search-dialog.js'));

/** 'Save this search' on the browse page: the current filters, a name and how often to be emailed. */
export function SaveSearchButton({ signedIn, filters, summary, defaultName }: SaveSearchButtonProps) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);

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

  return (
    <>
      <Button
        ref={button}
        variant="outline"
        aria-haspopup="dialog"
        onPointerEnter={saveSearchDialog.prefetch}
        onFocus={saveSearchDialog.prefetch}
        onClick={() => {
          setOpen(true);
          void saveSearchDialog.preload().catch(() => setOpen(false));
        }}
      >
        <BellPlus aria-hidden="true" />
        {SAVED_SEARCH_TEXTS.save}
      </Button>
      {open && <saveSearchDialog.Part filters={filters} summary={summary} defaultName={defaultName} onClose={() => setOpen(false)} returnFocusTo={button} />}
    </>
  );
}
