import type { ComponentProps } from 'react';
import type { Participant } from '../../../../shared/messaging.js';
import { UserAvatar } from '../../../components/user-avatar.js';
import { participantName } from './participants.js';

export function ParticipantAvatar({ participant, ...props }: { participant: Participant } & Omit<ComponentProps<typeof UserAvatar>, 'user' | 'name'>) {
  return <UserAvatar user={participant} name={participantName(participant)} {...props} />;
}
