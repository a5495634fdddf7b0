import { useForm } from 'react-hook-form';
import { useLocation } from 'wouter';
import { type ListingType } from '#shared/service-texts.js';
import { createServiceSchema, type CreateService } from '#shared/services.js';
import { paths } from '#web/core/paths.js';
import { useRequireAuth } from '#web/core/session/index.js';
import { Card, CardContent } from '#web/components/ui/card.js';
import { PageSpinner } from '#web/components/ui/spinner.js';
import { toast } from '#web/components/ui/use-toast.js';
import { errorMessage } from '#web/lib/api.js';
import { usePageMeta } from '#web/lib/use-page-meta.js';
import { useCreateService } from '../api/create-service.js';
import { emptyListingValues, listingResolver, showServerFieldErrors, toCreateBody, type ListingFormValues } from '../components/form/listing-form-values.js';
import { ServiceForm } from '../components/form/service-form.js';
import { PostedToastActions } from '../components/posted-toast.js';

const TEXTS = {
  offer: {
    title: 'Offer Your Service',
    intro: 'Tell your neighbours what you can help with. Your listing is public; people reach you through messages on this site.',
    meta: 'List a service you offer to your neighbours.',
    submit: 'Create Service',
    pending: 'Creating...',
    success: { title: 'Service created successfully', description: 'Your service has been listed and is now visible to the community' },
    failure: 'Error creating service',
  },
  request: {
    title: 'Post a Service Request',
    intro: 'Describe what you need help with and local helpers can reach you through messages on this site.',
    meta: 'Ask your neighbours for help with a task.',
    submit: 'Post Request',
    pending: 'Posting...',
    success: { title: 'Service request posted successfully' },
    failure: 'Error posting service request',
  },
} as const;

function NewListingForm({ listingType }: { listingType: ListingType }) {
  const texts = TEXTS[listingType];
  const [, navigate] = useLocation();
  const createService = useCreateService();
  const form = useForm<ListingFormValues, unknown, CreateService>({
    resolver: listingResolver(createServiceSchema),
    defaultValues: emptyListingValues(listingType),
  });

  function onSubmit(values: CreateService) {
    createService.mutate(toCreateBody(values), {
      onSuccess: (service) => {
        const { title, description } = texts.success as { title: string; description?: string };
        toast({
          title,
          description: (
            <>
              {description}
              <PostedToastActions service={service} />
            </>
          ),
        });
        navigate(paths.services);
      },
      onError: (error) => {
        showServerFieldErrors(form, error);
        toast({ variant: 'destructive', title: texts.failure, description: errorMessage(error, 'Something went wrong. Please try again.') });
      },
    });
  }

  return (
    <ServiceForm
      form={form}
      listingType={listingType}
      onSubmit={onSubmit}
      onCancel={() => navigate(paths.services)}
      pending={createService.isPending}
      submitLabel={texts.submit}
      pendingLabel={texts.pending}
    />
  );
}

/** /create-service and /request-service: the same form, for an offer or a request. */
export function NewListingPage({ listingType }: { listingType: ListingType }) {
  const texts = TEXTS[listingType];
  usePageMeta(texts.title, texts.meta);
  const auth = useRequireAuth();
  if (auth.status !== 'signed-in') return <PageSpinner />;

  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6 lg:px-8">
      <h1 className="text-3xl font-bold tracking-tight">{texts.title}</h1>
      <p className="mb-8 mt-2 text-muted-foreground">{texts.intro}</p>
      <Card>
        <CardContent className="p-4 sm:p-6">
          <NewListingForm listingType={listingType} />
        </CardContent>
      </Card>
    </div>
  );
}
