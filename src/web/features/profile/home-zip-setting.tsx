import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link } from 'wouter';
import type { z } from 'zod';
import { homeZipFormSchema, type User } from '#shared/auth.js';
import { paths } from '../../core/paths.js';
import { InputField } from '../../components/form/input-field.js';
import { FormErrorAlert, showServerErrors } from '../../components/form/server-errors.js';
import { Button } from '../../components/ui/button.js';
import { Form } from '../../components/ui/form.js';
import { toast } from '../../components/ui/use-toast.js';
import { useUpdateHomeZip } from '../auth/index.js';
import { useZipLookup } from '../zip/index.js';

type HomeZipFormInput = z.input<typeof homeZipFormSchema>;
type HomeZipFormOutput = z.output<typeof homeZipFormSchema>;

export const HOME_ZIP_SETTING_TEXTS = {
  title: 'Home ZIP code',
  label: 'Home ZIP code',
  description: 'Browse starts with the listings near it, and listing pages say how far away they are. Only you see it.',
  notSet: 'Not set: browse starts with listings from anywhere.',
  save: 'Save',
  saving: 'Saving...',
  remove: 'Remove',
  saved: 'Home ZIP code saved',
  removed: 'Home ZIP code removed',
} as const;

/** Where the saved ZIP is, as the dataset names it; just the ZIP while that is on its way. */
function SavedPlace({ zip }: { zip: string }) {
  const place = useZipLookup(zip).data;
  return (
    <p className="text-sm">
      Browse starts near <span className="font-medium">{zip}</span>
      {place && (
        <>
          {' '}
          ({place.city}, {place.state})
        </>
      )}
      .{' '}
      <Link href={paths.services} className="font-medium text-link underline-offset-4 hover:underline">
        Browse near it
      </Link>
    </p>
  );
}

/** The profile's 'Home ZIP code' (decision 052): set, change or remove the ZIP browse starts near. */
export function HomeZipSetting({ user }: { user: User }) {
  const update = useUpdateHomeZip();
  const form = useForm<HomeZipFormInput, unknown, HomeZipFormOutput>({
    resolver: zodResolver(homeZipFormSchema),
    defaultValues: { zipCode: user.homeZip ?? '' },
  });

  function save({ zipCode }: HomeZipFormOutput) {
    update.mutate(zipCode, {
      onSuccess: (saved) => {
        form.reset({ zipCode: saved.homeZip ?? '' });
        toast({ title: HOME_ZIP_SETTING_TEXTS.saved });
      },
      onError: (error) => showServerErrors(form.setError, error, ['zipCode']),
    });
  }

  function remove() {
    update.mutate(null, {
      onSuccess: () => {
        form.reset({ zipCode: '' });
        toast({ title: HOME_ZIP_SETTING_TEXTS.removed });
      },
      onError: (error) => showServerErrors(form.setError, error, ['zipCode']),
    });
  }

  return (
    <div className="space-y-3">
      {user.homeZip ? <SavedPlace zip={user.homeZip} /> : <p className="text-sm text-muted-foreground">{HOME_ZIP_SETTING_TEXTS.notSet}</p>}
      <Form {...form}>
        <form onSubmit={(event) => void form.handleSubmit(save)(event)} className="space-y-3" noValidate>
          <FormErrorAlert />
          <InputField
            control={form.control}
            name="zipCode"
            label={HOME_ZIP_SETTING_TEXTS.label}
            description={HOME_ZIP_SETTING_TEXTS.description}
            inputMode="numeric"
            autoComplete="postal-code"
            placeholder="e.g. 07042"
            className="w-36"
          />
          <div className="flex flex-wrap gap-2">
            <Button type="submit" size="sm" disabled={update.isPending}>
              {update.isPending && update.variables !== null ? HOME_ZIP_SETTING_TEXTS.saving : HOME_ZIP_SETTING_TEXTS.save}
            </Button>
            {user.homeZip && (
              <Button type="button" variant="outline" size="sm" onClick={remove} disabled={update.isPending}>
                {HOME_ZIP_SETTING_TEXTS.remove}
                <span className="sr-only"> home ZIP code</span>
              </Button>
            )}
          </div>
        </form>
      </Form>
    </div>
  );
}
