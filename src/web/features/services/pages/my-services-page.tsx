import { Plus } from '#web/components/icons/index.js';
import { Link } from 'wouter';
import { paths } from '#web/core/paths.js';
import { useRequireAuth } from '#web/core/session/index.js';
import { Button } from '#web/components/ui/button.js';
import { PageSpinner } from '#web/components/ui/spinner.js';
import { usePageMeta } from '#web/lib/use-page-meta.js';
import { useMyServices } from '../api/get-my-services.js';
import { ServiceCard } from '../components/service-card.js';
import { serviceGridClasses, ServiceGridLoading, ServicesLoadError } from '../components/service-results.js';

const MY_SERVICES_SKELETONS = 3;

function MyServicesList() {
  const { data: services, isPending, isError, refetch } = useMyServices();

  if (isPending) {
    return <ServiceGridLoading label="Loading your services" count={MY_SERVICES_SKELETONS} />;
  }
  if (isError) {
    return <ServicesLoadError onRetry={() => void refetch()} />;
  }
  if (services.length === 0) {
    return (
      <div className="flex flex-col items-center gap-4 rounded-lg border border-dashed p-10 text-center">
        <p className="text-lg font-semibold">You haven&apos;t created any services yet</p>
        <Button asChild>
          <Link href={paths.createService}>Create Your First Service</Link>
        </Button>
      </div>
    );
  }
  return (
    <ul className={serviceGridClasses}>
      {services.map((service) => (
        <li key={service.id}>
          <ServiceCard service={service} showOwnerControls />
        </li>
      ))}
    </ul>
  );
}

export default function MyServicesPage() {
  usePageMeta('My Services', 'Manage the services you offer and the help you have asked for.');
  const auth = useRequireAuth();
  if (auth.status !== 'signed-in') return <PageSpinner />;

  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6 lg:px-8">
      <div className="mb-8 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-3xl font-bold tracking-tight">My Services</h1>
          <p className="mt-2 text-muted-foreground">Edit, pause, delete or restore your listings.</p>
        </div>
        <Button asChild>
          <Link href={paths.createService}>
            <Plus aria-hidden="true" />
            Create New Service
          </Link>
        </Button>
      </div>
      <h2 className="sr-only">Your listings</h2>
      <MyServicesList />
    </div>
  );
}
