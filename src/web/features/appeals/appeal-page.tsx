import { type ReactNode, useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useForm, useWatch } from 'react-hook-form';
import { Link, useSearch } from 'wouter';
import { z } from 'zod';
import { type Appeal, APPEAL_MESSAGE_MAX, createAppealSchema, SANCTION_TEXTS } from '#shared/sanctions.js';
import { paths } from '#web/core/paths.js';
import { FormErrorAlert, showServerErrors } from '#web/components/form/server-errors.js';
import { Button } from '#web/components/ui/button.js';
import { CountedTextarea } from '#web/components/ui/counted-textarea.js';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card.js';
import { Form } from '#web/components/ui/form.js';
import { api, ApiError } from '#web/lib/api.js';
import { usePageMeta } from '#web/lib/use-page-meta.js';

const formSchema = z.object({ message: createAppealSchema.shape.message });
type FormInput = z.input<typeof formSchema>;
type FormOutput = z.output<typeof formSchema>;

function Frame({ children }: { children: ReactNode }) {
  return (
    <div className="mx-auto flex max-w-lg flex-col px-4 py-10 sm:py-16">
      <Card>
        <CardHeader>
          <CardTitle as="h1">{SANCTION_TEXTS.appealTitle}</CardTitle>
          <CardDescription className="text-base">{SANCTION_TEXTS.appealIntro}</CardDescription>
        </CardHeader>
        <CardContent className="space-y-6">{children}</CardContent>
      </Card>
    </div>
  );
}

function BackToSignIn() {
  return (
    <Button asChild variant="outline">
      <Link href={paths.login}>Back to sign in</Link>
    </Button>
  );
}

/** /appeal?token=…: a suspended person tells the team why the suspension should be lifted (decision 047). */
export default function AppealPage() {
  usePageMeta(SANCTION_TEXTS.appealTitle, 'Ask the Community Services Marketplace team to look again at the suspension of your account.');
  const token = new URLSearchParams(useSearch()).get('token') ?? '';
  const [refusal, setRefusal] = useState<string | null>(null);
  const send = useMutation({ mutationFn: (message: string) => api.post<Appeal>('/api/appeals', { token, message }) });
  const form = useForm<FormInput, unknown, FormOutput>({ resolver: zodResolver(formSchema), defaultValues: { message: '' } });
  const message = useWatch({ control: form.control, name: 'message' });
  const error = form.formState.errors.message?.message;

  if (!token) {
    return (
      <Frame>
        <p role="alert">{SANCTION_TEXTS.appealMissingToken}</p>
        <BackToSignIn />
      </Frame>
    );
  }
  if (send.isSuccess || refusal) {
    return (
      <Frame>
        <p role={refusal ? 'alert' : 'status'}>{refusal ?? SANCTION_TEXTS.appealSent}</p>
        <BackToSignIn />
      </Frame>
    );
  }

  function onSubmit(values: FormOutput) {
    send.mutate(values.message, {
      onError: (failure) => {
        // A spent, replaced or expired link, or a second appeal: nothing more to do on this page.
        if (failure instanceof ApiError && (failure.code === 'invalid_link' || failure.status === 409)) return setRefusal(failure.message);
        showServerErrors(form.setError, failure, ['message']);
      },
    });
  }

  return (
    <Frame>
      <Form {...form}>
        <form onSubmit={(event) => void form.handleSubmit(onSubmit)(event)} className="space-y-4" noValidate>
          <FormErrorAlert />
          <CountedTextarea
            label={SANCTION_TEXTS.appealLabel}
            length={message.length}
            limit={APPEAL_MESSAGE_MAX}
            error={error}
            rows={8}
            {...form.register('message')}
          />
          <Button type="submit" className="w-full" disabled={send.isPending}>
            {send.isPending ? 'Sending...' : SANCTION_TEXTS.appealSubmit}
          </Button>
        </form>
      </Form>
    </Frame>
  );
}
