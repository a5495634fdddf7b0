import { LogIn } from '../../components/icons/index.js';
import { paths } from '../../core/paths.js';
import { useAuth } from '../../core/session/index.js';
import { Button } from '../../components/ui/button.js';
import { Card, CardContent, CardDescription, CardHeader } from '../../components/ui/card.js';
import { loginUrl } from '../../lib/site.js';
import { usePageMeta } from '../../lib/use-page-meta.js';
import { ContactForm } from './contact-form.js';

export default function ContactPage() {
  usePageMeta('Contact Us', 'Get in touch with the Community Services Marketplace team.');
  const { status } = useAuth();

  return (
    <div className="mx-auto max-w-2xl px-4 py-10 sm:px-6 lg:px-8">
      <h1 className="mb-6 text-3xl font-bold tracking-tight">Contact Us</h1>
      {status === 'signed-in' ? (
        <Card>
          <CardHeader>
            <CardDescription className="text-base">
              Questions, feedback or a problem with a listing? Send our team a message and we will reply in your Messages.
            </CardDescription>
          </CardHeader>
          <CardContent>
            <ContactForm />
          </CardContent>
        </Card>
      ) : (
        <Card>
          <CardHeader>
            <h2 className="text-xl font-semibold">Please log in to contact us</h2>
            <CardDescription className="text-base">
              Messages to our team are sent through your account, so we can reply to you in your Messages section.
            </CardDescription>
          </CardHeader>
          <CardContent>
            <Button asChild>
              <a href={loginUrl(paths.contact)}>
                <LogIn aria-hidden="true" />
                Log in
              </a>
            </Button>
          </CardContent>
        </Card>
      )}
    </div>
  );
}
