import { format } from 'date-fns';
import { Link } from 'wouter';
import type { User } from '#shared/auth.js';
import { MEMBER_PAGE_TEXTS } from '#shared/member-texts.js';
import { paths } from '../../core/paths.js';
import { useRequireAuth } from '../../core/session/index.js';
import { Button } from '../../components/ui/button.js';
import { Card, CardContent, CardHeader } from '../../components/ui/card.js';
import { PageSpinner } from '../../components/ui/spinner.js';
import { displayName } from '../../components/user-avatar.js';
import { LOGOUT_URL } from '../../lib/site.js';
import { usePageMeta } from '../../lib/use-page-meta.js';
import { DeleteAccountSection, DownloadDataSection, EmailSetting, PasswordSetting, ProfilePicture } from '../account/index.js';
import { BlockedMembersSection } from '../members/index.js';
import { MyReportsSection } from '../reports/index.js';
import { PasskeysSection, SessionsSection, TwoStepSection } from '../security/index.js';
import { EmailNotificationsSetting } from './email-notifications-setting.js';
import { HOME_ZIP_SETTING_TEXTS, HomeZipSetting } from './home-zip-setting.js';
import { UsernameField } from './username-field.js';

function memberSince(user: User): string | null {
  const created = new Date(user.createdAt);
  return Number.isNaN(created.getTime()) ? null : format(created, 'MMM d, yyyy');
}

export default function ProfilePage() {
  usePageMeta('Your Profile', 'Manage your Community Services Marketplace profile: picture, username, email, password and notification settings.');
  const auth = useRequireAuth();
  if (auth.status !== 'signed-in') return <PageSpinner />;
  const { user } = auth;
  const since = memberSince(user);

  return (
    <div className="mx-auto max-w-2xl space-y-8 px-4 py-10 sm:px-6 lg:px-8">
      <h1 className="text-3xl font-bold tracking-tight">Your Profile</h1>
      <Card>
        <CardHeader>
          <ProfilePicture user={user}>
            <p className="text-xl font-semibold [overflow-wrap:anywhere] sm:text-2xl">{displayName(user)}</p>
            {since && <p className="text-sm text-muted-foreground">Member since {since}</p>}
            {user.username && (
              <Link href={paths.member(user.username)} className="w-fit text-sm font-medium text-link underline-offset-4 hover:underline">
                {MEMBER_PAGE_TEXTS.viewYourPage}
              </Link>
            )}
          </ProfilePicture>
        </CardHeader>
        <CardContent className="space-y-8">
          <section aria-labelledby="account-details-title" className="space-y-6">
            <h2 id="account-details-title" className="text-lg font-semibold">
              Account details
            </h2>
            <UsernameField user={user} />
            <EmailSetting user={user} />
          </section>
          <section aria-labelledby="password-title" className="space-y-4">
            <h2 id="password-title" className="text-lg font-semibold">
              Password
            </h2>
            <PasswordSetting user={user} />
          </section>
          <TwoStepSection user={user} />
          <PasskeysSection />
          <section aria-labelledby="home-zip-title" className="space-y-4">
            <h2 id="home-zip-title" className="text-lg font-semibold">
              {HOME_ZIP_SETTING_TEXTS.title}
            </h2>
            <HomeZipSetting user={user} />
          </section>
          <section aria-labelledby="notifications-title" className="space-y-4">
            <h2 id="notifications-title" className="text-lg font-semibold">
              Notifications
            </h2>
            <EmailNotificationsSetting user={user} />
          </section>
          <SessionsSection />
          <BlockedMembersSection />
          <MyReportsSection />
          <DownloadDataSection user={user} />
          <div className="flex flex-col gap-3 border-t pt-6 sm:flex-row">
            <Button asChild>
              <Link href={paths.myServices}>View Your Services</Link>
            </Button>
            <Button asChild variant="outline">
              <a href={LOGOUT_URL}>Sign Out</a>
            </Button>
          </div>
        </CardContent>
      </Card>
      <DeleteAccountSection user={user} />
    </div>
  );
}
