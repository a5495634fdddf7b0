import { useMemo, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useParams } from 'wouter';
import { editServiceSchema, type Service, type UpdateService } from '#shared/services.js';
import { paths } from '#web/core/paths.js';
import { useRequireAuth } from '#web/core/session/index.js';
import { Button } from '#web/components/ui/button.js';
import { Card, CardContent } from '#web/components/ui/card.js';
import { FormControl, FormDescription, FormField, FormItem, FormLabel } from '#web/components/ui/form.js';
import { PageSpinner } from '#web/components/ui/spinner.js';
import { Switch } from '#web/components/ui/switch.js';
import { toast } from '#web/components/ui/use-toast.js';
import { ApiError, errorMessage } from '#web/lib/api.js';
import { usePageMeta } from '#web/lib/use-page-meta.js';
import { useServiceTypes } from '../api/get-service-types.js';
import { useService } from '../api/get-service.js';
import { useUpdateService } from '../api/update-service.js';
import { listingResolver, serviceToFormValues, showServerFieldErrors, toUpdateBody, type ListingFormValues } from '../components/form/listing-form-values.js';
import { ServiceForm } from '../components/form/service-form.js';

function Notice({ title, text, action }: { title: string; text: string; action?: ReactNode }) {
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-20 text-center">
      <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
      <p className="text-muted-foreground">{text}</p>
      {action ?? (
        <Button asChild>
          <Link href={paths.myServices}>Back to My Services</Link>
        </Button>
      )}
    </div>
  );
}

const notFound = <Notice title="Service Not Found" text="The service you're trying to edit doesn't exist or has been removed" />;
const permissionDenied = <Notice title="Permission Denied" text="You do not have permission to edit this service" />;

function FixedCategory({ service }: { service: Service }) {
  const serviceTypes = useServiceTypes(service.categoryId);
  const serviceType = serviceTypes.data?.find((type) => type.id === service.serviceTypeId);
  return (
    <div className="grid gap-2">
    <dl className="grid gap-4 sm:grid-cols-2">
      <div className="grid gap-1">
        <dt className="text-sm font-medium">Category</dt>
        <dd>{service.category.name}</dd>
      </div>
      <div className="grid gap-1">
        <dt className="text-sm font-medium">Service</dt>
        <dd>{serviceType?.name ?? (serviceTypes.isPending ? 'Loading...' : 'Unknown service')}</dd>
      </div>
    </dl>
      <p className="text-sm text-muted-foreground">Category and service cannot be changed after a listing is created.</p>
    </div>
  );
}

function EditServiceForm({ service }: { service: Service }) {
  const [, navigate] = useLocation();
  const updateService = useUpdateService(service.id);
  const schema = useMemo(() => editServiceSchema(service.listingType), [service.listingType]);
  const form = useForm<ListingFormValues, unknown, UpdateService>({
    resolver: listingResolver(schema),
    defaultValues: serviceToFormValues(service),
  });

  function onSubmit(values: UpdateService) {
    updateService.mutate(toUpdateBody(values), {
      onSuccess: () => {
        toast({ title: 'Service updated successfully' });
        navigate(paths.myServices);
      },
      onError: (error) => {
        showServerFieldErrors(form, error);
        toast({ variant: 'destructive', title: 'Error updating service', description: errorMessage(error, 'Please check your form and try again.') });
      },
    });
  }

  const activeSwitch = (
    <FormField
      control={form.control}
      name="isActive"
      render={({ field }) => (
        <FormItem className="flex flex-row items-center justify-between gap-4 rounded-lg border p-4">
          <div className="grid gap-1">
            <FormLabel>Active</FormLabel>
            <FormDescription>When off, the listing is paused: it stays in My Services but is hidden from Browse Services.</FormDescription>
          </div>
          <FormControl>
            <Switch ref={field.ref} name={field.name} checked={field.value} onCheckedChange={field.onChange} onBlur={field.onBlur} />
          </FormControl>
        </FormItem>
      )}
    />
  );

  return (
    <ServiceForm
      form={form}
      listingType={service.listingType}
      onSubmit={onSubmit}
      onCancel={() => navigate(paths.myServices)}
      pending={updateService.isPending}
      submitLabel="Save Changes"
      pendingLabel="Saving..."
      fixedCategory={<FixedCategory service={service} />}
      settings={activeSwitch}
    />
  );
}

export default function EditServicePage() {
  usePageMeta('Edit Service', 'Update your listing on the Community Services Marketplace.');
  const params = useParams<{ id: string }>();
  const id = /^\d+$/.test(params.id) ? Number(params.id) : NaN;
  const valid = Number.isSafeInteger(id) && id > 0;
  const auth = useRequireAuth();
  const service = useService(id, { enabled: auth.status === 'signed-in' && valid });

  if (auth.status !== 'signed-in') return <PageSpinner />;
  if (!valid) return notFound;
  if (service.isPending) return <PageSpinner label="Loading service" />;
  if (service.isError) {
    const status = service.error instanceof ApiError ? service.error.status : 0;
    if (status === 404) return notFound;
    if (status === 403) return permissionDenied;
    return (
      <Notice
        title="Service could not be loaded"
        text={errorMessage(service.error, 'Something went wrong. Please try again.')}
        action={<Button onClick={() => void service.refetch()}>Try again</Button>}
      />
    );
  }
  if (service.data.userId !== auth.user.id) return permissionDenied;
  if (service.data.deletedAt) {
    return <Notice title="This service was deleted" text="Restore it from My Services before editing it." />;
  }

  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6 lg:px-8">
      <h1 className="text-3xl font-bold tracking-tight">{service.data.listingType === 'request' ? 'Edit Service Request' : 'Edit Service'}</h1>
      <p className="mb-8 mt-2 text-muted-foreground [overflow-wrap:anywhere]">{service.data.title}</p>
      <Card>
        <CardContent className="p-4 sm:p-6">
          <EditServiceForm key={service.data.id} service={service.data} />
        </CardContent>
      </Card>
    </div>
  );
}
