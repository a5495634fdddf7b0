import { useState, type ReactNode } from 'react';
import type { ListingType } from '#shared/service-texts.js';
import { Button } from '#web/components/ui/button.js';
import { Form } from '#web/components/ui/form.js';
import { AvailabilityField } from './availability-field.js';
import { CategoryFields } from './category-fields.js';
import { ImageUploadField } from './image-upload-field.js';
import type { ListingForm } from './listing-form-values.js';
import { LocationFields } from './location-fields.js';
import { RateFields } from './rate-fields.js';
import { TitleAndDescriptionFields } from './text-fields.js';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="grid gap-6 border-t pt-6 first:border-t-0 first:pt-0">
      <h2 className="text-lg font-semibold">{title}</h2>
      {children}
    </section>
  );
}

interface ServiceFormProps<TOutput> {
  form: ListingForm<TOutput>;
  listingType: ListingType;
  onSubmit: (values: TOutput) => void;
  onCancel: () => void;
  pending: boolean;
  submitLabel: string;
  pendingLabel: string;
  /** Replaces the category and service choice when they cannot change (editing). */
  fixedCategory?: ReactNode;
  /** Extra settings shown before the buttons (the Active switch when editing). */
  settings?: ReactNode;
}

/** The one listing form: offer, request and edit differ only in the schema, labels and these props. */
export function ServiceForm<TOutput>({
  form,
  listingType,
  onSubmit,
  onCancel,
  pending,
  submitLabel,
  pendingLabel,
  fixedCategory,
  settings,
}: ServiceFormProps<TOutput>) {
  const [uploading, setUploading] = useState(false);
  const offer = listingType === 'offer';

  return (
    <Form {...form}>
      <form onSubmit={(event) => void form.handleSubmit(onSubmit)(event)} noValidate className="grid gap-8">
        <Section title={offer ? 'What you offer' : 'What you need'}>
          {fixedCategory ?? <CategoryFields />}
          <TitleAndDescriptionFields listingType={listingType} />
        </Section>
        <Section title="Photos">
          <ImageUploadField onBusyChange={setUploading} />
        </Section>
        <Section title={offer ? 'Pricing' : 'Budget'}>
          <RateFields listingType={listingType} />
        </Section>
        <Section title="When and where">
          <AvailabilityField />
          <LocationFields />
        </Section>
        {settings && <Section title="Visibility">{settings}</Section>}
        <div className="flex flex-col-reverse gap-3 border-t pt-6 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={onCancel} disabled={pending}>
            Cancel
          </Button>
          <Button type="submit" disabled={pending || uploading}>
            {pending ? pendingLabel : uploading ? 'Uploading photos...' : submitLabel}
          </Button>
        </div>
      </form>
    </Form>
  );
}
