import type { ComponentProps } from 'react';
import type { Participant } from '#shared/messaging.js';
import { participantName } from '#web/components/participants.js';
import { UserAvatar } from '#web/components/user-avatar.js';

export function ParticipantAvatar({ participant, ...props }: { participant: Participant } & Omit<ComponentProps<typeof UserAvatar>, 'user' | 'name'>) {
  return <UserAvatar user={participant} name={participantName(participant)} {...props} />;
}
