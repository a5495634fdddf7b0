import { ChartColumn, ClipboardList, Flag, Gavel, MessagesSquare, Package, Users } from '#web/components/icons/index.js';
import { useLocation, useSearchParams } from 'wouter';
import { ADMIN_TEXTS } from '#shared/admin.js';
import { paths } from '#web/core/paths.js';
import { useAuth } from '#web/core/session/index.js';
import { PageSpinner } from '#web/components/ui/spinner.js';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#web/components/ui/tabs.js';
import { usePageMeta } from '#web/lib/use-page-meta.js';
import { useHealthWarnings } from '../api/health-warnings.js';
import { SANCTION_TEXTS } from '#shared/sanction-texts.js';
import { AppealsTab } from '../components/appeals-tab.js';
import { AuditLogTab } from '../components/audit-log-tab.js';
import { BackupsPanel } from '../components/backups-panel.js';
import { ConversationsTab } from '../components/conversations-tab.js';
import { HealthWarningsAlert } from '../components/health-warnings-alert.js';
import { needsAdminSecondFactor, SecondFactorGuidance } from '../components/second-factor-guidance.js';
import { OverviewTab } from '../components/overview-tab.js';
import { ReportsTab } from '../components/reports-tab.js';
import { ServicesTab } from '../components/services-tab.js';
import { UsersTab } from '../components/users-tab.js';

const TABS = [
  { value: 'users', label: 'Users', icon: Users, Content: UsersTab },
  { value: 'services', label: 'Services', icon: Package, Content: ServicesTab },
  { value: 'reports', label: 'Reports', icon: Flag, Content: ReportsTab },
  { value: 'conversations', label: 'Conversations', icon: MessagesSquare, Content: ConversationsTab },
  // After the spec's four, so their order and Users as the default stay as written (decision 029).
  { value: 'appeals', label: SANCTION_TEXTS.appealsTitle, icon: Gavel, Content: AppealsTab },
  { value: 'overview', label: ADMIN_TEXTS.overviewTab, icon: ChartColumn, Content: OverviewTab },
  { value: 'audit', label: ADMIN_TEXTS.auditTitle, icon: ClipboardList, Content: AuditLogTab },
] as const;

type TabValue = (typeof TABS)[number]['value'];
const isTab = (value: string | null): value is TabValue => TABS.some((tab) => tab.value === value);

/**
 * /admin (the specification, §2): four tabs, Users first, then the Overview and the audit log. Everyone but an administrator
 * sees the access-denied text; the server refuses them every admin call anyway. The tab lives in the address.
 */
export default function AdminPage() {
  usePageMeta(ADMIN_TEXTS.title, 'Moderate members, listings, reports and conversations.');
  const auth = useAuth();
  if (auth.status === 'loading') return <PageSpinner />;
  if (auth.status !== 'signed-in' || !auth.user.isAdmin) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-16 text-center sm:px-6">
        <h1 className="text-xl font-semibold">{ADMIN_TEXTS.accessDenied}</h1>
      </div>
    );
  }
  return <Dashboard />;
}

function Dashboard() {
  const [searchParams] = useSearchParams();
  const [, navigate] = useLocation();
  const requested = searchParams.get('tab');
  const tab: TabValue = isTab(requested) ? requested : 'users';
  // REQUIRE_ADMIN_2FA: the dashboard's first call (shared with the warnings above the tabs) tells whether any will be answered.
  const healthWarnings = useHealthWarnings();
  if (needsAdminSecondFactor(healthWarnings.error)) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6 lg:px-8">
        <h1 className="mb-6 text-3xl font-bold tracking-tight">{ADMIN_TEXTS.title}</h1>
        <SecondFactorGuidance step={healthWarnings.error.secondFactor} />
      </div>
    );
  }

  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 lg:px-8">
      <h1 className="mb-6 text-3xl font-bold tracking-tight">{ADMIN_TEXTS.title}</h1>
      <HealthWarningsAlert />
      <BackupsPanel />
      <Tabs value={tab} onValueChange={(value) => navigate(value === 'users' ? paths.admin : paths.adminTab(value), { replace: true })}>
        <TabsList aria-label="Administration">
          {TABS.map(({ value, label, icon: Icon }) => (
            <TabsTrigger key={value} value={value}>
              <Icon aria-hidden="true" />
              {label}
            </TabsTrigger>
          ))}
        </TabsList>
        {TABS.map(({ value, Content }) => (
          <TabsContent key={value} value={value}>
            <Content />
          </TabsContent>
        ))}
      </Tabs>
    </div>
  );
}
