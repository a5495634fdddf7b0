import { useEffect, useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { Info, MessagesSquare } from '../../components/icons/index.js';
import { useForm, useWatch } from 'react-hook-form';
import { Link, useLocation } from 'wouter';
import type { z } from 'zod';
import {
  CONTACT_DEFAULT_SUBJECT,
  CONTACT_REDIRECT_MS,
  CONTACT_SUBJECT_MAX,
  contactFormSchema,
  MESSAGE_MAX,
  MESSAGING_TEXTS,
  SUPPORT_PARTICIPANT,
} from '#shared/messaging.js';
import { paths } from '../../core/paths.js';
import { Button } from '../../components/ui/button.js';
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from '../../components/ui/form.js';
import { Input } from '../../components/ui/input.js';
import { Textarea } from '../../components/ui/textarea.js';
import { toast } from '../../components/ui/use-toast.js';
import { ApiError, errorMessage } from '../../lib/api.js';
import { useStartConversation } from '../messages/index.js';

type ContactFormInput = z.input<typeof contactFormSchema>;
type ContactFormOutput = z.output<typeof contactFormSchema>;

const EMPTY: ContactFormInput = { subject: '', message: '' };

/**
 * The specification (§2) (Contact): the message goes into a conversation with the team, whose reply arrives in Messages.
 * After sending, the fields clear and the person is taken to that conversation two seconds later; a failure keeps them.
 */
export function ContactForm() {
  const [, navigate] = useLocation();
  const startConversation = useStartConversation();
  // The conversation the last message went to; set, it starts the countdown to /messages.
  const [sentTo, setSentTo] = useState<number | null>(null);
  const form = useForm<ContactFormInput, unknown, ContactFormOutput>({
    resolver: zodResolver(contactFormSchema),
    defaultValues: EMPTY,
  });
  const message = useWatch({ control: form.control, name: 'message' });
  const blank = message.trim() === '';

  useEffect(() => {
    if (sentTo === null) return;
    const timer = setTimeout(() => navigate(paths.conversation(sentTo)), CONTACT_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [sentTo, navigate]);

  function onSubmit({ subject, message }: ContactFormOutput) {
    startConversation.mutate(
      { participantId: SUPPORT_PARTICIPANT, message, subject: subject || CONTACT_DEFAULT_SUBJECT, sendCopyToSender: false },
      {
        onSuccess: (conversation) => {
          toast({ title: MESSAGING_TEXTS.contactSentTitle, description: MESSAGING_TEXTS.contactSentBody });
          form.reset(EMPTY);
          setSentTo(conversation.id);
        },
        onError: (error) => {
          if (error instanceof ApiError && error.status === 401) {
            toast({ variant: 'destructive', title: MESSAGING_TEXTS.contactSignedOutTitle, description: MESSAGING_TEXTS.contactSignedOut });
            return;
          }
          toast({ variant: 'destructive', title: MESSAGING_TEXTS.contactFailureTitle, description: errorMessage(error, MESSAGING_TEXTS.contactFailure) });
        },
      },
    );
  }

  function onInvalid() {
    // The button is disabled while the message is blank; Enter in the subject field can still submit.
    if (blank) toast({ variant: 'destructive', title: MESSAGING_TEXTS.blankTitle, description: MESSAGING_TEXTS.blank });
  }

  return (
    <Form {...form}>
      <form onSubmit={(event) => void form.handleSubmit(onSubmit, onInvalid)(event)} className="space-y-6" noValidate>
        <FormField
          control={form.control}
          name="subject"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Subject (optional)</FormLabel>
              <FormControl>
                <Input maxLength={CONTACT_SUBJECT_MAX} placeholder={CONTACT_DEFAULT_SUBJECT} {...field} />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <FormField
          control={form.control}
          name="message"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Message</FormLabel>
              <FormControl>
                <Textarea rows={6} maxLength={MESSAGE_MAX} placeholder="How can we help?" aria-required="true" {...field} />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />

        <section aria-labelledby="contact-next-title" className="flex gap-3 rounded-lg border bg-muted p-4">
          <Info className="mt-0.5 size-5 shrink-0 text-link" aria-hidden="true" />
          <div className="space-y-2">
            <h2 id="contact-next-title" className="font-semibold">
              What happens next?
            </h2>
            <ul className="list-disc space-y-1 pl-5 text-sm">
              <li>Your message goes straight to our team.</li>
              <li>
                Our reply arrives in the{' '}
                <Link href={paths.messages} className="font-medium text-link underline underline-offset-4">
                  Messages
                </Link>{' '}
                section of your account.
              </li>
              <li>If you have email notifications turned on, we will also let you know by email.</li>
            </ul>
          </div>
        </section>

        <div className="flex flex-col gap-3 sm:flex-row">
          <Button type="submit" disabled={blank || startConversation.isPending}>
            {startConversation.isPending ? 'Sending...' : 'Send Message'}
          </Button>
          <Button asChild variant="outline">
            <Link href={paths.messages}>
              <MessagesSquare aria-hidden="true" />
              View Messages
            </Link>
          </Button>
        </div>
      </form>
    </Form>
  );
}
