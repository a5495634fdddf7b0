import { useId, useState } from 'react';
import { Bell, Search } from '#web/components/icons/index.js';
import { Link } from 'wouter';
import { type AlertFrequency, FREQUENCY_LABELS, NEW_COUNT_MAX, SAVED_SEARCH_NAME_MAX, SAVED_SEARCH_TEXTS, savedSearchQuery } from '#shared/saved-search-texts.js';
import { type SavedSearch } from '#shared/saved-searches.js';
import type { Category } from '#shared/catalogue.js';
import { paths } from '#web/core/paths.js';
import { useRequireAuth } from '#web/core/session/index.js';
import { Badge } from '#web/components/ui/badge.js';
import { Button } from '#web/components/ui/button.js';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '#web/components/ui/dialog.js';
import { Input } from '#web/components/ui/input.js';
import { Label } from '#web/components/ui/label.js';
import { Spinner } from '#web/components/ui/spinner.js';
import { toast } from '#web/components/ui/use-toast.js';
import { errorMessage } from '#web/lib/api.js';
import { usePageMeta } from '#web/lib/use-page-meta.js';
import { useCategories } from '../../categories/index.js';
import { useDeleteSavedSearch, useMarkOpened, useSavedSearches, useUpdateSavedSearch } from '../api/saved-searches.js';
import { describeSearch } from '../describe.js';
import { FrequencyChoice } from '../components/frequency-choice.js';

const failed = (error: unknown) => toast({ variant: 'destructive', title: 'Error', description: errorMessage(error, SAVED_SEARCH_TEXTS.failure) });

function EditDialog({ search, open, onOpenChange }: { search: SavedSearch; open: boolean; onOpenChange: (open: boolean) => void }) {
  const [name, setName] = useState(search.name);
  const [frequency, setFrequency] = useState<AlertFrequency>(search.frequency);
  const update = useUpdateSavedSearch();
  const nameId = useId();
  return (
    <Dialog open={open} onOpenChange={(next) => !update.isPending && onOpenChange(next)}>
      <DialogContent>
        <form
          className="space-y-5"
          onSubmit={(event) => {
            event.preventDefault();
            update.mutate(
              { id: search.id, changes: { name: name.trim(), frequency } },
              {
                onSuccess: () => {
                  onOpenChange(false);
                  toast({ title: SAVED_SEARCH_TEXTS.changed });
                },
                onError: failed,
              },
            );
          }}
        >
          <DialogHeader>
            <DialogTitle>Change saved search</DialogTitle>
            <DialogDescription>{search.name}</DialogDescription>
          </DialogHeader>
          <div className="space-y-2">
            <Label htmlFor={nameId}>Name</Label>
            <Input id={nameId} value={name} required maxLength={SAVED_SEARCH_NAME_MAX} onChange={(event) => setName(event.target.value)} />
          </div>
          <FrequencyChoice value={frequency} onChange={setFrequency} disabled={update.isPending} />
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)} disabled={update.isPending}>
              Cancel
            </Button>
            <Button type="submit" disabled={update.isPending || !name.trim()}>
              Save changes
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

function DeleteDialog({ search, open, onOpenChange }: { search: SavedSearch; open: boolean; onOpenChange: (open: boolean) => void }) {
  const remove = useDeleteSavedSearch();
  return (
    <Dialog open={open} onOpenChange={(next) => !remove.isPending && onOpenChange(next)}>
      <DialogContent role="alertdialog">
        <DialogHeader>
          <DialogTitle>Delete “{search.name}”?</DialogTitle>
          <DialogDescription>You will no longer be told about new listings that match it.</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)} disabled={remove.isPending}>
            Cancel
          </Button>
          <Button
            variant="destructive"
            disabled={remove.isPending}
            onClick={() =>
              remove.mutate(search.id, {
                onSuccess: () => {
                  onOpenChange(false);
                  toast({ title: SAVED_SEARCH_TEXTS.deleted });
                },
                onError: failed,
              })
            }
          >
            Delete saved search
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

function SavedSearchItem({ search, categories }: { search: SavedSearch; categories: Category[] }) {
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const markOpened = useMarkOpened();
  const query = savedSearchQuery(search).toString();
  const href = query ? `${paths.services}?${query}` : paths.services;
  const fresh = search.newCount > NEW_COUNT_MAX ? `${NEW_COUNT_MAX}+ new` : `${search.newCount} new`;
  const titleId = useId();
  return (
    <li aria-labelledby={titleId} className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center">
      <div className="min-w-0 flex-1 space-y-1">
        <div className="flex flex-wrap items-center gap-2">
          <h2 id={titleId} className="truncate font-semibold">
            {search.name}
          </h2>
          {search.newCount > 0 && <Badge>{fresh}</Badge>}
        </div>
        <p className="text-sm text-muted-foreground">{describeSearch(search, categories)}</p>
        <p className="flex items-center gap-1 text-xs text-muted-foreground">
          <Bell className="size-3.5" aria-hidden="true" />
          {FREQUENCY_LABELS[search.frequency]}
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button asChild size="sm">
          <Link href={href} onClick={() => markOpened.mutate(search.id)}>
            <Search aria-hidden="true" />
            {SAVED_SEARCH_TEXTS.open}
            <span className="sr-only"> {search.name}</span>
          </Link>
        </Button>
        <Button size="sm" variant="outline" onClick={() => setEditing(true)}>
          Change<span className="sr-only"> {search.name}</span>
        </Button>
        <Button size="sm" variant="outline" onClick={() => setDeleting(true)}>
          {SAVED_SEARCH_TEXTS.delete}
          <span className="sr-only"> {search.name}</span>
        </Button>
      </div>
      {editing && <EditDialog search={search} open={editing} onOpenChange={setEditing} />}
      <DeleteDialog search={search} open={deleting} onOpenChange={setDeleting} />
    </li>
  );
}

/** /saved-searches (decision 053): the member's saved searches with their new counts, to open, change or delete. */
export default function SavedSearchesPage() {
  usePageMeta(SAVED_SEARCH_TEXTS.pageTitle, 'The searches you saved, and how often you are told about new listings.');
  const { user } = useRequireAuth();
  const searches = useSavedSearches({ enabled: Boolean(user) });
  const { data: categories } = useCategories();
  const list = searches.data?.savedSearches ?? [];

  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6 sm:py-12">
      <h1 className="text-3xl font-bold tracking-tight">{SAVED_SEARCH_TEXTS.pageTitle}</h1>
      <p className="mt-2 text-muted-foreground">We email you when a new listing matches a search you saved. Open one to see its listings.</p>
      <div className="mt-8">
        {!user || searches.isPending ? (
          <Spinner label="Loading saved searches" />
        ) : searches.isError ? (
          <div role="alert" className="flex items-center gap-3 text-sm">
            <p>{SAVED_SEARCH_TEXTS.failure}</p>
            <Button variant="outline" size="sm" onClick={() => void searches.refetch()}>
              Try again
            </Button>
          </div>
        ) : list.length === 0 ? (
          <div className="flex flex-col items-start gap-4 rounded-lg border border-dashed p-6">
            <p>{SAVED_SEARCH_TEXTS.pageEmpty}</p>
            <Button asChild variant="outline">
              <Link href={paths.services}>Browse Services</Link>
            </Button>
          </div>
        ) : (
          <ul className="divide-y rounded-lg border">
            {list.map((search) => (
              <SavedSearchItem key={search.id} search={search} categories={categories ?? []} />
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
